// Brings a profile's whole stack up to the point where services can start:
// installation, infrastructure, database, migrations, compiled code.
import { build } from './build.mjs';
import { ensureDatabase, ensureInfrastructure } from './infra.mjs';
import { ensureInstalled } from './install.mjs';
import { migrate } from './migrate.mjs';
import { log } from './process.mjs';

/** `started` receives each infrastructure server this call starts, so a caller interrupted midway can stop them. */
export async function prepareStack(p, { freshDatabase = false, started = [], compile = true } = {}) {
  ensureInstalled();
  const startedInfrastructure = await ensureInfrastructure(p, started);
  await ensureDatabase(p, { fresh: freshDatabase });
  migrate(p);
  if (compile) {
    log('compiling apps and libs');
    await build();
  }
  return startedInfrastructure;
}
