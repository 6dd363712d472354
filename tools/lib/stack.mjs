// Brings a profile's whole stack up to the point where services can start:
// installation, infrastructure, database, migrations, compiled code.
import { build } from './build.mjs';
import { ensureDatabase, ensureInfrastructure } from './infra.mjs';
import { ensureInstalled } from './install.mjs';
import { migrate } from './migrate.mjs';
import { log } from './process.mjs';

export async function prepareStack(p, { freshDatabase = false } = {}) {
  ensureInstalled();
  const startedInfrastructure = await ensureInfrastructure(p);
  ensureDatabase(p, { fresh: freshDatabase });
  migrate(p);
  log('compiling apps and libs');
  await build();
  return startedInfrastructure;
}
