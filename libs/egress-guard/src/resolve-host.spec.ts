import { createSocket, type Socket } from 'node:dgram';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';
import { dnsClient, HostResolver } from './resolve-host';

/** A DNS server on loopback: it answers from `records`, says NXDOMAIN for other names, or never answers at all. */
async function dnsServer(records: Record<string, { A?: string[]; AAAA?: string[] }> | 'silent'): Promise<{ address: string; socket: Socket; queries: string[] }> {
  const socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (message, from) => {
    const query = packet.decode(message);
    queries.push(`${query.questions?.[0].type} ${query.questions?.[0].name}`);
    if (records === 'silent') return;
    const [question] = query.questions ?? [];
    const known = records[question.name];
    const data = question.type === 'A' || question.type === 'AAAA' ? (known?.[question.type] ?? []) : [];
    const answer = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: query.questions,
      answers: data.map((address) => ({ type: question.type as 'A', name: question.name, ttl: 60, data: address })),
    });
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${(socket.address() as AddressInfo).port}`, socket, queries };
}

describe('HostResolver', () => {
  const servers: Socket[] = [];
  let queries: string[] = [];
  const resolverOf = async (records: Parameters<typeof dnsServer>[0]) => {
    const server = await dnsServer(records);
    servers.push(server.socket);
    queries = server.queries;
    return new HostResolver(dnsClient([server.address]));
  };
  afterAll(() => servers.forEach((socket) => socket.close()));

  it('answers every IPv4 and IPv6 address of a name', async () => {
    const resolver = await resolverOf({ 'cdn.shop.example': { A: ['93.184.216.34'], AAAA: ['2606:2800:220:1::1'] } });
    await expect(resolver.resolve('cdn.shop.example')).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('answers the addresses of one family when the name has no record of the other', async () => {
    const resolver = await resolverOf({ 'v6.shop.example': { AAAA: ['2606:2800:220:1::1'] } });
    await expect(resolver.resolve('v6.shop.example')).resolves.toEqual([{ address: '2606:2800:220:1::1', family: 6 }]);
  });

  it('fails with ENOTFOUND for a name the server does not know', async () => {
    const resolver = await resolverOf({});
    await expect(resolver.resolve('no-such-host.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('answers loopback for localhost names without asking the server', async () => {
    const resolver = await resolverOf('silent');
    for (const name of ['localhost', 'LOCALHOST.', 'app.localhost']) {
      await expect(resolver.resolve(name)).resolves.toEqual([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
    }
  });

  it('gives up on a server that never answers, and holds no thread of the pool the file system needs meanwhile', async () => {
    const resolver = await resolverOf('silent');
    const order: string[] = [];
    // getaddrinfo would hold all four of libuv's threads with these, and the file read would wait for them.
    const lookups = Array.from({ length: 8 }, (_, i) =>
      resolver.resolve(`image-${i}.shop.example`).then(
        () => order.push('resolved'),
        (error: NodeJS.ErrnoException) => order.push(error.code ?? 'failed'),
      ),
    );
    await readFile(__filename).then(() => order.push('file read'));
    await Promise.all(lookups);
    expect(order[0]).toBe('file read');
    expect(new Set(order.slice(1))).toEqual(new Set(['ETIMEOUT']));
  });

  it('asks once for a name looked up by many at the same moment, and remembers for a while that it failed', async () => {
    const resolver = await resolverOf('silent');
    const lookups = Array.from({ length: 5 }, () => resolver.resolve('cdn.shop.example'));
    await Promise.all(lookups.map((lookup) => expect(lookup).rejects.toMatchObject({ code: 'ETIMEOUT' })));
    const asked = queries.length;
    expect(new Set(queries)).toEqual(new Set(['A cdn.shop.example', 'AAAA cdn.shop.example']));
    await expect(resolver.resolve('CDN.shop.example.')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    expect(queries.length).toBe(asked);
  });
});
