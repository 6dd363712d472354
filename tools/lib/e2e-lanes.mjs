// Which lane each end-to-end file (apps/e2e/src/*.e2e.ts) runs in, as `npm test` runs them.
// A file says it in its leading comment, with a line such as `// @lane shared`:
//   static  needs no stack: reads the repository, runs tools, starts what it needs itself;
//           runs while the shared stack starts (apps/e2e/jest.static.config.js).
//   shared  uses the shared stack as it is, changes no service and no global count another
//           file reads; runs on two workers at once.
//   serial  stops, pauses, restarts or adds service processes, or reads global counts:
//           runs one file at a time on a stack of its own, beside the shared files.
//   alone   times what it does against a quiet machine: runs last, with nothing beside it.
// A file that says nothing is serial: a new file is safe until its author says otherwise.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './profiles.mjs';

export const LANES = ['static', 'shared', 'serial', 'alone'];
const DEFAULT_LANE = 'serial';
const e2eDir = path.join(repoRoot, 'apps', 'e2e', 'src');

/** The lane a file's source declares in the comment lines it starts with (or the default). */
export function laneOf(source, file = 'the file') {
  const leading = [];
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('//') || trimmed.startsWith('/*') || trimmed.startsWith('*')) leading.push(trimmed);
    else break;
  }
  const pragma = leading.map((line) => /^(?:\/\/|\/\*\*?|\*)\s*@lane\s+([a-z]+)/.exec(line)).find(Boolean);
  if (!pragma) return DEFAULT_LANE;
  const lane = pragma[1];
  if (!LANES.includes(lane)) throw new Error(`${file} declares @lane ${lane}: the lanes are ${LANES.join(', ')}`);
  return lane;
}

/** Every end-to-end file, by lane: { static: [...], shared: [...], serial: [...], alone: [...] } of absolute paths. */
export function e2eFilesByLane() {
  const lanes = Object.fromEntries(LANES.map((lane) => [lane, []]));
  for (const name of readdirSync(e2eDir).filter((entry) => entry.endsWith('.e2e.ts')).sort()) {
    const file = path.join(e2eDir, name);
    lanes[laneOf(readFileSync(file, 'utf8'), name)].push(file);
  }
  return lanes;
}
