/** Sheaf's version, kept equal to package.json's by a test. */
export const SHEAF_VERSION = '0.1.0';
