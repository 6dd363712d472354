import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ObjectStorage } from '@embed/storage';
import { publicOnlyLookup, urlProblem } from './address-guard';
import { ResourceLoader } from './resource-loader';
import { safeFetch } from './safe-fetch';

describe('urlProblem', () => {
  it.each([
    ['file:///etc/passwd', 'file: addresses are not loaded'],
    ['ftp://example.com/x', 'ftp: addresses are not loaded'],
    ['chrome://settings', 'chrome: addresses are not loaded'],
    ['http://127.0.0.1/x', '127.0.0.1 is not a public address'],
    ['http://2130706433/x', '127.0.0.1 is not a public address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address'],
    ['http://192.168.1.10/x', '192.168.1.10 is not a public address'],
    ['http://[::1]/x', '::1 is not a public address'],
    ['http://[::ffff:10.0.0.1]/x', '::ffff:a00:1 is not a public address'],
    ['https://user:pw@example.com/x', 'addresses with a user name or password are not loaded'],
  ])('refuses %s', (address, problem) => {
    expect(urlProblem(new URL(address))).toBe(problem);
  });

  it('lets a public address through (the allowed path, which this machine cannot reach)', () => {
    expect(urlProblem(new URL('https://93.184.216.34/logo.png'))).toBeNull();
    expect(urlProblem(new URL('https://cdn.example.com/logo.png'))).toBeNull();
  });
});

describe('publicOnlyLookup', () => {
  const lookup = (host: string) =>
    new Promise<string>((resolve, reject) => publicOnlyLookup(host, {}, (error, address) => (error ? reject(error) : resolve(String(address)))));

  it('refuses a name that resolves to loopback', async () => {
    await expect(lookup('localhost')).rejects.toThrow(/localhost resolves to .* which is not a public address/);
  });
});

describe('safeFetch and ResourceLoader', () => {
  let server: Server;
  let hits: string[] = [];
  let base = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.writeHead(302, { location: 'http://127.0.0.1:9/secret' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => (hits = []));

  it('does not connect to a host named for a loopback address', async () => {
    await expect(safeFetch(`${base}/redirect`)).rejects.toThrow(/not a public address/);
    expect(hits).toEqual([]);
  });

  it('reads an uploaded image from storage instead of the network, and only images', async () => {
    const key = 'images/prj_1/test/psn_1/img_1.png';
    const storage = {
      get: async (asked: string) => (asked === key ? { body: Readable.from([Buffer.from('png')]), contentType: 'image/png', bytes: 3 } : null),
    } as unknown as ObjectStorage;
    const loader = new ResourceLoader(storage, 'http://127.0.0.1:3000/');
    await expect(loader.load(`http://127.0.0.1:3000/files/v1/${key}`)).resolves.toEqual({ status: 200, contentType: 'image/png', body: Buffer.from('png') });
    await expect(loader.load('http://127.0.0.1:3000/files/v1/exports/prj_1/test/psn_1/exp_1.pdf')).rejects.toThrow(/not an uploaded image/);
    await expect(loader.load('http://127.0.0.1:3000/other')).rejects.toThrow(/not a public address/);
  });
});
