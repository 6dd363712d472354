// `npm test`: installs what is missing, type-checks and lints every project, runs
// every unit test, then the end-to-end suite against the real stack on test ports.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled } from './lib/install.mjs';
import { log, runAsync } from './lib/process.mjs';
import { profile, repoRoot } from './lib/profiles.mjs';

const p = profile('test');
const reports = path.join(p.dataDir, 'reports');
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);

function countResults(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
}

async function step(name, work) {
  log(name);
  try {
    await work();
    return true;
  } catch (error) {
    log(`${name} failed: ${error.message}`);
    return false;
  }
}

async function main() {
  ensureInstalled();
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

  const checked = await step('type-checking and linting every project (nx)', () =>
    runAsync(bin('nx'), ['run-many', '-t', 'typecheck', 'lint', '--output-style=static'], { cwd: repoRoot, env }),
  );
  const unitReport = path.join(reports, 'unit.json');
  const unitPassed = await step('unit tests', () =>
    runAsync(bin('jest'), ['--config', 'jest.config.js', '--json', `--outputFile=${unitReport}`], { cwd: repoRoot, env }),
  );

  const e2eReport = path.join(reports, 'e2e.json');
  // The suite's global setup starts the stack on the test ports and stops what it started.
  // A failing test can leave a socket or a child process open behind it: the run still
  // ends (--forceExit) and reports, rather than waiting for it until CI gives up.
  const e2ePassed = await step('end-to-end tests against the real stack', () =>
    runAsync(bin('jest'), ['--config', 'apps/e2e/jest.config.js', '--runInBand', '--forceExit', '--json', `--outputFile=${e2eReport}`], { cwd: repoRoot, env }),
  );

  const unit = countResults(unitReport);
  const e2e = countResults(e2eReport);
  const ok = checked && unitPassed && e2ePassed;
  process.stdout.write(`\nunit: ${unit.passed} passed, ${unit.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed\n`);
  process.stdout.write(`${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed + (checked ? 0 : 1)} failed\n`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`npm test failed: ${error.message}\n`);
  process.exit(1);
});
