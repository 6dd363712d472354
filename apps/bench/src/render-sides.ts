import Handlebars from 'handlebars';
import { compile } from 'html-to-text';
import mjml2html from 'mjml';
import { emailMarkup, finishRender, layoutDesign, type MergeValues, render } from '@embed/render-core';
import { referenceEmail } from './reference-email';

// The two sides of the render benchmark, each run in a process of its own (render-runner.ts):
// ours, and what a competent engineer would build instead from the same content.

/** What a side renders: the reference email in full, over its cached revision, and a list of recipients. */
export interface RenderSide {
  full(): Promise<unknown>;
  cached(): unknown;
  list(): unknown;
}

export type RenderTask = keyof RenderSide;
export type SideName = 'ours' | 'baseline';

export const MERGE: MergeValues = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://esp.example/u/1', preferencesUrl: 'https://esp.example/p/1' };

/** Recipients of one revision in the list row: each with their own values. */
export const RECIPIENTS = 10_000;

const recipients: MergeValues[] = Array.from({ length: RECIPIENTS }, (_, n) => ({
  contact: { first_name: `Reader ${n}` },
  unsubscribeUrl: `https://esp.example/u/${n}`,
  preferencesUrl: `https://esp.example/p/${n}`,
}));

/** Our render: in full (layout, merge, text), and the compiled revision filled per recipient. */
function ours(): RenderSide {
  const doc = referenceEmail();
  const layout = layoutDesign(doc);
  return {
    full: async () => render(doc, { merge: MERGE }),
    cached: () => finishRender(layout, { merge: MERGE }),
    list: () => recipients.forEach((merge) => finishRender(layout, { merge })),
  };
}

/**
 * What a competent engineer builds instead: mjml (npm) then html-to-text; and per design
 * mjml's HTML compiled once as a Handlebars template (its tags are Handlebars syntax already;
 * Handlebars escapes each value for HTML), then per recipient the template run with the merge
 * and html-to-text.
 */
async function baseline(): Promise<RenderSide> {
  const markup = emailMarkup(referenceEmail());
  const toText = compile({ wordwrap: false });
  const template = Handlebars.compile((await mjml2html(markup, { validationLevel: 'skip' })).html);
  const merged = (merge: MergeValues) =>
    toText(template({ contact: merge.contact, unsubscribe_url: merge.unsubscribeUrl, preferences_url: merge.preferencesUrl }));
  return {
    full: async () => toText((await mjml2html(markup, { validationLevel: 'skip' })).html),
    cached: () => merged(MERGE),
    list: () => recipients.forEach(merged),
  };
}

export const renderSide = (name: SideName): Promise<RenderSide> => (name === 'ours' ? Promise.resolve(ours()) : baseline());
