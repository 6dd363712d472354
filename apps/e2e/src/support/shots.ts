import path from 'node:path';
import { repoRoot } from './stack';

/**
 * Where a test file keeps what Chromium showed, to be looked at: E2E_SHOTS/<topic> when the
 * run names a folder, else .local/shots/<topic> in the repository (ignored by git).
 * Playwright makes the folder on the first screenshot.
 */
export const shotsFolder = (topic: string): string => path.join(process.env.E2E_SHOTS ?? path.join(repoRoot, '.local', 'shots'), topic);
