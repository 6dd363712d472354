// Colours as the design document writes them (`#rgb`, `#rrggbb`, `#rrggbbaa`, `transparent`)
// and the WCAG 2.x formulas over them. Written here rather than taken from a colour library:
// the document allows only these hex forms, the formulas are a few lines, and the smallest
// tree-shaken import of culori for the same work adds about 7 KB gzip to the editor's 18 KB.

import { Remembered } from './remembered';

/** sRGB channels 0 to 255 and alpha 0 to 1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

function readColour(value: string): Readonly<Rgba> | undefined {
  if (value === 'transparent') return Object.freeze({ r: 0, g: 0, b: 0, a: 0 });
  if (!HEX.test(value)) return undefined;
  const digits = value.length === 4 ? [...value.slice(1)].map((digit) => digit + digit).join('') : value.slice(1);
  const channel = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return Object.freeze({ r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 });
}

const colours = new Remembered<Readonly<Rgba> | undefined>(1_000);

/** The colour a document's value stands for; undefined for anything that is not one. */
export const parseColour = (value: string): Readonly<Rgba> | undefined => colours.get(value, () => readColour(value));

const hex2 = (value: number) => Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, '0');

/** `#rrggbb`, or `#rrggbbaa` when not opaque: a value the design document accepts. */
export function formatColour({ r, g, b, a }: Rgba): string {
  return `#${hex2(r)}${hex2(g)}${hex2(b)}${a < 1 ? hex2(a * 255) : ''}`;
}

/** `top` painted over an opaque `bottom` (source-over, as browsers composite). */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (front: number, back: number) => front * top.a + back * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

const toLinear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

// Written colours have whole channels: theirs are looked up (a design's checks take thousands).
const LINEAR = Array.from({ length: 256 }, (_, channel) => toLinear(channel));
const linear = (channel: number) => LINEAR[channel] ?? toLinear(channel);

/** WCAG 2.x relative luminance of an opaque colour, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgba): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.x contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/**
 * The luminance at which a colour contrasts as much with black as with white
 * ((L + 0.05) / 0.05 = 1.05 / (L + 0.05)): above it a colour reads as light.
 */
export const MIDDLE_LUMINANCE = Math.sqrt(1.05 * 0.05) - 0.05;

export const isLight = (colour: Rgba) => luminance(colour) > MIDDLE_LUMINANCE;
