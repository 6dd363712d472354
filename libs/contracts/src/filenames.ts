const MAX_STEM_LENGTH = 100;

/**
 * A file name made from a design's name that is safe anywhere it lands: no path
 * separators, no control or reserved characters, no leading dots, bounded length;
 * letters of any script are kept. `extension` is ours (`pdf`, `png`, `zip`).
 */
export function safeFilename(name: string, extension: string): string {
  const stem = name
    .normalize('NFC')
    // Anything but letters, digits, spaces and a few harmless marks becomes a dash.
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-');
  const bounded = Array.from(trimEdges(stem)).slice(0, MAX_STEM_LENGTH).join('').trim();
  return `${bounded || 'design'}.${extension}`;
}

const EDGES = new Set([' ', '.', '-']);

/** The text without spaces, dots and dashes at its ends, read once from each end (a pattern anchored at the end is tried again from each of them). */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGES.has(text[start])) start++;
  while (end > start && EDGES.has(text[end - 1])) end--;
  return text.slice(start, end);
}
