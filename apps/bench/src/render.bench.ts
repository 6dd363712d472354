import Handlebars from 'handlebars';
import { compile } from 'html-to-text';
import mjml2html from 'mjml';
import { emailMarkup, finishRender, layoutDesign, type MergeValues, render } from '@embed/render-core';
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

/** Recipients of one revision in the list row: each with their own values. */
const RECIPIENTS = 10_000;
/** Rounds of the list row, ours and the baseline's in turn. */
const LIST_ROUNDS = 3;

const recipient = (n: number): MergeValues => ({
  contact: { first_name: `Reader ${n}` },
  unsubscribeUrl: `https://esp.example/u/${n}`,
  preferencesUrl: `https://esp.example/p/${n}`,
});

/**
 * What a competent engineer keeps per design instead: mjml's HTML compiled once as a
 * Handlebars template (its tags are Handlebars syntax already; Handlebars escapes each value
 * for HTML), then per recipient the template run with the merge and html-to-text.
 */
function handlebarsPipeline(html: string, toText: (html: string) => string): (merge: MergeValues) => string {
  const template = Handlebars.compile(html);
  return (merge) =>
    toText(template({ contact: merge.contact, unsubscribe_url: merge.unsubscribeUrl, preferences_url: merge.preferencesUrl }));
}

/**
 * Our full render of the reference email (HTML, chunks, text, merge) in process, against
 * the pipeline it replaces on the same content: mjml (npm) then html-to-text. And a
 * render over a cached layout (what repeated renders of a saved design cost: the compiled
 * revision filled), against the same pipeline with mjml's HTML compiled once as a
 * Handlebars template: the merge, then html-to-text. And one revision sent to a list of
 * 10,000 recipients, each with their own values, in renders a second.
 */
export const benchmark: Benchmark = {
  name: 'render',
  async run() {
    const doc = referenceEmail();
    const markup = emailMarkup(doc);
    const toText = compile({ wordwrap: false });
    const baseline = async () => toText((await mjml2html(markup, { validationLevel: 'skip' })).html);
    const cachedBaseline = handlebarsPipeline((await mjml2html(markup, { validationLevel: 'skip' })).html, toText);
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
    const [cached, cachedPipeline] = await perRun([() => finishRender(layout, { merge: MERGE }), () => cachedBaseline(MERGE)]);
    // The list: every recipient's render, one after the other, per round; ours and the baseline's in turn.
    const recipients = Array.from({ length: RECIPIENTS }, (_, n) => recipient(n));
    const list = (renderOne: (merge: MergeValues) => unknown) => async () => {
      for (const merge of recipients) renderOne(merge);
    };
    const [ours, theirs] = await interleavedTimings([list((merge) => finishRender(layout, { merge })), list(cachedBaseline)], LIST_ROUNDS, 0);
    const perSecond = (ms: number) => (RECIPIENTS * 1000) / ms;
    return [
      line('render.email.full', 'ms', full, 'mjml+html-to-text', pipeline),
      line('render.email.cached_layout', 'ms', cached, 'mjml HTML compiled once as a Handlebars template, merged, then html-to-text', cachedPipeline),
      line('render.email.list_10k', 'renders/s', perSecond(ours.median), 'the same Handlebars pipeline, 10,000 recipients of one revision', perSecond(theirs.median)),
    ];
  },
};
