import profiles from './local-profiles.json';

/**
 * Linux's default range of ports it gives outgoing connections
 * (/proc/sys/net/ipv4/ip_local_port_range). A local stack's server cannot listen on a port
 * a client socket holds: PostgreSQL, restarted right after a test run, once failed to bind
 * 54320 that way.
 */
const EPHEMERAL = { first: 32768, last: 60999 };

const ports = Object.entries(profiles).flatMap(([profile, { ports }]) => Object.entries(ports).map(([service, port]) => ({ profile, service, port })));

describe('the local stacks’ ports (local-profiles.json)', () => {
  it('lie outside the range Linux hands to outgoing connections', () => {
    expect(ports.filter(({ port }) => port >= EPHEMERAL.first && port <= EPHEMERAL.last)).toEqual([]);
  });

  it('are never shared, so that tests, benchmarks and npm start run side by side', () => {
    const owners = new Map<number, string[]>();
    for (const { profile, service, port } of ports) owners.set(port, [...(owners.get(port) ?? []), `${profile}.${service}`]);
    expect([...owners.values()].filter((names) => names.length > 1)).toEqual([]);
  });
});
