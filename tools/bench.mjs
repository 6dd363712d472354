// `npm run bench`: every benchmark of the project, against a stack of its own (the
// bench profile's ports); the last lines are one JSON object each,
// {"name","unit","value","baseline","baseline_value","ratio"} (contracts section 5).
// `npm run bench -- webhooks render` runs only the benchmarks whose file names contain one
// of the words; BENCH_PROFILE=bench-b runs on another profile's ports, beside a first run.
// It compiles the current code itself (no `npm run build` needed first).
import { runOnOwnStack } from './lib/own-stack.mjs';
import { profile } from './lib/profiles.mjs';

try {
  // Limits are raised for load, by configuration only (never by a request).
  await runOnOwnStack(profile(process.env.BENCH_PROFILE ?? 'bench'), 'apps/bench/src/main.js', process.argv.slice(2), { RATE_LIMIT_MULTIPLIER: '10000' });
  process.exit(0);
} catch (error) {
  process.stderr.write(`npm run bench failed: ${error.message}\n`);
  process.exit(1);
}
