import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailDesign } from '@embed/design-document';
import { layoutDesign, referenceRender } from '@embed/render-core';
import { renderJob } from './render-job';

const example = (): EmailDesign => JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8'));
const merge = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://esp.example/u/1' };

function cachedLayout(document: EmailDesign) {
  const { design: _design, ...layout } = layoutDesign(document);
  return layout;
}

describe('renderJob', () => {
  it('fills a cached layout and gives it back only when it compiled its text for options new to it', () => {
    const document = example();
    const cached = cachedLayout(document);
    const again = renderJob({ document, merge, cached });
    expect(again.layout).toBeUndefined();
    expect(again.rendered.text).toBe(referenceRender({ ...cached, design: document }, { merge }).text);
    const withImages = renderJob({ document, merge, text: { images: true }, cached });
    expect(Object.keys(withImages.layout?.compiled.texts ?? {})).toHaveLength(2);
    expect(withImages.rendered.text).toBe(referenceRender({ ...cachedLayout(document), design: document }, { merge, text: { images: true } }).text);
  });

  it('answers with the reference merge, and says why, when a sampled check finds the compiled render unlike it', () => {
    const document = example();
    const cached = cachedLayout(document);
    // A compiled revision gone wrong: a script where the first static part was.
    cached.compiled.html.parts[0] = `<script>alert(1)</script>${cached.compiled.html.parts[0]}`;
    const unchecked = renderJob({ document, merge, cached: structuredClone(cached) });
    expect(unchecked.rendered.html).toContain('<script>alert(1)</script>');
    const checked = renderJob({ document, merge, cached, audit: true });
    expect(checked.audit).toEqual({ unsafe: 0, differs: ['html'] });
    expect(checked.rendered.html).toBe(referenceRender({ ...cached, design: document }, { merge }).html);
    expect(checked.rendered.html).not.toContain('<script>');
  });

  it('finds nothing to say on a sound compiled render', () => {
    const document = example();
    expect(renderJob({ document, merge, cached: cachedLayout(document), audit: true }).audit).toBeUndefined();
  });
});
