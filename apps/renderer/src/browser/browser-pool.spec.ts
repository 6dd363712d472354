import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer-core';
import { BrowserPool, type BrowserPoolOptions } from './browser-pool';
import { eventually } from './testing/eventually';
import { metricValue } from './testing/metric-value';
import { ROOMY_PAGES } from './testing/page-limits';

const signal = () => AbortSignal.timeout(20_000);
const pidOf = (page: Page) => page.browser().process()?.pid;
const newPool = (options: Partial<BrowserPoolOptions> = {}) =>
  new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 100, spares: 2, preparePage: (page) => page.setJavaScriptEnabled(false), pages: ROOMY_PAGES, ...options });

// A real Chromium: these are about replacing it, so each test starts its own pool.
// Chromium on a busy two-core machine: launches can take seconds.
jest.setTimeout(60_000);

describe('BrowserPool', () => {
  it('hands each job a page prepared ahead in a context of its own, never reused, and prepares the next', async () => {
    const pool = newPool();
    try {
      await pool.warm();
      const browser = pool.currentBrowser!;
      const spares = browser.browserContexts().slice(1);
      // The default context and the two spares.
      expect(spares.length).toBe(2);
      const used: BrowserContext[] = [];
      for (let job = 0; job < 4; job++) {
        await pool.withPage(signal(), async (page) => {
          expect({ javaScript: page.isJavaScriptEnabled(), url: page.url() }).toEqual({ javaScript: false, url: 'about:blank' });
          used.push(page.browserContext());
          await page.setContent(`<p>job ${job}</p>`);
        });
      }
      expect(used.slice(0, 2)).toEqual(spares);
      expect(new Set(used).size).toBe(4);
      await eventually(() => used.every((context) => context.closed));
      await eventually(() => browser.browserContexts().length === 3);
    } finally {
      await pool.shutdown();
    }
  });

  it("gives a tenant's page to that tenant's next job only, each job loading its own design into it", async () => {
    const pool = newPool();
    try {
      const used: BrowserContext[] = [];
      const job = (tenant: string, text: string) =>
        pool.withPage(
          signal(),
          async (page) => {
            used.push(page.browserContext());
            expect(page.isJavaScriptEnabled()).toBe(false);
            await page.setContent(`<p>${text}</p>`);
            return page.$eval('p', (p) => p.textContent);
          },
          tenant,
        );
      expect(await job('project-a/test', 'a1')).toBe('a1');
      expect(await job('project-a/test', 'a2')).toBe('a2');
      expect(await job('project-b/test', 'b1')).toBe('b1');
      expect(await job('project-a/live', 'a3')).toBe('a3');
      expect(await job('project-a/test', 'a4')).toBe('a4');
      expect(used[1]).toBe(used[0]);
      expect(used[4]).toBe(used[0]);
      expect(new Set([used[0], used[2], used[3]]).size).toBe(3);
    } finally {
      await pool.shutdown();
    }
  });

  it('never has more than `pages.total` pages open in Chromium, nor more than `perTenant` kept for one tenant, for jobs of many tenants', async () => {
    const pool = newPool({ spares: 1, pages: { ...ROOMY_PAGES, total: 3, perTenant: 1 } });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, pool.openPages, (pool.currentBrowser?.browserContexts().length ?? 1) - 1)), 5);
    try {
      const used: Record<string, BrowserContext[]> = {};
      const job = (tenant: string) => pool.withPage(signal(), async (page) => void (used[tenant] ??= []).push(page.browserContext()), tenant);
      for (let round = 0; round < 3; round++) {
        // Two jobs of tenants at once, as the scheduler's two slots run them.
        for (let n = 0; n < 6; n += 2) await Promise.all([job(`t${n}`), job(`t${n + 1}`)]);
      }
      // A tenant's next job finds the page its last one kept, though every slot is taken. (Not
      // always the page of the last round: a page that ends its job while another waits for a
      // slot leaves that slot to it, and the last two jobs may end either way round.)
      await job('t5');
      await job('t5');
      expect(used['t5'].at(-1)).toBe(used['t5'].at(-2));
      // The oldest kept pages went to make room.
      expect(used['t0'][1]).not.toBe(used['t0'][0]);
      await eventually(() => pool.openPages <= 3);
      expect(most).toBeLessThanOrEqual(3);
    } finally {
      clearInterval(watch);
      await pool.shutdown();
    }
  });

  it('closes a kept page after its share of jobs, and one whose job failed', async () => {
    const pool = newPool({ pages: { ...ROOMY_PAGES, jobsPerPage: 2 } });
    try {
      const used: BrowserContext[] = [];
      const job = () => pool.withPage(signal(), async (page) => void used.push(page.browserContext()), 'project-a/test');
      for (let n = 0; n < 3; n++) await job();
      expect(used[1]).toBe(used[0]);
      expect(used[2]).not.toBe(used[0]);
      await eventually(() => used[0].closed);
      await expect(pool.withPage(signal(), async (page) => (used.push(page.browserContext()), Promise.reject(new Error('broken'))), 'project-a/test')).rejects.toThrow('broken');
      expect(used[3]).toBe(used[2]);
      await eventually(() => used[2].closed);
      await job();
      expect(used[4]).not.toBe(used[2]);
    } finally {
      await pool.shutdown();
    }
  });

  it('replaces the browser after its quota of contexts, spares included, and closes the old one', async () => {
    const pool = newPool({ jobsPerBrowser: 2, spares: 1 });
    try {
      const pids: (number | undefined)[] = [];
      for (let job = 0; job < 3; job++) await pool.withPage(signal(), async (page) => void pids.push(pidOf(page)));
      expect(pids[1]).toBe(pids[0]);
      expect(pids[2]).not.toBe(pids[0]);
      await eventually(() => pool.running === 1);
    } finally {
      await pool.shutdown();
    }
  });

  it('serves the next job from a new browser after a crash, its dead spares set aside', async () => {
    const pool = newPool();
    try {
      await pool.warm();
      const crashed = pool.currentBrowser!;
      crashed.process()!.kill('SIGKILL');
      await new Promise((resolve) => crashed.once('disconnected', resolve));
      await expect(pool.withPage(signal(), async (page) => [page.browser() === crashed, await page.evaluate('1 + 1')])).resolves.toEqual([false, 2]);
    } finally {
      await pool.shutdown();
    }
  });

  it('gives up a Chromium that has not started within 10 s, stops it, and starts another for the next job', async () => {
    // Started once, it never answers on its pipe, as a Chromium killed while Puppeteer attached to it leaves the launch.
    const dir = mkdtempSync(path.join(tmpdir(), 'silent-chromium-'));
    const executablePath = path.join(dir, 'chromium');
    writeFileSync(executablePath, `#!/bin/sh\nif mkdir "$0.started" 2>/dev/null; then echo $$ > "$0.pid"; exec sleep 600; fi\nexec /usr/bin/chromium "$@"\n`, { mode: 0o755 });
    const pool = newPool({ executablePath });
    const alive = (pid: number) => {
      try {
        return process.kill(pid, 0);
      } catch {
        return false;
      }
    };
    const hung = () => metricValue('embed_renderer_browser_restarts_total', { reason: 'hung' });
    const hungBefore = await hung();
    try {
      await expect(pool.withPage(signal(), async () => 'first')).rejects.toThrow('it did not start within 10000 ms');
      expect(await hung()).toBe(hungBefore + 1);
      const silent = Number(readFileSync(`${executablePath}.pid`, 'utf8'));
      await eventually(() => !alive(silent));
      await expect(pool.withPage(signal(), async (page) => page.evaluate('1 + 1'))).resolves.toBe(2);
    } finally {
      await pool.shutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a job at its deadline and still serves the next one', async () => {
    const pool = newPool();
    try {
      const deadline = new AbortController();
      const hung = pool.withPage(deadline.signal, () => new Promise(() => undefined));
      setTimeout(() => deadline.abort(new Error('deadline')), 200);
      await expect(hung).rejects.toThrow('deadline');
      await expect(pool.withPage(signal(), async () => 'next')).resolves.toBe('next');
    } finally {
      await pool.shutdown();
    }
  });

  it('leaves no browser behind when shut down while it warms up', async () => {
    const pool = newPool();
    const warming = pool.warm();
    await pool.shutdown();
    await warming;
    expect(pool.running).toBe(0);
    await expect(pool.withPage(signal(), async () => 'late')).rejects.toThrow(/shut down/);
  });
});
