import { compile } from 'html-to-text';
import mjml2html from 'mjml';
import { emailMarkup, finishRender, layoutDesign, render } from '@embed/render-core';
import { type Benchmark, line } from './benchmark';
import { interleavedTimings } from './interleave';
import { referenceEmail } from './reference-email';

/** Blocks of runs measured for each of ours and the baseline, interleaved. */
const BLOCKS = 40;
/**
 * Runs in a block, timed together: what one run leaves for the garbage collector falls
 * mostly on the next run of the same task, not on the other task's (interleaving single
 * runs charged mjml's garbage to our render).
 */
const BLOCK = 5;
const MERGE = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://esp.example/u/1', preferencesUrl: 'https://esp.example/p/1' };

type Merge = typeof MERGE;
const TAG = /\{\{\s*(contact\.([^{}\s]+)|unsubscribe_url|preferences_url)\s*\}\}/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** What a competent merge over cached HTML does: each known tag replaced by its value, escaped. */
function mergeTags(html: string, merge: Merge): string {
  return html.replace(TAG, (tag, name: string, field?: string) => {
    const value = field ? merge.contact[field as keyof Merge['contact']] : name === 'unsubscribe_url' ? merge.unsubscribeUrl : merge.preferencesUrl;
    return value === undefined ? tag : value.replace(/[&<>"']/g, (char) => ENTITIES[char]);
  });
}

/**
 * Our full render of the reference email (HTML, chunks, text, merge) in process, against
 * the pipeline it replaces on the same content: mjml (npm) then html-to-text. And a
 * render over a cached layout (what repeated renders of a saved design cost), against
 * the same pipeline with mjml's HTML cached: the merge, then html-to-text.
 */
export const benchmark: Benchmark = {
  name: 'render',
  async run() {
    const doc = referenceEmail();
    const markup = emailMarkup(doc);
    const toText = compile({ wordwrap: false });
    const baseline = async () => toText((await mjml2html(markup, { validationLevel: 'skip' })).html);
    const cachedHtml = (await mjml2html(markup, { validationLevel: 'skip' })).html;
    const cachedBaseline = async () => toText(mergeTags(cachedHtml, MERGE));
    const size = render(doc, { merge: MERGE }).bytes;
    process.stderr.write(`bench: reference email is ${(size / 1024).toFixed(1)} KB of HTML\n`);

    // Ours and the baseline in turn, so that both see the same machine load.
    const perRun = (tasks: Array<() => unknown>) =>
      interleavedTimings(
        tasks.map((task) => async () => {
          for (let i = 0; i < BLOCK; i++) await task();
        }),
        BLOCKS,
        BLOCKS / 10,
      ).then((spreads) => spreads.map(({ median }) => median / BLOCK));
    const [full, pipeline] = await perRun([() => render(doc, { merge: MERGE }), baseline]);
    const layout = layoutDesign(doc);
    const [cached, cachedPipeline] = await perRun([() => finishRender(layout, { merge: MERGE }), cachedBaseline]);
    return [
      line('render.email.full', 'ms', full, 'mjml+html-to-text', pipeline),
      line('render.email.cached_layout', 'ms', cached, 'mjml HTML cached, merged, then html-to-text', cachedPipeline),
    ];
  },
};
