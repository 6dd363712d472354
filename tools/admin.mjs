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
// Aimed at the `npm start` stack (no DATABASE_URL given), it is a local stack's command.
const env = process.env.DATABASE_URL ? process.env : { ...process.env, EMBED_LOCAL_STACK: '1' };
const result = spawnSync(process.execPath, [main, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
