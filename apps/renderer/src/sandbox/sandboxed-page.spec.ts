import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObjectStorage } from '@embed/storage';
import { BrowserPool } from '../browser/browser-pool';
import { ROOMY_PAGES } from '../browser/testing/page-limits';
import { ResourceLoader } from './resource-loader';
import { lockDownPage, sandboxRequests } from './sandboxed-page';

// Raw HTML that no design could produce (the design schema refuses file: and scripts),
// to prove the browser itself is held back even if a design got past validation.
// Chromium on a busy two-core machine: launches can take seconds.
jest.setTimeout(60_000);

describe('sandboxed page', () => {
  const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 50, spares: 1, preparePage: lockDownPage, pages: ROOMY_PAGES });
  const loader = new ResourceLoader({} as ObjectStorage, 'http://gateway.test');
  let server: Server;
  let hits = 0;
  let base = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits++;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await pool.shutdown();
    server.close();
  });

  it('loads no file:, loopback or redirect target, runs no script and does not navigate away', async () => {
    const problems: string[] = [];
    const loaded: string[] = [];
    const html = [
      '<img id="passwd" src="file:///etc/passwd">',
      `<iframe src="file:///etc/passwd"></iframe><img src="${base}/direct.png">`,
      `<link rel="stylesheet" href="${base}/style.css">`,
      `<script>document.title = 'script ran'; fetch('${base}/from-script')</script>`,
      `<meta http-equiv="refresh" content="0;url=${base}/away">`,
    ].join('');
    const title = await pool.withPage(AbortSignal.timeout(15_000), async (page) => {
      sandboxRequests(page, loader, (problem) => problems.push(problem), AbortSignal.timeout(15_000));
      page.on('requestfinished', (request) => !request.url().startsWith('data:') && loaded.push(request.url()));
      await page.setContent(html, { waitUntil: 'load' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      return page.title();
    });
    expect(hits).toBe(0);
    expect(title).not.toBe('script ran');
    // Chromium itself refuses file: from a web page before any request is made; were it to
    // ask, the interception would refuse it (resource-loader.spec.ts). Either way nothing loads.
    expect(loaded).toEqual([]);
    expect(problems.join('\n')).toContain(`${base}/direct.png was not loaded: 127.0.0.1 is not a public address`);
  });

  it("ends with its job: a page kept for the tenant's next job answers that job's requests only", async () => {
    const [first, second]: string[][] = [[], []];
    await pool.withPage(AbortSignal.timeout(15_000), async (page) => {
      const end = sandboxRequests(page, loader, (problem) => first.push(problem), AbortSignal.timeout(15_000));
      await page.setContent(`<img src="${base}/first.png">`, { waitUntil: 'load' });
      end();
      const endSecond = sandboxRequests(page, loader, (problem) => second.push(problem), AbortSignal.timeout(15_000));
      await page.setContent(`<img src="${base}/second.png">`, { waitUntil: 'load' });
      endSecond();
    });
    expect(first).toEqual([expect.stringContaining('/first.png')]);
    expect(second).toEqual([expect.stringContaining('/second.png')]);
  });
});
