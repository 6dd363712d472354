// `npm run -s admin -- <command>`: the admin command line, against the `npm start`
// stack unless DATABASE_URL says otherwise. Only the command's JSON goes to stdout.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from './lib/build.mjs';
import { ensureNodeModules, ensurePrismaClient } from './lib/install.mjs';
import { repoRoot } from './lib/profiles.mjs';

ensureNodeModules();
ensurePrismaClient();
await build();
const main = path.join(repoRoot, 'dist', 'apps', 'admin', 'src', 'main.js');
const result = spawnSync(process.execPath, [main, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
