import { repoRoot } from './profiles.mjs';
import { log, run } from './process.mjs';

/** Applies prisma/migrations to the profile's database (offline: see prisma/README.md). */
export function migrate(p) {
  log('applying database migrations');
  run('npx', ['--no-install', 'prisma', 'migrate', 'deploy'], {
    cwd: repoRoot,
    quiet: true,
    env: { ...process.env, DATABASE_URL: p.env.DATABASE_URL },
  });
}
