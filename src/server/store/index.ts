export { openStore, migrateStore, type ServiceStore, type OpenStoreOptions, type StoreResult, type StoreProblem, type JobPatch, type JobCondition } from './open-store.js';
export { openDatabase, StoreUnavailableError, type ServiceDb } from './open-database.js';
export { parseStoreLocation, describeStore, defaultStoreFile, type StoreLocation } from './store-location.js';
export { generateApiKey, hashApiKey, keyKindOf, ADMIN_KEY_PREFIX, ASSISTANT_KEY_PREFIX } from './api-key.js';
