// `npm run soak -- --minutes N`: an integrator's day against a stack of its own
// (tools/soak.mjs starts it); prints what each endpoint answered, the webhooks still
// owed at the end and each service's memory. Exits 1 when a request failed (429 aside).
import { benchStack } from '../stack';
import { formatReport } from './report';
import { runSoak, soakErrors } from './soak';

function minutes(args: string[]): number {
  const at = args.indexOf('--minutes');
  const value = at < 0 ? 10 : Number(args[at + 1]);
  if (!(value > 0)) throw new Error('--minutes takes a number of minutes above 0');
  return value;
}

async function main(): Promise<void> {
  const seconds = Math.round(minutes(process.argv.slice(2)) * 60);
  const services = JSON.parse(process.env['BENCH_SERVICE_PIDS'] ?? '{}');
  const report = await runSoak({ baseUrl: benchStack.baseUrl(), services, seconds, drainSeconds: 60 });
  process.stdout.write(formatReport(report, seconds));
  if (soakErrors(report) > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
