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
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '');
  const bounded = Array.from(stem).slice(0, MAX_STEM_LENGTH).join('').trim();
  return `${bounded || 'design'}.${extension}`;
}

/** Content-Disposition for a download: an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
