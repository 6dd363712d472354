import type { DesignDocument } from '@embed/design-document/model';
import { contrast, contrastDrafts } from './checks/contrast';
import { backgroundFallback, emailSettings, headingOrder, imageAlt, inlineImage, mergeTag, popupClose, unsubscribeLink } from './checks/content';
import { offBrandColours } from './checks/brand';
import { linkAddress, linkText } from './checks/links';
import type { Check, CheckInput, Draft } from './checks/types';
import { clippingDrafts } from './clipping';
import { DARK_MODE_SCHEMES, type DarkModeScheme, darkModeDesign } from './dark-mode';
import type { Finding } from './findings';
import { describeFinding, english } from './messages';
import { placedBlocks } from './placed';
import { untranslated } from './checks/languages';
import { withFields } from './with-fields';

/** Where a contrast finding is and what it is about (a text, a button's label or shape), as one string to compare. */
const spotOf = (draft: Draft) => JSON.stringify([draft.target, draft.key.split('.').pop()]);

/**
 * Contrast in the light design, then once each inbox family has darkened the email, where
 * the light design passes: a colour pair that already fails is one finding, not three. The
 * light design is judged once for both.
 */
const contrasts: Check = (input) => {
  const light = contrast(input);
  const { document } = input;
  if (document.mode !== 'email') return light;
  const drafts: Draft[] = [...light];
  const lightSpots = new Set(light.map(spotOf));
  for (const scheme of Object.keys(DARK_MODE_SCHEMES) as DarkModeScheme[]) {
    const dark = darkModeDesign(document, scheme);
    for (const draft of contrastDrafts({ document: dark, blocks: placedBlocks(dark) }, 'dark-contrast', { inboxes: DARK_MODE_SCHEMES[scheme].inboxes }))
      // Most designs pass in the light: then no dark finding's spot need be written out.
      if (lightSpots.size === 0 || !lightSpots.has(spotOf(draft))) drafts.push(draft);
  }
  return drafts;
};

/** Every check in the order its findings are listed. */
const CHECKS: Check[] = [
  emailSettings,
  unsubscribeLink,
  popupClose,
  imageAlt,
  inlineImage,
  backgroundFallback,
  linkAddress,
  linkText,
  headingOrder,
  contrasts,
  mergeTag,
];

export interface CheckOptions {
  /** The size of the rendered, merged HTML in bytes: when given, an email is checked against Gmail's clipping size. */
  htmlBytes?: number;
  /** List the texts each language of the design has not translated yet (the editor's checks; a render says which fallbacks it took instead). */
  untranslated?: boolean;
  /** The project's brand kit palette: when given and not empty, colours outside it are found (`off-brand-colour`). */
  brandColours?: readonly string[];
}

export const withMessage = (draft: Draft): Finding => withFields(draft, { message: describeFinding(draft, english) });

/** Every finding of a valid design document, English messages included. Pure: no DOM, no network. */
export function checkDesign(document: DesignDocument, options: CheckOptions = {}): Finding[] {
  const input: CheckInput = { document, blocks: placedBlocks(document) };
  const drafts = [...CHECKS, offBrandColours(options.brandColours ?? [])].flatMap((check) => check(input));
  if (options.untranslated) drafts.push(...untranslated(input));
  // Last, as in a render, where the size is known only once the rest is laid out.
  if (options.htmlBytes !== undefined) drafts.push(...clippingDrafts(document.mode, options.htmlBytes));
  return drafts.map(withMessage);
}

/** The clipping finding alone, for the renderer, which knows the size only once it has merged. */
export const clippingFindings = (document: Pick<DesignDocument, 'mode'>, htmlBytes: number): Finding[] => clippingDrafts(document.mode, htmlBytes).map(withMessage);
