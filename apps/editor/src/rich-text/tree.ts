import type { List, Paragraph } from '@embed/design-document/model';

/** What a text or heading block holds: a text block's paragraphs and lists, a heading's runs. */
export type TextContent = (Paragraph | List)[];

/**
 * The little of a node that reading runs needs. The browser's own nodes have it, and so
 * do the plain objects `runs-view.ts` makes: the same reader runs over a contenteditable
 * element in the editor and over a made tree in unit tests, without a DOM.
 */
export interface TreeNode {
  readonly nodeType: number;
  /** Upper case for HTML elements, `#text` for text. */
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly childNodes: ArrayLike<TreeNode>;
  /** Elements only. */
  getAttribute?(name: string): string | null;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export { MARK_NAMES, type Marks } from '@embed/editor-core';

export const MERGE_TAGS = ['{{contact.first_name}}', '{{contact.last_name}}', '{{contact.email}}', '{{unsubscribe_url}}', '{{preferences_url}}'] as const;

/** The attribute that marks a merge tag's element, holding the tag's exact text. */
export const MERGE_TAG_ATTRIBUTE = 'data-merge-tag';
