// Worker thread of the fuzz suite: loads the TypeScript runner through tsx (the worker runs
// outside vitest's transform), which then answers one case per message.
import { tsImport } from 'tsx/esm/api';

await tsImport('./fuzz-runner.ts', import.meta.url);
