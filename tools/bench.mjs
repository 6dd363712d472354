// `npm run bench`: every benchmark of the project; the last lines are one JSON object
// each, {"name","unit","value","baseline","baseline_value","ratio"} (contracts section 5).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { repoRoot } from './lib/profiles.mjs';

ensureInstalled();
await build();
const main = path.join(repoRoot, 'dist', 'apps', 'bench', 'src', 'main.js');
const result = spawnSync(process.execPath, ['--expose-gc', main, ...process.argv.slice(2)], { stdio: 'inherit', cwd: repoRoot });
process.exit(result.status ?? 1);
