// The baseline of the file-export benchmark, in a process of its own: what a competent
// engineer would run to print one HTML design to PDF or PNG. `warm` jobs share one
// Chromium launched at start, each on a new page (closed after); `fresh` jobs launch a
// Chromium of their own and close it after, the naive way. Both print with our options
// and write the file to disk, as our renderer stores it. Requests come over IPC, each
// with an id and answered once with it ({id} or {id, error}): `ready`, `html` (the design
// to print, once), then `print` jobs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export interface PrintJob {
  format: 'pdf' | 'png';
  browser: 'warm' | 'fresh';
}

export type PrinterRequest = { kind: 'ready' } | { kind: 'html'; html: string } | ({ kind: 'print' } & PrintJob);

// The flags of the environment notes (shared/notes/environment.md).
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const launch = () => puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ARGS, headless: true });

async function print(browser: Browser, html: string, job: PrintJob, file: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 600, height: 800 });
    await page.setContent(html, { waitUntil: 'load' });
    const bytes =
      job.format === 'pdf'
        ? await page.pdf({ printBackground: true, preferCSSPageSize: true, format: 'A4', margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' } })
        : await page.screenshot({ type: 'png', fullPage: true, captureBeyondViewport: true });
    writeFileSync(file, bytes);
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-printer-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  process.once('SIGTERM', () => process.exit(0));
  // A benchmark that ends, however it ends, takes its baseline with it.
  process.once('disconnect', () => process.exit(0));
  // Launched at once; `ready` is answered when it is up.
  const warm = launch();
  let html = '';
  let files = 0;
  const handle = async (request: PrinterRequest): Promise<void> => {
    if (request.kind === 'ready') await warm;
    if (request.kind === 'html') html = request.html;
    if (request.kind !== 'print') return;
    const file = path.join(dir, `${files++}.${request.format}`);
    if (request.browser === 'warm') return print(await warm, html, request, file);
    const fresh = await launch();
    await print(fresh, html, request, file).finally(() => fresh.close());
  };
  process.on('message', ({ id, ...request }: { id: number } & PrinterRequest) =>
    void handle(request).then(
      () => process.send?.({ id }),
      (error: unknown) => process.send?.({ id, error: String(error) }),
    ),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`chromium printer failed: ${String(error)}\n`);
  process.exit(1);
});
