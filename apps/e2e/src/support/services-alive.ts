// Loaded into every test file (setupFilesAfterEnv); its hook runs when the file ends and
// stops the file's admin thread (stack.ts `admin`).
// A service process that died during a file fails that file, with the end of its log
// (the only place its crash is told), and is started again: one crash fails one file
// rather than every file after it, and the run still ends in time.
import { isAlive, logFileOf, logTail, pidOf, serviceNames, startService, stopAdminThread, waitUntilReady } from './stack';

afterAll(async () => {
  await stopAdminThread();
  // Replicas (`name#pid`) belong to the test that started them; the stack's own services must outlive every file.
  const dead = serviceNames().filter((name) => !name.includes('#') && !isAlive(pidOf(name)));
  if (dead.length === 0) return;
  const reports = dead.map((name) => `${name} (pid ${pidOf(name)}) died during this file; the end of its log:\n${logTail(logFileOf(name))}`);
  for (const name of dead) startService(name);
  await waitUntilReady(dead);
  throw new Error(reports.join('\n\n'));
});
