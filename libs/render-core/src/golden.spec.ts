import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DesignDocument } from '@embed/design-document';
import { render } from './render';
import { RENDERER_VERSION } from './version';

// Golden outputs of every example, and the version they were made with. Regenerate with
// UPDATE_GOLDEN=1 after a deliberate change: it refuses unless RENDERER_VERSION went up.

const MODES = ['email', 'page', 'popup', 'document'] as const;
const GOLDEN = path.join(__dirname, '__golden__');
const MANIFEST = path.join(GOLDEN, 'manifest.json');
const OPTIONS = { designId: 'golden-design', merge: { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://esp.example/u/1' } };

function outputs(mode: string): Record<string, string> {
  const doc: DesignDocument = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/examples/designs', `${mode}.json`), 'utf8'));
  // The body chunk is cut from the HTML and the design is the input: neither is stored twice.
  const { html, text, design: _design, chunks: { body: _body, ...chunks }, ...rest } = render(doc, OPTIONS);
  const fields = { ...rest, chunks };
  return { [`${mode}.html`]: html, [`${mode}.txt`]: text, [`${mode}.json`]: `${JSON.stringify(fields, null, 2)}\n` };
}

const all = () => Object.assign({}, ...MODES.map(outputs)) as Record<string, string>;
const hashOf = (files: Record<string, string>) =>
  createHash('sha256').update(Object.keys(files).sort().map((name) => `${name}\n${files[name]}`).join('\n')).digest('hex');

if (process.env.UPDATE_GOLDEN) {
  const files = all();
  const manifest = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) : { rendererVersion: 0, outputsHash: '' };
  if (hashOf(files) !== manifest.outputsHash && RENDERER_VERSION <= manifest.rendererVersion)
    throw new Error(`output changed: raise RENDERER_VERSION above ${manifest.rendererVersion} before updating the golden files`);
  mkdirSync(GOLDEN, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(GOLDEN, name), content);
  writeFileSync(MANIFEST, `${JSON.stringify({ rendererVersion: RENDERER_VERSION, outputsHash: hashOf(files) }, null, 2)}\n`);
}

describe('golden output', () => {
  const files = all();

  it.each(Object.keys(files))('%s is as recorded', (name) => {
    expect(files[name]).toBe(readFileSync(path.join(GOLDEN, name), 'utf8'));
  });

  it('was recorded with the current rendererVersion', () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    expect({ rendererVersion: RENDERER_VERSION, outputsHash: hashOf(files) }).toEqual(manifest);
  });

  it('is the same on every run', () => {
    expect(hashOf(all())).toBe(hashOf(files));
  });
});
