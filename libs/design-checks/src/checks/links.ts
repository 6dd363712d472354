import { type Block, type DesignMode, filledTag, type Inline, isLinkScheme, leadingTag, schemeOf } from '@embed/design-document/model';
import type { Params } from '../findings';
import { type Check, type Draft, excerpt } from './types';

export type LinkKind = 'link' | 'button' | 'image' | 'menu' | 'social';

/** A link as a reader meets it: its words and its address ('' when it has none yet). */
export interface Link {
  kind: LinkKind;
  text: string;
  href: string;
}

/** Runs in a row with the same address are one link, as a reader sees it. */
function inlineLinks(runs: Inline[]): Link[] {
  const links: Link[] = [];
  let previous: Inline | undefined;
  for (const run of runs) {
    if (run.href === undefined) {
      previous = undefined;
      continue;
    }
    const last = links[links.length - 1];
    if (previous?.href === run.href && last) last.text += run.text;
    else links.push({ kind: 'link', text: run.text, href: run.href });
    previous = run;
  }
  return links;
}

/** Every link a block shows. */
export function linksOf(block: Block): Link[] {
  switch (block.type) {
    case 'text':
      return block.content.flatMap((part) => (part.type === 'paragraph' ? inlineLinks(part.content) : part.items.flatMap(inlineLinks)));
    case 'heading':
      return inlineLinks(block.content);
    case 'button':
      return [{ kind: 'button', text: block.text, href: block.href ?? '' }];
    case 'image':
      return block.href === undefined ? [] : [{ kind: 'image', text: block.alt ?? '', href: block.href }];
    case 'menu':
      return block.items.map((item) => ({ kind: 'menu', text: item.text, href: item.href ?? '' }));
    case 'social':
      return block.links.map((link) => ({ kind: 'social', text: link.label ?? link.network, href: link.href }));
    default:
      return [];
  }
}

/**
 * Why an address will not take a reader anywhere useful, or undefined when it will. The
 * schema already refuses most bad addresses; what it lets through and still leads nowhere
 * is an empty one, one that starts with a merge tag the service leaves as written, and in
 * an email an anchor or path (an email has no page or site of its own).
 */
export function addressProblem(href: string, mode: DesignMode): 'missing' | 'invalid' | undefined {
  const address = href.trim();
  if (!address) return 'missing';
  const tag = leadingTag(address);
  if (tag) return filledTag(tag.inner) ? undefined : 'invalid';
  const scheme = schemeOf(address);
  if (scheme !== undefined) return isLinkScheme(scheme) ? undefined : 'invalid';
  return mode === 'email' ? 'invalid' : undefined;
}

const MAX_ADDRESS = 80;

export const linkAddress: Check = ({ document, blocks }) =>
  blocks.flatMap(({ block, target }) =>
    linksOf(block).flatMap((link): Draft[] => {
      const problem = addressProblem(link.href, document.mode);
      if (!problem) return [];
      const params: Params = problem === 'missing' ? { text: excerpt(link.text) } : { text: excerpt(link.text), address: excerpt(link.href, MAX_ADDRESS) };
      return [{ check: 'link-address', key: `checks.link-address.${problem}.${link.kind}`, params, target }];
    }),
  );

// Link words that name no destination, in English and French, compared without case,
// accents or punctuation.
const VAGUE_LINK_TEXT = new Set([
  'click here', 'click', 'here', 'click this', 'tap here', 'this', 'this link', 'link', 'read more', 'learn more', 'more',
  'more info', 'more information', 'see more', 'view more', 'find out more', 'go here',
  'cliquez ici', 'cliquer ici', 'clique ici', 'cliquez', 'ici', 'appuyez ici', 'ce lien', 'lien', 'lire la suite', 'lire plus',
  'la suite', 'suite', 'en savoir plus', 'en savoir davantage', 'plus', 'voir plus', 'plus d infos', 'plus d information',
  'plus d informations', 'par ici',
]);

export const normaliseLinkText = (text: string) =>
  text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

const VAGUE_KINDS = new Set<string>(['link', 'button', 'menu']);

export const linkText: Check = ({ blocks }) =>
  blocks.flatMap(({ block, target }) =>
    linksOf(block)
      .filter((link) => VAGUE_KINDS.has(link.kind) && VAGUE_LINK_TEXT.has(normaliseLinkText(link.text)))
      .map((link): Draft => ({ check: 'link-text', key: 'checks.link-text', params: { text: excerpt(link.text) }, target })),
  );
