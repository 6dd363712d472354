import { repoRoot } from './profiles.mjs';
import { log, run } from './process.mjs';

/**
 * Applies prisma/migrations to the profile's database (offline: see prisma/README.md), or
 * those in `migrationsDir`, a folder of the same shape (the upgrade test's past release).
 */
export function migrate(p, { migrationsDir } = {}) {
  log('applying database migrations');
  run('npx', ['--no-install', 'prisma', 'migrate', 'deploy'], {
    cwd: repoRoot,
    quiet: true,
    env: { ...process.env, DATABASE_URL: p.env.DATABASE_URL, ...(migrationsDir ? { EMBED_MIGRATIONS_DIR: migrationsDir } : {}) },
  });
}
