import { type Block, type DesignDocument, STYLE_DEFAULTS } from '@embed/design-document/model';
import { formatColour, isLight, luminance, parseColour, type Rgba } from './colour';
import { Remembered } from './remembered';

/**
 * How inboxes that change colours in dark mode change an email's (the designs they get set
 * their own colours; images are never changed):
 * - `partial`: light backgrounds turn dark and dark text and lines turn light; dark
 *   backgrounds and light text stay as they are (Outlook.com, Outlook for iOS and Android,
 *   Gmail for Android).
 * - `full`: every colour turns, dark backgrounds to light ones too (Gmail for iOS, Outlook
 *   for Windows).
 * Apple Mail and Gmail on the web leave a design that sets its own colours as it is.
 * Turning a colour mirrors its perceived lightness (CIE L*: white to black, a light grey to
 * a dark grey, a mid blue to a lighter blue), keeping its hue and saturation; "light" is
 * above the luminance at which a colour contrasts as much with black as with white.
 */
export type DarkModeScheme = 'partial' | 'full';

export const DARK_MODE_SCHEMES: Record<DarkModeScheme, { inboxes: string }> = {
  partial: { inboxes: 'Outlook.com, Outlook for iOS and Android, Gmail for Android' },
  full: { inboxes: 'Gmail for iOS, Outlook for Windows' },
};

type Role = 'background' | 'foreground';

const BACKGROUND_FIELDS = new Set(['backgroundColor', 'contentBackgroundColor', 'buttonColor']);
const FOREGROUND_FIELDS = new Set(['color', 'linkColor']);

function hsl({ r, g, b }: Rgba): [number, number, number] {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue = max === red ? (green - blue) / delta + (green < blue ? 6 : 0) : max === green ? (blue - red) / delta + 2 : (red - green) / delta + 4;
  return [hue / 6, saturation, lightness];
}

function rgb(hue: number, saturation: number, lightness: number, a: number): Rgba {
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const k = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value = k < 1 / 6 ? p + (q - p) * 6 * k : k < 1 / 2 ? q : k < 2 / 3 ? p + (q - p) * (2 / 3 - k) * 6 : p;
    return value * 255;
  };
  return { r: channel(hue + 1 / 3), g: channel(hue), b: channel(hue - 1 / 3), a };
}

// CIE L* (perceived lightness, 0 to 100) from WCAG relative luminance and back.
const lightnessOf = (y: number) => (y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y);
const luminanceOf = (lightness: number) => (lightness > 8 ? ((lightness + 16) / 116) ** 3 : (27 / 24389) * lightness);

/**
 * The colour with its perceived lightness (CIE L*) mirrored, white to black and a mid blue
 * to a lighter blue, its hue and saturation kept: the HSL lightness that gives the mirrored
 * luminance, found by bisection (luminance grows with HSL lightness).
 */
export function invertLightness(colour: Rgba): Rgba {
  const [hue, saturation] = hsl(colour);
  const target = luminanceOf(100 - lightnessOf(luminance(colour)));
  let [low, high] = [0, 1];
  for (let step = 0; step < 24; step++) {
    const middle = (low + high) / 2;
    if (luminance(rgb(hue, saturation, middle, 1)) < target) low = middle;
    else high = middle;
  }
  return rgb(hue, saturation, (low + high) / 2, colour.a);
}

// Each colour is turned once (invertLightness is a bisection), not once per field and check:
// one table per scheme and role, so that a look-up is by the colour as written, with no key
// to build for each of the hundreds a design's checks make.
const turned: Record<DarkModeScheme, Record<Role, Remembered<string>>> = {
  partial: { background: new Remembered(1_000), foreground: new Remembered(1_000) },
  full: { background: new Remembered(1_000), foreground: new Remembered(1_000) },
};

/** A colour as the scheme shows it, in a role; anything that is not a colour stays. */
export function darkColour(value: string, role: Role, scheme: DarkModeScheme): string {
  return turned[scheme][role].get(value, () => turnColour(value, role, scheme));
}

function turnColour(value: string, role: Role, scheme: DarkModeScheme): string {
  const colour = parseColour(value);
  if (!colour || colour.a === 0) return value;
  const turns = scheme === 'full' || (role === 'background' ? isLight(colour) : !isLight(colour));
  return turns ? formatColour(invertLightness(colour)) : value;
}

/** The role of a field's colour, or undefined for a field that holds none; a popup's overlay colour is a background. */
function roleOf(key: string, parentKey: string): Role | undefined {
  if (BACKGROUND_FIELDS.has(key) || (key === 'color' && parentKey === 'overlay')) return 'background';
  return FOREGROUND_FIELDS.has(key) ? 'foreground' : undefined;
}

/**
 * Every colour field of a value, turned by its role. An object or array with nothing inside
 * it that turns comes back as the very same one, not a copy: most of a design (its text runs,
 * images, addresses) has no colour, and the checks darken a design twice in every render.
 */
function turnColours<T>(value: T, scheme: DarkModeScheme, parentKey = ''): T {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return turnItems(value, scheme, parentKey) as T;
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  // A design is plain data: `for...in` sees its own fields, without the array Object.entries makes.
  for (const key in fields) {
    const field = fields[key];
    const role = typeof field === 'string' ? roleOf(key, parentKey) : undefined;
    const result = role ? darkColour(field as string, role, scheme) : turnColours(field, scheme, key);
    if (result !== field) (copy ??= { ...fields })[key] = result;
  }
  return (copy ?? value) as T;
}

/** The items of an array with their colours turned: the same array when none turns. */
function turnItems(items: unknown[], scheme: DarkModeScheme, parentKey: string): unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const result = turnColours(items[index], scheme, parentKey);
    if (result !== items[index]) (copy ??= [...items])[index] = result;
  }
  return copy ?? items;
}

/** A block with the colours it draws by default written out, so that they turn too. */
function withDefaultColours(block: Block): Block {
  switch (block.type) {
    case 'button':
    case 'form':
      return { ...block, style: { buttonColor: STYLE_DEFAULTS.buttonColor, color: STYLE_DEFAULTS.buttonTextColor, ...block.style } } as Block;
    case 'divider':
      return { ...block, style: { color: STYLE_DEFAULTS.dividerColor, ...block.style } };
    default:
      return block;
  }
}

/** The design with every default colour written out: what an inbox actually gets to change. */
function explicitColours(document: DesignDocument): DesignDocument {
  const body = document.body;
  const rows = body.rows.map((row) => ({ ...row, columns: row.columns.map((column) => ({ ...column, blocks: column.blocks.map(withDefaultColours) })) }));
  const style = {
    backgroundColor: STYLE_DEFAULTS.pageColor,
    color: STYLE_DEFAULTS.textColor,
    linkColor: STYLE_DEFAULTS.linkColor,
    ...(document.mode === 'popup' ? { contentBackgroundColor: STYLE_DEFAULTS.popupColor } : {}),
    ...body.style,
  };
  const explicit = { ...document, body: { ...body, style, rows } } as DesignDocument;
  if (explicit.mode === 'document') {
    const band = (name: 'header' | 'footer') => explicit.settings[name] && { ...explicit.settings[name], blocks: explicit.settings[name].blocks.map(withDefaultColours) };
    explicit.settings = { ...explicit.settings, ...(explicit.settings.header ? { header: band('header') } : {}), ...(explicit.settings.footer ? { footer: band('footer') } : {}) };
  }
  return explicit;
}

/**
 * The design with its colours as the scheme's inboxes show it in dark mode: a document the
 * renderer takes as it is (for a dark preview) and the checks judge (for contrast). It
 * shares with `document` every part in which no colour turns: change neither afterwards.
 */
export function darkModeDesign<D extends DesignDocument>(document: D, scheme: DarkModeScheme): D {
  const explicit = explicitColours(document);
  return { ...explicit, settings: turnColours(explicit.settings, scheme), body: turnColours(explicit.body, scheme) } as D;
}
