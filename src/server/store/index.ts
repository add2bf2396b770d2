export { openStore, type ServiceStore, type OpenStoreOptions, type StoreResult, type StoreProblem, type JobPatch } from './open-store.js';
export { applyMigrations, type Migration } from './migrations.js';
export { generateApiKey, hashApiKey, keyKindOf, ADMIN_KEY_PREFIX, ASSISTANT_KEY_PREFIX } from './api-key.js';
