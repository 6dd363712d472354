// `npm test`: installs what is missing, type-checks and lints every project, runs every
// unit test and the end-to-end suite against the real stack on test ports, then prints
// how many tests and assertions ran. The end-to-end files run in lanes
// (tools/lib/e2e-lanes.mjs): the static ones while the stack starts, the shared ones on
// two workers against one stack beside the checks, the serial ones on a second stack beside
// them, then the ones that time what they do, alone.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { e2eFilesByLane } from './lib/e2e-lanes.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { log, runAsync } from './lib/process.mjs';
import { profile, repoRoot } from './lib/profiles.mjs';
import { STACK_RUNNING, startStack, stopStack } from '../apps/e2e/src/support/global-setup.mjs';

// Another test profile (E2E_PROFILE) lets two clones run their suites side by side.
const p = profile(process.env.E2E_PROFILE ?? 'test');
const reports = path.join(p.dataDir, 'reports');
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const SHARED_WORKERS = 2;

function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

function countResults(files) {
  const totals = { passed: 0, failed: 0 };
  for (const report of files.map(readReport).filter(Boolean)) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
  }
  return totals;
}

/** The assertions (expect calls) the test files ran, as tools/jest-count-assertions.js logged them. */
function countAssertions(file) {
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => sum + JSON.parse(line).assertions, 0);
}

/** The slowest end-to-end files, to see where the time goes. */
function slowest(files, count = 8) {
  const timed = files
    .map(readReport)
    .filter(Boolean)
    .flatMap((report) => report.testResults.map((result) => ({ file: path.relative(repoRoot, result.name), seconds: (result.endTime - result.startTime) / 1000 })));
  return timed.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/**
 * Every failed test and every file that failed outside its tests, with the start of its
 * message (only the stack frames in the project's own files; a long line, such as a
 * property's counterexample, cut): printed last, so that a log cut to its end still says
 * what failed and why.
 */
function failures(files, lines = 12, width = 240) {
  const ownFrame = (line) => /\.[cm]?[jt]sx?:\d/.test(line) && !line.includes('node_modules');
  const cut = (line) => (line.length > width ? `${line.slice(0, width)}… (${line.length} characters)` : line);
  const start = (message) =>
    stripVTControlCharacters(message)
      .split('\n')
      .filter((line) => line.trim() && (!line.trim().startsWith('at ') || ownFrame(line)))
      .slice(0, lines)
      .map((line) => `      ${cut(line)}`)
      .join('\n');
  return files
    .map(readReport)
    .filter(Boolean)
    .flatMap((report) =>
      report.testResults.flatMap((result) => {
        const file = path.relative(repoRoot, result.name);
        const tests = result.assertionResults.filter((test) => test.status === 'failed').map((test) => `  ${file} › ${test.fullName}\n${start(test.failureMessages.join('\n'))}`);
        const outside = result.testExecError || (tests.length === 0 && result.status === 'failed') ? [`  ${file} (outside its tests)\n${start(result.message || String(result.testExecError?.message ?? ''))}`] : [];
        return [...tests, ...outside];
      }),
    );
}

async function step(name, work) {
  const started = Date.now();
  log(`${name}: started`);
  try {
    await work();
    log(`${name}: done in ${Math.round((Date.now() - started) / 1000)} s`);
    return true;
  } catch (error) {
    log(`${name} failed after ${Math.round((Date.now() - started) / 1000)} s: ${error.message}`);
    return false;
  }
}

async function main() {
  const started = Date.now();
  ensureInstalled();
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const unitAssertions = path.join(reports, 'unit-assertions.jsonl');
  const e2eAssertions = path.join(reports, 'e2e-assertions.jsonl');
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  const e2eEnv = { ...env, E2E_PROFILE: p.name, JEST_ASSERTION_LOG: e2eAssertions };
  const lanes = e2eFilesByLane();
  const e2eReport = (lane) => path.join(reports, `e2e-${lane}.json`);
  const jest = (config, lane, files, flags, laneEnv) =>
    files.length === 0
      ? Promise.resolve()
      : runAsync(bin('jest'), ['--config', config, ...flags, '--forceExit', '--json', `--outputFile=${e2eReport(lane)}`, '--runTestsByPath', ...files], { cwd: repoRoot, env: laneEnv });

  // The checks, the unit tests and the stack's start run at once; the static files once
  // the code is compiled (a manifest test reads dist/), the shared files once the stack is
  // up. The serial files run one at a time on a stack of their own beside them (the
  // profile's `apart` one; on the same stack afterwards when it has none), and the files
  // that time what they do run last, alone.
  let compiled;
  const built = new Promise((resolve) => (compiled = resolve));
  let infrastructure = [];
  const stackStarted = step('starting the test stack', async () => (infrastructure = await startStack(p, { onPrepared: () => compiled(true) })));
  void stackStarted.then(() => compiled(false));
  const apart = p.apart ? profile(p.apart) : null;
  let apartInfrastructure = [];
  const apartStarted = apart
    ? built.then((ok) => ok && step(`starting a second stack for the serial files (${apart.name})`, async () => (apartInfrastructure = await startStack(apart, { compile: false }))))
    : stackStarted;
  const runningOn = (stack) => ({ ...e2eEnv, E2E_PROFILE: stack.name, [STACK_RUNNING]: '1' });

  // At the lowest CPU priority: the checks time nothing, while the stacks' services answer to
  // deadlines that a machine this busy made them miss (CI answered renders and tokens 503).
  const checked = step('type-checking and linting every project', () =>
    runAsync('nice', ['-n', '19', process.execPath, path.join(repoRoot, 'tools', 'check.mjs')], { cwd: repoRoot, env }),
  );
  // Two workers, not Jest's default of one on two cores: the machine has idle time while the
  // end-to-end files wait on the stack, and alone the unit tests were the last lane to end.
  const unitPassed = step('unit tests', () =>
    runAsync(bin('jest'), ['--config', 'jest.config.js', '--maxWorkers=2', '--json', `--outputFile=${path.join(reports, 'unit.json')}`], {
      cwd: repoRoot,
      env: { ...env, JEST_ASSERTION_LOG: unitAssertions },
    }),
  );
  const staticPassed = step(`end-to-end files that need no stack (${lanes.static.length})`, async () => {
    if (!(await built)) throw new Error('the code could not be compiled');
    await jest('apps/e2e/jest.static.config.js', 'static', lanes.static, ['--runInBand'], e2eEnv);
  });
  // A failing test can leave a socket or a child process open behind it: each run still
  // ends (--forceExit) and reports, rather than waiting for it until CI gives up.
  const sharedPassed = stackStarted.then(
    (up) =>
      up &&
      step(`end-to-end files on the shared stack, ${SHARED_WORKERS} at a time (${lanes.shared.length})`, () =>
        jest('apps/e2e/jest.config.js', 'shared', lanes.shared, [`--maxWorkers=${SHARED_WORKERS}`], runningOn(p)),
      ),
  );
  const serialLane = (stack) => step(`end-to-end files that change the stack, one at a time on ${stack.name} (${lanes.serial.length})`, () =>
    jest('apps/e2e/jest.config.js', 'serial', lanes.serial, ['--runInBand'], runningOn(stack)),
  );
  const serialPassed = apart ? apartStarted.then((up) => up && serialLane(apart)) : sharedPassed.then(async () => (await stackStarted) && serialLane(p));
  const rest = await Promise.all([checked, unitPassed, staticPassed, sharedPassed, serialPassed]);
  let alonePassed = false;
  try {
    // The shared stack is done with: only the stack the lone files use keeps running.
    if (apart && (await stackStarted)) await stopStack(p, infrastructure);
    const stack = apart ?? p;
    if (await apartStarted) {
      alonePassed = await step(`end-to-end files that time what they do, alone (${lanes.alone.length})`, () =>
        jest('apps/e2e/jest.config.js', 'alone', lanes.alone, ['--runInBand'], runningOn(stack)),
      );
    }
  } finally {
    if (apart && (await apartStarted)) await stopStack(apart, apartInfrastructure);
    if (!apart && (await stackStarted)) await stopStack(p, infrastructure);
  }

  const unit = countResults([path.join(reports, 'unit.json')]);
  const e2eReports = ['static', 'shared', 'serial', 'alone'].map(e2eReport);
  const e2e = countResults(e2eReports);
  const ok = rest.every(Boolean) && alonePassed;
  process.stdout.write('\nslowest end-to-end files:\n');
  for (const { file, seconds } of slowest(e2eReports)) process.stdout.write(`  ${seconds.toFixed(1).padStart(7)} s  ${file}\n`);
  const failed = failures([path.join(reports, 'unit.json'), ...e2eReports]);
  if (failed.length) process.stdout.write(`\nfailed:\n${failed.join('\n')}\n`);
  process.stdout.write(`\nunit: ${unit.passed} passed, ${unit.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed\n`);
  process.stdout.write(`assertions run: unit ${countAssertions(unitAssertions)}, end-to-end ${countAssertions(e2eAssertions)}\n`);
  process.stdout.write(`${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed + (rest[0] ? 0 : 1)} failed, in ${Math.round((Date.now() - started) / 1000)} s\n`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`npm test failed: ${error.message}\n`);
  process.exit(1);
});
