import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ObjectStorage } from '@embed/storage';
import { ResourceLoader } from './resource-loader';
import { safeFetch } from './safe-fetch';

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

  it('reads the images the renderer adds from their files, and only names of its own', async () => {
    const loader = new ResourceLoader({} as ObjectStorage, 'http://127.0.0.1:3000/');
    const icon = await loader.load('http://127.0.0.1:3000/editor/v1/app/assets/social-v1-facebook.png');
    expect([icon.status, icon.contentType, icon.body.subarray(1, 4).toString()]).toEqual([200, 'image/png', 'PNG']);
    expect((await loader.load('http://127.0.0.1:3000/editor/v1/app/assets/social-v1-nowhere.png')).status).toBe(404);
    await expect(loader.load('http://127.0.0.1:3000/editor/v1/app/assets/..%2F..%2Fsecret.png')).rejects.toThrow(/not an image the renderer adds/);
    await expect(loader.load('http://127.0.0.1:3000/editor/v1/app/assets/main-ABC.js')).rejects.toThrow(/not an image the renderer adds/);
  });
});
