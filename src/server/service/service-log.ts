/**
 * The service's logger: one event with a short message and plain fields. Callers never pass
 * headers, keys or signatures; `jsonLineLog` writes one JSON object per line.
 */
export type ServiceLog = (level: 'info' | 'warn' | 'error', message: string, fields?: Readonly<Record<string, unknown>>) => void;

export function jsonLineLog(write: (line: string) => void, clock: () => number): ServiceLog {
  return (level, message, fields) => write(JSON.stringify({ time: new Date(clock()).toISOString(), level, message, ...fields }) + '\n');
}

export const silentLog: ServiceLog = () => {};
