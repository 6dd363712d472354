// The admin commands, run in a worker thread of the test process against the stack's
// database (stack.ts `admin`): the same code the command line runs (the compiled
// apps/admin execute), without starting a Node process and opening the database for
// each fixture. The test's thread waits on `signal` until the outcome is on `port`.
const path = require('node:path');
const { workerData } = require('node:worker_threads');

const { execute, repositoriesFromEnvironment } = require(path.join(workerData.repoRoot, 'dist', 'apps', 'admin', 'src', 'execute.js'));
const { port, signal } = workerData;
let repositories;

port.on('message', async (argv) => {
  let outcome;
  try {
    outcome = await execute(argv, () => (repositories ??= repositoriesFromEnvironment()));
  } catch (error) {
    outcome = { status: 1, stdout: '', stderr: `error: could not complete: ${error.message}\n` };
  }
  port.postMessage(outcome);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
