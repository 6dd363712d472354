import type { BrowserContext, Page } from 'puppeteer-core';
import { BrowserPool, type BrowserPoolOptions } from './browser-pool';

const signal = () => AbortSignal.timeout(20_000);
const pidOf = (page: Page) => page.browser().process()?.pid;
const newPool = (options: Partial<BrowserPoolOptions> = {}) =>
  new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 100, spares: 2, preparePage: (page) => page.setJavaScriptEnabled(false), ...options });

async function eventually(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 200) throw new Error('condition not met within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
