// @lane shared
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, editorSession, exampleDesign, newProject, saveDesign } from './support/api';

/**
 * Designs come from untrusted people: while the renderer makes a file, it must reach
 * nothing but public addresses. This machine has no internet, so the blocking is proven
 * with local and reserved addresses; the allowed path is a unit test of the address
 * rule (apps/renderer/src/files/resource-loader.spec.ts).
 */
describe('the file sandbox', () => {
  let server: Server;
  const hits: string[] = [];
  let port = 0;

  beforeAll(async () => {
    // Stands in for an internal service; its /redirect answers with a hop to loopback.
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') return void response.writeHead(302, { location: `http://127.0.0.1:${port}/internal` }).end();
      response.writeHead(200, { 'content-type': 'image/png' }).end('internal');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  const targets = () => [
    `http://127.0.0.1:${port}/loopback.png`,
    `http://localhost:${port}/redirect`,
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://10.1.2.3/private.png',
    'http://192.168.0.10/private.png',
    `http://[::ffff:127.0.0.1]:${port}/mapped.png`,
    `http://[::1]:${port}/v6-loopback.png`,
  ];

  function designPointingAt(addresses: string[]) {
    const doc = exampleDesign('email');
    const template = doc.body.rows[0].columns[0].blocks.find((block: { type: string }) => block.type === 'image');
    doc.body.rows[0].columns[0].blocks = addresses.map((src) => ({ ...template, src, alt: 'probe' }));
    return doc;
  }

  it.each(['pdf', 'png', 'zip'])('a %s reaches no loopback, private, link-local, metadata or mapped address', async (format) => {
    hits.length = 0;
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'mallory', 'Probe', designPointingAt(targets()));
    const answer = await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'mallory' }, format } });
    expect(answer.status).toBe(200);
    expect(hits).toEqual([]);
    const warnings = answer.body.warnings.join('\n');
    for (const blocked of ['127.0.0.1', '169.254.169.254', '10.1.2.3', '192.168.0.10', '::ffff:7f00:1', '::1']) expect(warnings).toContain(`${blocked} is not a public address`);
    expect(warnings).toMatch(/localhost resolves to \S+, which is not a public address/);
  });

  it('the design schema already refuses file: and other schemes, before any renderer sees them', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'mallory');
    const refused = await editor('POST', '/designs', { body: { name: 'Probe', doc: designPointingAt(['file:///etc/passwd']) } });
    expect(refused.status).toBe(400);
  });
});
