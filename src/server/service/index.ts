export { createServiceApp, resolveLimits, publicJob, DEFAULT_LIMITS, JOB_ID, type ServiceApp, type ServiceDeps, type ServiceEnv, type ServiceLimits } from './create-service-app.js';
export { createJobQueue, INTERRUPTED_REASON, jobFiles, type JobQueue, type JobQueueOptions } from './job-queue.js';
export { childProcessRunner, type ExportRunner, type ExportRunRequest, type ExportRunResult, type ExportProgress } from './export-runner.js';
export { createLinkSigner, loadSigningSecret, DEFAULT_LINK_TTL_SECONDS, MAX_LINK_TTL_SECONDS, type LinkSigner, type LinkVerdict } from './link-signer.js';
export { SERVICE_ERRORS, errorBody, type ServiceErrorCode, type ServiceErrorBody } from './service-error.js';
export { serviceOpenApiDocument } from './service-openapi.js';
export { jsonLineLog, silentLog, type ServiceLog } from './service-log.js';
export { startService, type StartServiceOptions, type RunningService } from './start-service.js';
