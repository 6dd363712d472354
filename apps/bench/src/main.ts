import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Benchmark, type BenchLine, notRun } from './benchmark';

// Every `<name>.bench.js` beside this file is a benchmark: adding one is adding a file.
// Words given on the command line pick the benchmarks whose file names contain one of them.
async function main(): Promise<void> {
  const words = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((file) => /\.bench\.js$/.test(file) && (words.length === 0 || words.some((word) => file.includes(word))))
    .sort();
  const lines: BenchLine[] = [];
  for (const file of files) {
    let name = file;
    // One benchmark that fails (a machine too loaded to meet a deadline, say) does not cost
    // the others' figures, nor the run: it has a row saying why.
    try {
      const { benchmark } = (await import(path.join(__dirname, file))) as { benchmark: Benchmark };
      name = benchmark.name;
      process.stderr.write(`bench: ${name}...\n`);
      lines.push(...(await benchmark.run()));
    } catch (error) {
      process.stderr.write(`bench: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      lines.push(notRun(name, error));
    }
  }
  for (const result of lines) process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
