const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in HTML text and in quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

/** What writes a set of attributes: ` name="value"` for each defined one. */
export type AttributesWriter = (values: Record<string, string | number | boolean | undefined>) => string;

/** ` name="value"` for each defined attribute, values escaped (by `write`); undefined ones are left out. */
export function attributes(values: Record<string, string | number | boolean | undefined>, write = escapeHtml): string {
  let written = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === false) continue;
    written += value === true ? ` ${name}` : ` ${name}="${write(String(value))}"`;
  }
  return written;
}

/** A value as a JavaScript literal that cannot end the script element it sits in. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
