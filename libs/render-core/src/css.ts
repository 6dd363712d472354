import type { Border } from '@embed/design-document';

/** `a:b;c:d` from the defined declarations, in order. */
export function declarations(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
}

export const px = (value: number | undefined) => (value === undefined ? undefined : `${value}px`);
export const border = (value: Border | undefined) => (value ? `${value.width}px ${value.style} ${value.color}` : undefined);

export { DEFAULT_FONT, HEADING_SIZES } from './defaults';

/** Column widths in percent from their ratios, summing to 100. */
export function columnPercents(ratios: (number | undefined)[]): number[] {
  const shares = ratios.map((ratio) => ratio ?? 1);
  const total = shares.reduce((sum, share) => sum + share, 0);
  return shares.map((share) => Math.floor((share / total) * 10000) / 100);
}

/** A CSS url() whose address cannot end the string it sits in. */
export const cssUrl = (url: string) => `url('${url.replace(/['()\\]/g, (char) => `%${char.charCodeAt(0).toString(16)}`)}')`;

/** A CSS string holding `value` exactly: quotes and backslashes escaped; line breaks and `<` (which could end a style element) as code points. */
export const cssString = (value: string) => `"${value.replace(/["\\]/g, '\\$&').replace(/[\n\r\f<]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}"`;
