import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { type Benchmark, line } from './benchmark';
import { interleavedTimings } from './interleave';
import { benchStack, throughput } from './stack';

/** Measured exports of each kind, ours and the baseline's, interleaved. */
const RUNS = 20;
/** Unmeasured pairs first: the pool's pages, the caches and the JIT warm up. */
const WARMUP = 3;
/** Quiet time before each measured export: our pool opens its next page after a job, and that must not slow the baseline's run. */
const SETTLE_MS = 1_500;
/** Exports in flight while measuring what one renderer sustains: more than its 2 browser slots, so its queue stays full. */
const CONCURRENCY = 4;
const SECONDS = 15;
// The flags of the environment notes: what a naive per-file launch uses.
const NAIVE_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

type Format = 'pdf' | 'png';

async function post(url: string, key: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The email example saved by a person of a fresh email project. */
async function seed(baseUrl: string) {
  const admin = path.join(__dirname, '..', '..', 'admin', 'src', 'main.js');
  const created = spawnSync(process.execPath, [admin, 'project', 'create', '--name', 'bench files', '--mode', 'email'], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(created.stderr);
  const key = JSON.parse(created.stdout).keys.test.secret as string;
  const origin = 'http://localhost:8080';
  const { token } = (await post(`${baseUrl}/embed/v1/tokens`, key, { user: { id: 'bench-files' }, origin })) as { token: string };
  const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8'));
  const response = await fetch(`${baseUrl}/editor/v1/designs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench email', doc }),
  });
  const design = (await response.json()) as { id: string };
  return { key, exportUrl: `${baseUrl}/embed/v1/designs/${design.id}/export` };
}

/**
 * The usual naive approach, same input and output: the design's HTML from the same
 * stack (an `html` export), then a fresh Chromium launched for the file, closed after.
 */
async function naiveExport(exportUrl: string, key: string, format: Format): Promise<void> {
  const { html } = (await post(exportUrl, key, { user: { id: 'bench-files' } })) as { html: string };
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: NAIVE_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 600, height: 800 });
    await page.setContent(html, { waitUntil: 'load' });
    if (format === 'pdf') await page.pdf({ format: 'A4', printBackground: true });
    else await page.screenshot({ type: 'png', fullPage: true });
  } finally {
    await browser.close();
  }
}

/**
 * PDF and PNG exports of the email example through the whole stack (gateway, designs,
 * renderer with its warm browser pool, storage, recording), against a fresh Chromium per
 * file; and how many exports one renderer process finishes per minute under a full queue.
 */
export const benchmark: Benchmark = {
  name: 'file exports',
  async run() {
    const { key, exportUrl } = await seed(benchStack.baseUrl());
    const ours = (format: Format) => () => post(exportUrl, key, { user: { id: 'bench-files' }, format });
    const naive = (format: Format) => () => naiveExport(exportUrl, key, format);
    const baseline = 'fresh Chromium per file (html export + launch + render)';
    const lines = [];
    for (const format of ['pdf', 'png'] as const) {
      // One of ours, one of the baseline's, and so on: a change of machine load during the
      // run touches both alike instead of moving the ratio.
      const [warm, cold] = await interleavedTimings([ours(format), naive(format)], RUNS, WARMUP, SETTLE_MS);
      lines.push(line(`file_export.${format}.median`, 'ms', warm.median, baseline, cold.median));
      lines.push(line(`file_export.${format}.p95`, 'ms', warm.p95, baseline, cold.p95));
    }
    // Throughput stays a block of its own: it measures one renderer under a full queue, which
    // baseline runs in between would drain.
    const perMinute = 60 * (await throughput(ours('pdf'), CONCURRENCY, SECONDS));
    const naivePerMinute = 60 * (await throughput(naive('pdf'), CONCURRENCY, SECONDS));
    lines.push(line('file_export.pdf.per_minute_one_renderer', 'exports/min', perMinute, `${baseline}, ${CONCURRENCY} at once`, naivePerMinute));
    return lines;
  },
};
