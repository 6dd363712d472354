// CSS-like values of the source formats, read into the narrow shapes of our document
// (docs/design-document.md, Styles). Each reader answers undefined for what it cannot
// read; the caller leaves the style out, which the renderer draws with its defaults.
import type { Align, Border, Color, FontWeight, Padding, TextAlign } from '@embed/design-document';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_COLOR = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]{1,8})\s*)?\)$/i;
const NAMED_COLORS: Record<string, string> = {
  black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', gray: '#808080', grey: '#808080',
  silver: '#c0c0c0', yellow: '#ffff00', orange: '#ffa500', purple: '#800080', navy: '#000080', teal: '#008080', maroon: '#800000',
};
/** A link's colour where nothing sets one: a browser's, which MJML's and HTML's links show. */
export const BROWSER_LINK_COLOR = '#0000ee';

const hex2 = (n: number) => Math.min(255, n).toString(16).padStart(2, '0');

export function color(value: unknown): Color | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text.length > 40) return undefined;
  if (HEX_COLOR.test(text) || text === 'transparent') return text;
  if (Object.hasOwn(NAMED_COLORS, text)) return NAMED_COLORS[text];
  const rgb = RGB_COLOR.exec(text);
  if (!rgb) return undefined;
  const alpha = rgb[4] === undefined ? '' : hex2(Math.round(clamp(Number(rgb[4]) || 0, 0, 1) * 255));
  return `#${hex2(Number(rgb[1]))}${hex2(Number(rgb[2]))}${hex2(Number(rgb[3]))}${alpha === 'ff' ? '' : alpha}`;
}

/** A padding's four sides in px, top, right, bottom, left (CSS's shorthand read out). */
export function paddingSides(value: Padding | undefined): [number, number, number, number] {
  const [top = 0, right = top, bottom = top, left = right] = (value ?? '').split(' ').filter(Boolean).map((side) => px(side) ?? 0);
  return [top, right, bottom, left];
}

/** The sum of two paddings, side by side; within the schema's 999px a side. */
export function addedPadding(a: Padding | undefined, b: Padding | undefined): Padding | undefined {
  if (!a || !b) return a ?? b;
  const [x, y] = [paddingSides(a), paddingSides(b)];
  return x.map((side, i) => `${Math.min(side + y[i], 999)}px`).join(' ');
}

/** A number of px (`12px`, `12`, `12.5px`), rounded; undefined for other units. */
export function px(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^(-?\d{1,6}(?:\.\d{1,6})?)\s*(?:px)?$/i.exec(value.trim());
  return match ? Math.round(Number(match[1])) : undefined;
}

export const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** `px` kept within [min, max], or undefined. */
export function pxWithin(value: unknown, min: number, max: number): number | undefined {
  const n = px(value);
  return n === undefined ? undefined : clamp(n, min, max);
}

/** One to four px values (`10px 20px`); negative or other units are not paddings we draw. */
export function padding(value: unknown): Padding | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const parts = String(value).trim().split(/\s+/);
  if (parts.length < 1 || parts.length > 4) return undefined;
  const values = parts.map((part) => px(part));
  if (values.some((n) => n === undefined || n < 0)) return undefined;
  return values.map((n) => `${Math.min(n as number, 999)}px`).join(' ');
}

/** A font stack of the characters the schema allows; others are left out of it. */
export function fontFamily(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const stack = value.replace(/"/g, "'").replace(/[^A-Za-z0-9 ,'-]/g, '').trim().slice(0, 200);
  return stack.length ? stack : undefined;
}

/** Unitless, `140%`, or px against the font size. */
export function lineHeight(value: unknown, fontSizePx = 16): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? clamp(Math.round(value * 100) / 100, 0.8, 3) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,4}(?:\.\d{1,4})?)\s*(%|px)?$/.exec(value.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  const ratio = match[2] === '%' ? n / 100 : match[2] === 'px' ? n / fontSizePx : n;
  return clamp(Math.round(ratio * 100) / 100, 0.8, 3);
}

export function fontWeight(value: unknown): FontWeight | undefined {
  if (value === 'bold') return 700;
  if (value === 'normal') return 400;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  return (clamp(Math.round(n / 100), 3, 8) * 100) as FontWeight;
}

export function align(value: unknown): Align | undefined {
  return value === 'left' || value === 'center' || value === 'right' ? value : undefined;
}

export function lineStyle(value: unknown): Border['style'] | undefined {
  return value === 'solid' || value === 'dashed' || value === 'dotted' ? value : undefined;
}

export function textAlign(value: unknown): TextAlign | undefined {
  return value === 'justify' ? value : align(value);
}

/** Text cut to `max` characters, without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}

/** A block's `style` field, left out when there is no style. */
export const withStyle = <S extends object>(style: S | undefined) => (style ? { style } : {});

/** Fields set to undefined left out, so that a style of nothing is no style at all. */
export function defined<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
}

/** `1px solid #ccc`, in any order; `none`, or a width of 0, is no border. */
export function border(value: unknown): Border | undefined {
  if (typeof value !== 'string' || !value || value === 'none' || value.length > 200) return undefined;
  const words = value.trim().split(/\s+/).slice(0, 6);
  const width = words.map((word) => px(word)).find((n) => n !== undefined);
  const style = words.find((word): word is Border['style'] => word === 'solid' || word === 'dashed' || word === 'dotted');
  const colour = words.map((word) => color(word)).find(Boolean);
  return width !== undefined && width > 0 && style && colour ? { width: clamp(width, 0, 20), style, color: colour } : undefined;
}

/** A colour that paints: `transparent` and what cannot be read are none. */
export function paint(value: unknown): Color | undefined {
  const read = color(value);
  return read === 'transparent' ? undefined : read;
}

/**
 * Padding from CSS declarations: the `padding` shorthand, with `padding-top`... over it
 * (as a browser reads them in that order).
 */
export function paddingOfCss(style: (property: string) => unknown): Padding | undefined {
  const sides = ['top', 'right', 'bottom', 'left'];
  const base = (padding(style('padding')) ?? '').split(' ').filter(Boolean);
  const shorthand = [base[0], base[1] ?? base[0], base[2] ?? base[0], base[3] ?? base[1] ?? base[0]];
  const values = sides.map((side, i) => {
    const own = px(style(`padding-${side}`));
    return own !== undefined && own >= 0 ? `${Math.min(own, 999)}px` : shorthand[i];
  });
  if (values.every((value) => value === undefined)) return undefined;
  return values.map((value) => value ?? '0px').join(' ');
}
