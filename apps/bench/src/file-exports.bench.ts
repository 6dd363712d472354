import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PrinterRequest, PrintJob } from './baseline/chromium-printer';
import { type Benchmark, line } from './benchmark';
import { interleavedTimings, rotatingRounds } from './interleave';
import { bearer, call, createDesign, editorToken, HttpError, newProject } from './seed';
import { benchStack, throughput } from './stack';

/** Measured exports of each kind, ours and the baselines', interleaved. */
const RUNS = 20;
/** Unmeasured rounds first: the pool's pages, the caches and the JIT warm up. */
const WARMUP = 3;
/** Exports in flight while measuring what one renderer sustains: more than its 2 browser slots, so its queue stays full. */
const CONCURRENCY = 4;
/** Alternating blocks of that load, ours and the baseline's. */
const THROUGHPUT_ROUNDS = 4;
const THROUGHPUT_SECONDS = 8;
const USER_ID = 'bench-files';

type Format = 'pdf' | 'png';

/** The email example saved by a person of a fresh email project, and its HTML as our renderer makes it. */
async function seed(baseUrl: string) {
  const { key } = newProject('bench files');
  const token = await editorToken(baseUrl, key, USER_ID);
  const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8'));
  const exportUrl = `${baseUrl}/embed/v1/designs/${await createDesign(baseUrl, token, 'Bench email', doc)}/export`;
  const { html } = await call<{ html: string }>('POST', exportUrl, bearer(key), { user: { id: USER_ID } });
  return { key, exportUrl, html };
}

/** The baseline's process (baseline/chromium-printer.ts), asked over IPC: each request answered once, by its id. */
class Printer {
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (answer: { id: number; error?: string }) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.error) waiting?.reject(new Error(answer.error));
      else waiting?.resolve();
    });
  }

  /** The printer with its warm browser launched and the design's HTML handed over. */
  static async start(html: string): Promise<Printer> {
    const printer = new Printer(fork(path.join(__dirname, 'baseline', 'chromium-printer.js'), [], { stdio: 'inherit' }));
    await printer.ask({ kind: 'ready' });
    await printer.ask({ kind: 'html', html });
    return printer;
  }

  print(format: Format, browser: PrintJob['browser']): Promise<void> {
    return this.ask({ kind: 'print', format, browser });
  }

  stop(): void {
    this.child.kill('SIGTERM');
  }

  private ask(request: PrinterRequest): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...request, id });
    });
  }
}

/**
 * `task` asked again after a 503, as an integrator's client does (nothing was changed):
 * under a full queue an export may pass its deadline, and what counts is how many are made.
 */
function retryingUnavailable(task: () => Promise<unknown>, retries: { count: number }) {
  return async () => {
    for (;;) {
      try {
        return await task();
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 503)) throw error;
        retries.count++;
      }
    }
  };
}

/**
 * PDF and PNG exports of the email example through the whole stack (gateway, designs,
 * renderer with its pool of pages opened ahead, storage, the export recorded), against
 * the same HTML printed with the same options in a process of its own by one warm
 * Chromium, a new page per job; one after another with no pause, ours and the
 * baseline's interleaved. A Chromium launched per file is a reference row. Then how
 * many PDFs one renderer makes per minute with 4 in flight, against the warm Chromium
 * with 4 pages in flight, in alternating blocks.
 */
export const benchmark: Benchmark = {
  name: 'file exports',
  async run() {
    const { key, exportUrl, html } = await seed(benchStack.baseUrl());
    const printer = await Printer.start(html);
    try {
      const ours = (format: Format) => () => call('POST', exportUrl, bearer(key), { user: { id: USER_ID }, format });
      const warm = 'warm Chromium, new page per job (puppeteer-core, own process)';
      const lines = [];
      for (const format of ['pdf', 'png'] as const) {
        const [our, theirs, fresh] = await interleavedTimings([ours(format), () => printer.print(format, 'warm'), () => printer.print(format, 'fresh')], RUNS, WARMUP);
        lines.push(line(`file_export.${format}.median`, 'ms', our.median, warm, theirs.median));
        lines.push(line(`file_export.${format}.p95`, 'ms', our.p95, warm, theirs.p95));
        lines.push(line(`file_export.${format}.median_vs_fresh_chromium`, 'ms', our.median, 'Chromium launched per file (reference)', fresh.median));
      }
      const perMinute = [0, 0];
      const retries = { count: 0 };
      const tasks = [retryingUnavailable(ours('pdf'), retries), () => printer.print('pdf', 'warm')];
      for (const which of rotatingRounds(2, THROUGHPUT_ROUNDS)) perMinute[which] += (60 * (await throughput(tasks[which], CONCURRENCY, THROUGHPUT_SECONDS))) / THROUGHPUT_ROUNDS;
      if (retries.count > 0) process.stderr.write(`bench: ${retries.count} of our PDF exports answered 503 under a full queue and were asked again\n`);
      lines.push(line('file_export.pdf.per_minute_one_renderer', 'exports/min', perMinute[0], `${warm}, ${CONCURRENCY} pages in flight`, perMinute[1]));
      return lines;
    } finally {
      printer.stop();
    }
  },
};
