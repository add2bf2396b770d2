import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HostProblemError, hostFail, hostOk, writeFailure, type HostProblem, type HostResult } from './host-problem.js';
import { redactUrl } from '../redact-url.js';

export interface DownloadLimits {
  /** Bytes of the archive as downloaded. */
  readonly maxBytes: number;
  /** Whole download, headers and body, in milliseconds. */
  readonly timeoutMs: number;
}

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = { maxBytes: 2 * 1024 ** 3, timeoutMs: 10 * 60_000 };

const NEW_BUNDLE = 'Generate a new bundle (POST /v1/static-export/jobs/{jobId}/bundle) and upgrade with the new link.';

/**
 * Streams the bundle at `link` into `target`. Only http(s); redirects are followed (fetch's own
 * limit of 20). Errors name the link through `redactUrl` only: the query is a presigned
 * signature and never reaches a log.
 */
export async function downloadBundle(link: string, target: string, limits: DownloadLimits = DEFAULT_DOWNLOAD_LIMITS, fetchImpl: typeof fetch = fetch): Promise<HostResult<{ bytes: number }>> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return hostFail('host/bad-url', 'The bundle link is not a valid URL.', 'Pass the bundleUrl returned by the bundle endpoint, quoted in the shell.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return hostFail('host/bad-url', `The bundle link must be http or https, not ${url.protocol.replace(/:$/, '')}.`);
  }
  const shown = redactUrl(link);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, redirect: 'follow', headers: { accept: 'application/gzip, application/zip, */*' } });
  } catch (error) {
    return networkFailure(error, shown, limits);
  }
  if (response.status !== 200) {
    const body = await readSome(response, 4096).catch(() => '');
    return statusFailure(response.status, body, shown);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, problem: tooLarge(shown, limits) };
  }
  if (!response.body) return hostFail('host/download-failed', `The bundle at ${shown} answered with an empty body.`, NEW_BUNDLE);
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) return callback(new HostProblemError(tooLarge(shown, limits)));
      callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), meter, createWriteStream(target, { mode: 0o600 }));
  } catch (error) {
    if (error instanceof HostProblemError) return { ok: false, problem: error.problem };
    const io = writeFailure(error, 'write the downloaded bundle');
    if (io) return { ok: false, problem: io };
    return networkFailure(error, shown, limits);
  }
  return hostOk({ bytes });
}

const tooLarge = (shown: string, limits: DownloadLimits): HostProblem => ({
  code: 'host/bundle-too-large',
  message: `The bundle at ${shown} is larger than ${limits.maxBytes} bytes.`,
  hint: 'Raise the size limit if the site is really this large.',
});

function statusFailure(status: number, body: string, shown: string): HostResult<never> {
  if (status === 403) {
    // S3 says `Request has expired`, R2 `ExpiredRequest`, Sheaf's service `expired`.
    const expired = /expired/i.test(body);
    return hostFail(
      'host/link-expired',
      expired
        ? `The bundle link has expired (HTTP 403 from ${shown}); generate a new bundle and upgrade.`
        : `The bundle link was refused (HTTP 403 from ${shown}): it has expired or was altered; generate a new bundle and upgrade.`,
      NEW_BUNDLE,
    );
  }
  if (status === 404 || status === 410) return hostFail('host/download-failed', `The bundle was not found (HTTP ${status} from ${shown}).`, NEW_BUNDLE);
  return hostFail('host/download-failed', `The bundle download failed (HTTP ${status} from ${shown}).`, 'Try again later; if it persists, generate a new bundle.');
}

function networkFailure(error: unknown, shown: string, limits: DownloadLimits): HostResult<never> {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return hostFail('host/download-timeout', `The bundle download from ${shown} took longer than ${limits.timeoutMs >= 1000 ? `${Math.round(limits.timeoutMs / 1000)} s` : `${limits.timeoutMs} ms`}.`, 'Check the network path to the storage, or raise the time limit.');
  }
  // Only the error code (ECONNREFUSED, ENOTFOUND, …): fetch's messages can quote the URL.
  const cause = error instanceof Error ? ((error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code) : undefined;
  return hostFail('host/download-failed', `Could not download the bundle from ${shown} (${typeof cause === 'string' ? cause : 'network error'}).`, 'Check that the storage host is reachable from here (DNS, proxy, firewall).');
}

async function readSome(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
}
