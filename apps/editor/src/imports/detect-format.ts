import type { ImportFormat } from '@embed/contracts';

/** The formats a person may choose: IMPORT_FORMATS of @embed/contracts, whose module the editor does not carry (detect-format.spec.ts holds the two the same). */
export const IMPORT_CHOICES: readonly ImportFormat[] = ['unlayer', 'beefree', 'mjml', 'html'];

/**
 * The format a pasted text or a file most likely is: JSON with `page.rows` is Beefree's,
 * with `body.rows` Unlayer's; markup with an `<mjml>` root is MJML, any other markup HTML.
 * Undefined when it is none of these (the person then chooses).
 */
export function detectFormat(text: string): ImportFormat | undefined {
  const start = text.trimStart();
  if (start.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(start);
      const rows = (value: unknown, key: string) => typeof value === 'object' && value !== null && Array.isArray((value as Record<string, { rows?: unknown }>)[key]?.rows);
      if (rows(parsed, 'page')) return 'beefree';
      if (rows(parsed, 'body')) return 'unlayer';
    } catch {
      return undefined;
    }
    return undefined;
  }
  if (/^(?:<\?xml[^>]{0,200}>\s*)?<mjml[\s>]/i.test(start)) return 'mjml';
  return start.startsWith('<') ? 'html' : undefined;
}
