// What a paste or a drop puts into a text: the clipboard's HTML read in an inert document
// (never the live page, so nothing in it loads, runs or shows: no remote image is fetched,
// no frame opens), then kept only in the document's own formats: paragraphs, one level of
// lists, the marks, colours and links the run format has. Headings, fonts, sizes, images
// and frames are not: the text shows exactly what is saved.
import { fieldDefinition, fieldIssue, type Inline } from '@embed/design-document/model';
import { joinRuns } from '@embed/editor-core';
import { readTextContent } from './read-runs';
import type { TextContent } from './tree';

/** Control characters a design never holds (the database refuses NUL); tabs and line ends stay. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

function withoutControls(text: string): string {
  let kept = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isControl(text.charCodeAt(i))) continue;
    kept += text.slice(start, i);
    start = i + 1;
  }
  return start === 0 ? text : kept + text.slice(start);
}

/** How much a text holds, by the document's definition: what a message about a cut paste names. */
export const TEXT_LIMITS = {
  characters: fieldDefinition('inline', ['text']).maxLength as number,
  paragraphs: fieldDefinition('textBlock', ['content']).maxItems as number,
};

/** A run as the document takes it: no control characters, a link only to an address the document allows. */
function documentRun(run: Inline): Inline {
  const { href, ...rest } = run;
  const kept = href !== undefined && fieldIssue('href', href) === null ? { ...rest, href } : rest;
  return { ...kept, text: withoutControls(run.text) };
}

const documentRuns = (runs: Inline[]) => joinRuns(runs.map(documentRun));

/** Pasted content in the document's formats only. */
export function documentContent(content: TextContent): TextContent {
  return content.map((part) => (part.type === 'paragraph' ? { ...part, content: documentRuns(part.content) } : { ...part, items: part.items.map(documentRuns) }));
}

/**
 * Whitespace as a page shows it (CSS's `normal`): each run of it one space, except in
 * preformatted text. The editor's text keeps every space it is given (pre-wrap), so a
 * paste's source layout would otherwise show as spaces and blank lines.
 */
function collapseWhitespace(inert: Document): void {
  const preformatted = inert.querySelector('pre, textarea') !== null;
  const walker = inert.createTreeWalker(inert.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (preformatted && node.parentElement?.closest('pre, textarea')) continue;
    node.nodeValue = (node.nodeValue ?? '').replace(/[ \t\n\r\f]+/g, ' ');
  }
}

/** A line of a page without the spaces at its edges and around its line breaks, which a page does not show. */
function trimmedLine(runs: Inline[]): Inline[] {
  const trimmed = runs.map((run) => ({ ...run, text: run.text.replace(/ ?\n ?/g, '\n') }));
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  if (first) first.text = first.text.trimStart();
  if (last) last.text = last.text.trimEnd();
  return joinRuns(trimmed);
}

/** A page's lines with their edges trimmed, and none left empty: blank lines of a page are its layout (or an image, a frame), not text. */
function pageText(content: TextContent): TextContent {
  return content.flatMap((part): TextContent => {
    if (part.type === 'paragraph') {
      const line = trimmedLine(part.content);
      return line.length ? [{ ...part, content: line }] : [];
    }
    const items = part.items.map(trimmedLine).filter((item) => item.length);
    return items.length ? [{ ...part, items }] : [];
  });
}

/** The clipboard's HTML, parsed in a document of its own that has no window: its images and frames never load. */
export function pastedHtml(html: string): TextContent {
  const inert = new DOMParser().parseFromString(html, 'text/html');
  collapseWhitespace(inert);
  return documentContent(pageText(readTextContent(inert.body)));
}

/** Plain text: each line a paragraph. */
export function pastedText(text: string): TextContent {
  return documentContent(text.split(/\r\n|\r|\n/).map((line) => ({ type: 'paragraph', content: line ? [{ text: line }] : [] })));
}

/** What the clipboard or a drop holds, as the document's content; null when it holds no text. */
export function transferredContent(data: DataTransfer): TextContent | null {
  const hasText = (content: TextContent) => content.some((part) => (part.type === 'paragraph' ? part.content.length : part.items.length));
  const html = data.getData('text/html');
  const rich = html ? pastedHtml(html) : null;
  if (rich && hasText(rich)) return rich;
  // HTML with no text in it (a wrapper the clipboard added): the plain text is what was copied.
  const plain = pastedText(data.getData('text/plain'));
  return hasText(plain) ? plain : null;
}
