import { type Block, type DesignDocument, filledTag, type Inline, tagsIn, type WrittenTag } from '@embed/design-document/model';
import type { Target } from '../findings';
import { rowTarget } from '../placed';
import { type Check, type Draft, excerpt } from './types';

const isInline = (src: string) => src.trim().toLowerCase().startsWith('data:');

export const imageAlt: Check = ({ blocks }) =>
  blocks
    .filter(({ block }) => (block.type === 'image' || block.type === 'video') && !block.alt?.trim())
    .map(({ target }) => ({ check: 'image-alt', key: 'checks.image-alt', params: {}, target }));

export const inlineImage: Check = ({ blocks }) =>
  blocks
    .filter(({ block }) => (block.type === 'image' && isInline(block.src)) || (block.type === 'video' && isInline(block.thumbnail)))
    .map(({ target }) => ({ check: 'inline-image', key: 'checks.inline-image', params: {}, target }));

export const backgroundFallback: Check = ({ document }) =>
  document.body.rows.flatMap((row, r): Draft[] =>
    row.style?.backgroundImage && !row.style.backgroundColor
      ? [{ check: 'background-fallback', key: 'checks.background-fallback', params: {}, target: rowTarget(document, r) }]
      : [],
  );

const runsText = (runs: Inline[]) => runs.map((run) => run.text).join('');

export const headingOrder: Check = ({ blocks }) => {
  const drafts: Draft[] = [];
  let previous: number | undefined;
  for (const { block, target } of blocks) {
    if (block.type !== 'heading') continue;
    if (previous !== undefined && block.level > previous + 1)
      drafts.push({ check: 'heading-order', key: 'checks.heading-order', params: { text: excerpt(runsText(block.content)), level: block.level, previous }, target });
    previous = block.level;
  }
  return drafts;
};

/**
 * The merge tags of every string a value holds, however deep, in order (gathered into `tags`).
 * Every block is read twice (for unfilled tags, and for the unsubscribe link): the walk
 * takes plain loops, with no array of each object's values made on the way.
 */
function tagsInValue(value: unknown, tags: WrittenTag[] = []): WrittenTag[] {
  // Most strings hold no braces: `includes` rules them out far faster than the pattern.
  if (typeof value === 'string') {
    if (value.includes('{{')) tags.push(...tagsIn(value));
  } else if (Array.isArray(value)) {
    for (const item of value) tagsInValue(item, tags);
  } else if (value && typeof value === 'object') {
    // A design is plain data: `for...in` sees its own fields.
    for (const key in value) tagsInValue((value as Record<string, unknown>)[key], tags);
  }
  return tags;
}

/** Every piece of a design that is rendered, with what a finding in it is about. */
function renderedParts(document: DesignDocument, blocks: { block: Block; target: Target }[]): { target: Target; value: unknown }[] {
  const settings: { target: Target; value: unknown }[] =
    document.mode === 'email'
      ? [{ target: { kind: 'setting', field: 'subject' }, value: document.settings.subject }, { target: { kind: 'setting', field: 'preheader' }, value: document.settings.preheader }]
      : // A document's header and footer are among its blocks.
        [{ target: { kind: 'design' }, value: document.mode === 'document' ? { ...document.settings, header: undefined, footer: undefined } : document.settings }];
  return [
    ...settings,
    { target: { kind: 'design' }, value: document.body.fonts },
    ...document.body.rows.map((row, r) => ({ target: rowTarget(document, r), value: row.style })),
    ...blocks.map(({ block, target }) => ({ target, value: block })),
  ];
}

export const mergeTag: Check = ({ document, blocks }) => {
  const drafts: Draft[] = [];
  for (const { target, value } of renderedParts(document, blocks)) {
    // Each tag once per part, where it is first written.
    const unfilled = new Set<string>();
    for (const { tag, inner } of tagsInValue(value)) if (!filledTag(inner)) unfilled.add(tag);
    for (const tag of unfilled) drafts.push({ check: 'merge-tag', key: 'checks.merge-tag', params: { tag }, target });
  }
  return drafts;
};

export const unsubscribeLink: Check = ({ document, blocks }) => {
  if (document.mode !== 'email') return [];
  const offered = blocks.some(({ block }) => tagsInValue(block).some(({ inner }) => filledTag(inner)?.kind === 'unsubscribe_url'));
  return offered ? [] : [{ check: 'unsubscribe-link', key: 'checks.unsubscribe-link', params: { tag: '{{unsubscribe_url}}' }, target: { kind: 'design' } }];
};

export const emailSettings: Check = ({ document }) => {
  if (document.mode !== 'email') return [];
  const drafts: Draft[] = [];
  if (!document.settings.subject.trim()) drafts.push({ check: 'email-subject', key: 'checks.email-subject', params: {}, target: { kind: 'setting', field: 'subject' } });
  if (!document.settings.preheader?.trim()) drafts.push({ check: 'email-preheader', key: 'checks.email-preheader', params: {}, target: { kind: 'setting', field: 'preheader' } });
  return drafts;
};

export const popupClose: Check = ({ document }) => {
  if (document.mode !== 'popup') return [];
  const { closeButton, overlay } = document.settings;
  // The renderer's overlay closes on a click unless told not to; a hidden overlay takes no clicks.
  const closable = closeButton?.show !== false || (overlay?.show === true && overlay.closeOnClick !== false);
  return closable ? [] : [{ check: 'popup-close', key: 'checks.popup-close', params: {}, target: { kind: 'setting', field: 'closeButton' } }];
};
