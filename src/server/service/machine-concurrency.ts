import os from 'node:os';

/** The share of the machine's memory that builds may take together. */
const MEMORY_SHARE = 0.75;

export interface Machine {
  /** Cores Node may run on (`os.availableParallelism()`). */
  readonly cores: number;
  /** Bytes (`os.totalmem()`). */
  readonly memoryBytes: number;
}

export const thisMachine = (): Machine => ({ cores: os.availableParallelism(), memoryBytes: os.totalmem() });

/**
 * Builds at once that the machine can take: one per core (an export is one process, busy on one
 * core), and no more than fit in three quarters of the memory at `jobMemoryMb` each; at least one.
 */
export function machineConcurrency(jobMemoryMb: number, machine: Machine = thisMachine()): number {
  const byMemory = Math.floor((machine.memoryBytes * MEMORY_SHARE) / (jobMemoryMb * 1024 * 1024));
  return Math.max(1, Math.min(machine.cores, byMemory, 64));
}
