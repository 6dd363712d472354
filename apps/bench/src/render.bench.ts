import { compile } from 'html-to-text';
import mjml2html from 'mjml';
import { emailMarkup, finishRender, layoutDesign, render } from '@embed/render-core';
import { type Benchmark, line, medianMs } from './benchmark';
import { referenceEmail } from './reference-email';

const RUNS = 300;
const MERGE = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://esp.example/u/1', preferencesUrl: 'https://esp.example/p/1' };

/**
 * Our full render of the reference email (HTML, chunks, text, merge) in process, against
 * the pipeline it replaces on the same content: mjml (npm) then html-to-text.
 */
export const benchmark: Benchmark = {
  name: 'render',
  async run() {
    const doc = referenceEmail();
    const markup = emailMarkup(doc);
    const toText = compile({ wordwrap: false });
    const baseline = async () => toText((await mjml2html(markup, { validationLevel: 'skip' })).html);
    const size = render(doc, { merge: MERGE }).bytes;
    process.stderr.write(`bench: reference email is ${(size / 1024).toFixed(1)} KB of HTML\n`);

    const baselineMs = await medianMs(baseline, RUNS / 3);
    const fullMs = await medianMs(() => render(doc, { merge: MERGE }), RUNS);
    const layout = layoutDesign(doc);
    const mergeMs = await medianMs(() => finishRender(layout, { merge: MERGE }), RUNS);
    return [
      line('render.email.full', 'ms', fullMs, 'mjml+html-to-text', baselineMs),
      line('render.email.cached_layout', 'ms', mergeMs, 'mjml+html-to-text', baselineMs),
    ];
  },
};
