import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Benchmark, BenchLine } from './benchmark';

// Every `<name>.bench.js` beside this file is a benchmark: adding one is adding a file.
async function main(): Promise<void> {
  const files = readdirSync(__dirname).filter((file) => /\.bench\.js$/.test(file)).sort();
  const lines: BenchLine[] = [];
  for (const file of files) {
    const { benchmark } = (await import(path.join(__dirname, file))) as { benchmark: Benchmark };
    process.stderr.write(`bench: ${benchmark.name}...\n`);
    lines.push(...(await benchmark.run()));
  }
  for (const result of lines) process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
