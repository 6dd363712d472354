import path from 'node:path';

/** Where the e2e run records its service processes, for tests that stop and restart them. */
export const stackStateFile = (p) => path.join(p.dataDir, 'e2e-stack.json');
