// The local stacks: `npm start`, `npm test` and `npm run bench` use different ports and data
// folders so that tests and benchmarks never touch a developer's running stack.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const profiles = JSON.parse(readFileSync(path.join(repoRoot, 'libs/config/src/local-profiles.json'), 'utf8'));

/**
 * @param {string} name one of local-profiles.json: start, test, bench, or the extra test profiles.
 * A disposable profile's data is recreated by every run (the test profiles), so its
 * PostgreSQL may trade durability for speed; the others keep data across a power cut.
 * `apart`: the profile whose stack `npm test` runs the serial end-to-end files on, beside
 * this one's (none: after the shared files, on this one).
 */
export function profile(name) {
  const { database, ports, disposable = false, apart = null } = profiles[name];
  const dataDir = path.join(repoRoot, '.local', name);
  return {
    name,
    ports,
    disposable,
    apart,
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    baseUrl: `http://127.0.0.1:${ports.http}`,
    env: {
      // The services take the development defaults and public secrets on a local stack only.
      EMBED_LOCAL_STACK: '1',
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${ports.postgres}/${database}`,
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      NATS_URL: `nats://127.0.0.1:${ports.nats}`,
      HTTP_PORT: String(ports.http),
      // Each profile keeps its files apart; links to them start with its gateway's address.
      STORAGE_DIR: path.join(dataDir, 'storage'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports.http}`,
      // The gateway's home page links the demo site `npm start` serves beside the stack.
      EDITOR_DEMO_URL: `http://localhost:${ports.demo}`,
    },
    database,
  };
}
