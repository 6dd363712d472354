// Where the local stack's PostgreSQL, Redis, NATS and browser come from on this machine.
// A pure decision over facts that install.mjs gathers, so that the cases of CI's Debian
// box, a Mac with Homebrew, a Mac with Docker and a bare machine are tested as data.

/** What the stack runs locally, and how a person gets each one. */
export const NEEDS = {
  postgres: { what: 'PostgreSQL 15+ (initdb, pg_ctl)', debian: 'postgresql', brew: 'postgresql@15' },
  redis: { what: 'Redis 7 (redis-server)', debian: 'redis-server', brew: 'redis' },
  nats: { what: 'NATS server 2.9+ (nats-server)', debian: 'nats-server', brew: 'nats-server' },
  chromium: { what: 'Chromium or Google Chrome (PDF and PNG exports)', debian: 'chromium', brew: '--cask chromium' },
};

/** The parts of NEEDS that docker-compose.yml can run instead (the browser stays local). */
export const IN_CONTAINERS = ['postgres', 'redis', 'nats'];

/**
 * @param {{
 *   apt: boolean,
 *   found: Record<keyof NEEDS, string | null>,
 *   docker?: { cli: boolean, engine: boolean, compose: boolean },
 * }} facts `found` holds each binary's path, or null; `docker` may be left out when not asked.
 * @returns {{ infrastructure: 'apt' | 'local' | 'docker', chromium: string | null } | { error: string }}
 *   `apt`: install what is missing with apt-get, then run local processes (Debian, CI);
 *   `local`: run the binaries found; `docker`: PostgreSQL, Redis and NATS in containers.
 */
export function planInfrastructure({ apt, found, docker }) {
  if (apt) return { infrastructure: 'apt', chromium: found.chromium };
  const missing = Object.keys(NEEDS).filter((need) => !found[need]);
  if (missing.length === 0) return { infrastructure: 'local', chromium: found.chromium };
  const dockerWorks = Boolean(docker?.engine && docker.compose);
  if (dockerWorks && found.chromium) return { infrastructure: 'docker', chromium: found.chromium };
  return { error: explain(missing, docker) };
}

function brewCommands(missing) {
  const formulae = missing.map((need) => NEEDS[need].brew).filter((name) => !name.startsWith('--'));
  const casks = missing.map((need) => NEEDS[need].brew).filter((name) => name.startsWith('--'));
  return [...(formulae.length ? [formulae] : []), ...casks.map((cask) => [cask])].map((names) => `brew install ${names.join(' ')}`).join('; ');
}

function explain(missing, docker) {
  const dockerNote = !docker?.cli
    ? 'Docker is not installed.'
    : !docker.engine
      ? 'Docker is installed but its engine does not answer (`docker info` failed): start Docker Desktop or the docker service.'
      : !docker.compose
        ? 'Docker answers but has no compose plugin (`docker compose version` failed).'
        : 'Docker works, but it does not replace the browser.';
  const lines = [
    'This machine has no apt-get, so `npm start` cannot install what the stack runs on. Missing:',
    ...missing.map((need) => `  - ${NEEDS[need].what}`),
    'Two ways out:',
    `  1. Install them and put them on the PATH, e.g. with Homebrew: ${brewCommands(missing)}`,
    `  2. Install Docker with its compose plugin (Docker Desktop): PostgreSQL, Redis and NATS then run in containers from docker-compose.yml.${missing.includes('chromium') ? ' Chromium or Chrome is needed either way (set CHROMIUM_PATH if it is not found).' : ''}`,
    dockerNote,
  ];
  return lines.join('\n');
}
