import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { render } from './render';
import { design, MODES } from './testing/arbitrary-design';

// A design with no phone override, no per-block hiding and no translation renders byte for
// byte as the renderer did before those existed. The hashes in __golden__/without-overrides.json
// were written by the renderer of main before per-device styles (UPDATE_WITHOUT_OVERRIDES=1
// writes them again; it should never be needed: these designs' output must not move).

const FILE = path.join(__dirname, '__golden__', 'without-overrides.json');
const RUNS = 40;
const SEED = 33;

function hashes(): Record<string, string[]> {
  return Object.fromEntries(
    MODES.map((mode) => [
      mode,
      fc.sample(design(mode), { seed: SEED, numRuns: RUNS }).map((doc) => {
        const { html, text, subject, preheader, warnings, chunks, mergeTags, bytes } = render(doc, { designId: 'D1', merge: { contact: { a: 'Ada' } } });
        return createHash('sha256').update(JSON.stringify({ html, text, subject, preheader, warnings, chunks, mergeTags, bytes })).digest('hex');
      }),
    ]),
  );
}

if (process.env.UPDATE_WITHOUT_OVERRIDES) writeFileSync(FILE, `${JSON.stringify(hashes(), null, 2)}\n`);

describe('designs without overrides or translations', () => {
  const recorded: Record<string, string[]> = JSON.parse(readFileSync(FILE, 'utf8'));
  const now = hashes();
  it.each(MODES)('%s designs render byte for byte as before', (mode) => {
    expect(now[mode]).toHaveLength(RUNS);
    expect(now[mode]).toEqual(recorded[mode]);
  });
});
