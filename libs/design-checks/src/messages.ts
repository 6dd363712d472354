import type { Finding, Params, Target } from './findings';
import { Remembered } from './remembered';
import { withFields } from './with-fields';

/**
 * The English words of every finding, by catalogue key; `{name}` stands for a value.
 * The editor's catalogues take these keys (its French one translates each), and the
 * server's `warnings` are these words. A template never holds a literal brace: a merge
 * tag such as {{unsubscribe_url}} comes in as a value.
 */
export const DESIGN_CHECK_MESSAGES = {
  'checks.place.block': 'row {row}, column {column}, block {block}',
  'checks.place.header': 'the header, block {block}',
  'checks.place.footer': 'the footer, block {block}',
  'checks.place.row': 'row {row}',
  'checks.place.subject': 'the subject',
  'checks.place.preheader': 'the preheader',
  'checks.place.design': 'the design',

  'checks.text.content': 'its text',
  'checks.text.text': 'its text',
  'checks.text.alt': 'its alt text',
  'checks.text.html': 'its HTML',
  'checks.text.submitText': 'its button’s text',
  'checks.text.successMessage': 'its message once sent',
  'checks.text.items': 'menu item {item}',
  'checks.text.labels': 'the label of link {item}',
  'checks.text.fields.label': 'the label of field {field}',
  'checks.text.fields.placeholder': 'the placeholder of field {field}',
  'checks.text.fields.options': 'choice {option} of field {field}',
  'checks.text.subject': 'the subject',
  'checks.text.preheader': 'the preheader',
  'checks.text.title': 'the title',
  'checks.text.description': 'the description',
  'checks.text.label': 'the popup’s label',

  'checks.gmail-clipping': 'The HTML is {size} KB, over Gmail\'s {limit} KB clipping size: Gmail hides the rest of the email, unsubscribe link included, behind "View entire message".',
  'checks.untranslated': 'The block in {place} has texts not yet translated into {language}, which show in the default language: {texts}.',
  'checks.untranslated-settings': 'The design’s settings have texts not yet translated into {language}, which show in the default language: {texts}.',
  'checks.image-alt': 'Image in {place} has no alt text: screen readers, and mail clients that block images, show nothing in its place.',
  'checks.inline-image': 'Image in {place} is inline (data:), and stays inline: many mail clients block or drop inline images and it makes the HTML heavy; upload it instead.',
  'checks.link-address.missing.link': 'Link "{text}" in {place} has no address: it is shown as plain text.',
  'checks.link-address.missing.button': 'Button "{text}" in {place} has no address: it is shown but leads nowhere.',
  'checks.link-address.missing.image': 'Image link in {place} has no address: the image is shown without a link.',
  'checks.link-address.missing.menu': 'Menu item "{text}" in {place} has no address: it is shown as plain text.',
  'checks.link-address.missing.social': 'Social link "{text}" in {place} has no address: it leads nowhere.',
  'checks.link-address.invalid.link': 'Link "{text}" in {place} goes to {address}, which is not an http(s), mailto or tel address or a merge tag this service fills: it leads nowhere.',
  'checks.link-address.invalid.button': 'Button "{text}" in {place} goes to {address}, which is not an http(s), mailto or tel address or a merge tag this service fills: it leads nowhere.',
  'checks.link-address.invalid.image': 'Image link in {place} goes to {address}, which is not an http(s), mailto or tel address or a merge tag this service fills: it leads nowhere.',
  'checks.link-address.invalid.menu': 'Menu item "{text}" in {place} goes to {address}, which is not an http(s), mailto or tel address or a merge tag this service fills: it leads nowhere.',
  'checks.link-address.invalid.social': 'Social link "{text}" in {place} goes to {address}, which is not an http(s), mailto or tel address or a merge tag this service fills: it leads nowhere.',
  'checks.link-text': 'Link text "{text}" in {place} says nothing about where it leads: screen readers list links by their text alone; name the destination instead.',
  'checks.contrast.text': 'Text "{text}" in {place} has a contrast of {ratio}:1 against the {background} behind it, under the {required}:1 that WCAG AA asks for.',
  'checks.contrast.button-label': 'The label of button "{text}" in {place} has a contrast of {ratio}:1 against the button\'s {background}, under the {required}:1 that WCAG AA asks for.',
  'checks.contrast.button-shape': 'Button "{text}" in {place} has a contrast of {ratio}:1 against the {background} behind it, under the 3:1 that WCAG AA asks for a control: it does not stand out as a button.',
  'checks.dark-contrast.text': 'In dark mode as {inboxes} show it, text "{text}" in {place} has a contrast of {ratio}:1 against the {background} behind it, under the {required}:1 that WCAG AA asks for.',
  'checks.dark-contrast.button-label': 'In dark mode as {inboxes} show it, the label of button "{text}" in {place} has a contrast of {ratio}:1 against the button\'s {background}, under the {required}:1 that WCAG AA asks for.',
  'checks.dark-contrast.button-shape': 'In dark mode as {inboxes} show it, button "{text}" in {place} has a contrast of {ratio}:1 against the {background} behind it, under the 3:1 that WCAG AA asks for a control.',
  'checks.heading-order': 'Heading "{text}" in {place} is level {level} after a level {previous} heading: screen readers outline the design by heading levels, so do not skip one.',
  'checks.merge-tag': '{tag} in {place} is not a merge tag this service fills (contact.<field>, unsubscribe_url, preferences_url): it stays as written.',
  'checks.unsubscribe-link': 'The email has no {tag} link: bulk senders must offer a way out (Gmail and Yahoo require one).',
  'checks.email-subject': 'The email has no subject.',
  'checks.email-preheader': 'The email has no preheader: inboxes show the first words of the body instead.',
  'checks.background-fallback': 'The background image of {place} has no background colour: where images are blocked (and in Outlook) its text may be unreadable.',
  'checks.popup-close': 'The popup has no close button and no overlay that closes it: people on a touch screen cannot close it (Escape works only from a keyboard).',
  'checks.off-brand-colour': 'Colour {colour} in {place} is not one of the brand kit’s colours.',
} as const;

export type DesignCheckMessageKey = keyof typeof DESIGN_CHECK_MESSAGES;

/** How a catalogue turns a key and its values into words (the editor passes its own, per locale). */
export type Translate = (key: string, params: Params) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders of a template, in order: catalogues are compared by them. */
export const placeholders = (template: string) => [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);

// Each template cut at its placeholders once, its text at even places and their names at odd
// ones, rather than matched again for every message: a render writes two for each finding
// (its words and its place), and a pattern replaced through a function is slow at it.
const templatePieces = new Remembered<string[]>(1_000);

/** Fills `{name}` in one pass, so a value that holds braces is never read as a placeholder. */
export function fillTemplate(template: string, params: Params, formatNumber: (value: number) => string = String): string {
  const pieces = templatePieces.get(template, () => template.split(PLACEHOLDER));
  let filled = pieces[0];
  for (let at = 1; at < pieces.length; at += 2) {
    const value = params[pieces[at]];
    filled += (value === undefined ? `{${pieces[at]}}` : typeof value === 'number' ? formatNumber(value) : value) + pieces[at + 1];
  }
  return filled;
}

/** The catalogue key and values that name a target in words. */
export function placeOf(target: Target): { key: DesignCheckMessageKey; params: Params } {
  switch (target.kind) {
    case 'block':
      return { key: 'checks.place.block', params: { row: target.path.row + 1, column: target.path.column + 1, block: target.path.block + 1 } };
    case 'band':
      return { key: `checks.place.${target.band}`, params: { block: target.block + 1 } };
    case 'row':
      return { key: 'checks.place.row', params: { row: target.row + 1 } };
    case 'setting':
      return target.field === 'closeButton' ? { key: 'checks.place.design', params: {} } : { key: `checks.place.${target.field}`, params: {} };
    case 'design':
      return { key: 'checks.place.design', params: {} };
  }
}

/**
 * Where a translation leaves a text out, as design-document's untranslatedTexts names it
 * (`content`, `items[1]`, `fields[2].options[0]`): a field, an index, a field of the item, its index.
 */
const TEXT_PLACE = /^([A-Za-z]+)(?:\[(\d{1,4})\])?(?:\.([A-Za-z]+)(?:\[(\d{1,4})\])?)?$/;

/** A text a translation leaves out in words (`choice 1 of field 3`); a place the catalogue has no words for, as written. */
function textName(place: string, translate: Translate): string {
  const [, field, index, inner, innerIndex] = TEXT_PLACE.exec(place) ?? [];
  const key = inner ? `checks.text.${field}.${inner}` : `checks.text.${field}`;
  if (!field || !(key in DESIGN_CHECK_MESSAGES)) return place;
  const ordinal = (at: string | undefined) => (at === undefined ? 0 : Number(at) + 1);
  return translate(key, inner ? { field: ordinal(index), option: ordinal(innerIndex) } : { item: ordinal(index) });
}

/**
 * A finding in the words of a catalogue: the editor passes its translator, the server the
 * English one. Its place comes from its target, and the texts a translation leaves out
 * (`textPlaces`, as the untranslated check lists them) are named in the same words.
 */
export function describeFinding(finding: Pick<Finding, 'key' | 'params' | 'target'>, translate: Translate): string {
  const place = placeOf(finding.target);
  const { textPlaces } = finding.params;
  const params: Params = withFields(finding.params, { place: translate(place.key, place.params) });
  if (typeof textPlaces === 'string') params.texts = textPlaces.split(', ').map((one) => textName(one, translate)).join(', ');
  return translate(finding.key, params);
}

export const english: Translate = (key, params) => fillTemplate((DESIGN_CHECK_MESSAGES as Record<string, string>)[key] ?? key, params);
