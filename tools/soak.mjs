// `npm run soak -- --minutes N` (default 10; not part of `npm test`): mixed traffic shaped
// like an integrator's day against a stack of its own (the soak profile's ports, the
// spec's rate limits), then per endpoint the count, p50, p99 and errors, the webhook
// backlog at the end and each service's resident memory after the warm-up and at the end,
// its Node process and what it started apart (the renderer's Chromium is a row of its own;
// apps/bench/src/soak). Exits 1 when a request failed, 429s aside.
import { runOnOwnStack } from './lib/own-stack.mjs';
import { profile } from './lib/profiles.mjs';

try {
  await runOnOwnStack(profile(process.env.SOAK_PROFILE ?? 'soak'), 'apps/bench/src/soak/main.js', process.argv.slice(2));
  process.exit(0);
} catch (error) {
  process.stderr.write(`npm run soak failed: ${error.message}\n`);
  process.exit(1);
}
