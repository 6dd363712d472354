import { BrowserPool } from './browser-pool';

const signal = () => AbortSignal.timeout(20_000);
const pid = (pool: BrowserPool) => pool.currentBrowser?.process()?.pid;

// A real Chromium: these are about replacing it, so each test starts its own pool.
// Chromium on a busy two-core machine: launches can take seconds.
jest.setTimeout(60_000);

describe('BrowserPool', () => {
  it('keeps one browser across jobs and replaces it after its quota of jobs', async () => {
    const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 2 });
    try {
      await pool.withContext(signal(), async () => undefined);
      const first = pid(pool);
      await pool.withContext(signal(), async () => undefined);
      await pool.withContext(signal(), async () => undefined);
      expect(pid(pool)).not.toBe(first);
      expect(pool.running).toBe(1);
    } finally {
      await pool.shutdown();
    }
  });

  it('gives each job its own context, and launches a new browser after a crash', async () => {
    const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 100 });
    try {
      await pool.withContext(signal(), async (context) => {
        await (await context.newPage()).setContent('<p>a</p>');
        // The default context and this job's own.
        expect(context.browser().browserContexts().length).toBe(2);
      });
      const crashed = pool.currentBrowser!;
      crashed.process()!.kill('SIGKILL');
      await new Promise((resolve) => crashed.once('disconnected', resolve));
      await expect(pool.withContext(signal(), async (context) => (await context.newPage()).evaluate('1 + 1'))).resolves.toBe(2);
      expect(pool.currentBrowser).not.toBe(crashed);
    } finally {
      await pool.shutdown();
    }
  });

  it('fails a job at its deadline and kills a browser that does not let go of it', async () => {
    const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', jobsPerBrowser: 100 });
    try {
      const deadline = new AbortController();
      const hung = pool.withContext(deadline.signal, () => new Promise(() => undefined));
      setTimeout(() => deadline.abort(new Error('deadline')), 200);
      await expect(hung).rejects.toThrow('deadline');
      await expect(pool.withContext(signal(), async () => 'next')).resolves.toBe('next');
    } finally {
      await pool.shutdown();
    }
  });
});
