// @lane static: reads the end-to-end files and tools/lib/e2e-lanes.mjs; needs no stack.
// `npm test` runs shared files two at a time against one stack (tools/lib/e2e-lanes.mjs):
// a file that stops, pauses, restarts or adds a service, or counts what the services'
// metrics count, would break or mislead the file running beside it, so it must be serial.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './support/stack';

/** Runs `body` (an ES module) with laneOf and e2eFilesByLane imported, and returns what it prints as JSON. */
function withLanes(body: string): any {
  const script = `import { laneOf, e2eFilesByLane } from ${JSON.stringify(path.join(repoRoot, 'tools/lib/e2e-lanes.mjs'))};\n${body}`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

/** What only a serial file may do to the shared stack (support/stack.ts, webhooks.ts, s3-store.ts, metrics.ts). */
const DISRUPTIVE = /\b(?:killService|startService|restartServices|pauseService|stopReplica|restartDispatcher|restartStoreUsers|metricAt)\(/;

describe('the lanes of the end-to-end files', () => {
  it('are read from the leading comment, serial when a file says nothing, and refused when unknown', () => {
    const sources = [
      '// @lane shared\nimport x from "y";',
      '/** @lane static */\nimport x from "y";',
      '// What this file checks.\n// @lane shared: uses the stack as it is.\nimport x from "y";',
      'import x from "y";\n// @lane shared',
      'import x from "y";',
      '// @lane alone: times what it does.\nimport x from "y";',
    ];
    expect(withLanes(`console.log(JSON.stringify(${JSON.stringify(sources)}.map((source) => laneOf(source))))`)).toEqual([
      'shared',
      'static',
      'shared',
      'serial',
      'serial',
      'alone',
    ]);
    expect(() => withLanes(`laneOf('// @lane parallel\\n', 'x.e2e.ts')`)).toThrow(/x\.e2e\.ts declares @lane parallel: the lanes are static, shared, serial, alone/);
  });

  it('keep every file that changes the stack or counts its metrics in the serial lane', () => {
    const lanes: Record<string, string[]> = withLanes('console.log(JSON.stringify(e2eFilesByLane()))');
    const all = Object.values(lanes).flat();
    expect(all.length).toBeGreaterThan(0);
    const misplaced = [...lanes['static'], ...lanes['shared']].filter((file) => DISRUPTIVE.test(readFileSync(file, 'utf8')));
    expect(misplaced.map((file) => path.basename(file))).toEqual([]);
  });
});
