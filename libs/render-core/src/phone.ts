import type { Align, Block, BlockPhone, HideOn } from '@embed/design-document';

// Phone overrides become CSS under a media query, one class per overridden row or block
// (ed-ph1, ed-ph2, ... in document order, so that the same design gives the same output).
// Each declaration is !important: it must win over the inline style the desktop design
// writes on the element. A design without overrides adds no class and no rule.

type Values = Record<string, string | number | undefined>;
/** A selector below the element's class (`''` for the element itself, `'>table'`, ` img`) and what it sets there. */
export type PhoneRule = [below: string, values: Values];

const important = (values: Values) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([property, value]) => `${property}:${value} !important`)
    .join(';');

export class PhoneRules {
  private readonly rules: string[] = [];
  private count = 0;

  /** The class that carries the rules on its element, or undefined when they set nothing. */
  add(rules: PhoneRule[]): string | undefined {
    const written = rules.map(([below, values]) => [below, important(values)] as const).filter(([, css]) => css !== '');
    if (written.length === 0) return undefined;
    const name = `ed-ph${++this.count}`;
    for (const [below, css] of written) this.rules.push(`.${name}${below}{${css}}`);
    return name;
  }

  /** The rules inside the media query of narrow screens, or '' when the design has none. */
  css(media: string): string {
    return this.rules.length === 0 ? '' : `@media ${media}{${this.rules.join('')}}`;
  }
}

/** The element's classes for where it is hidden and for its phone overrides, or undefined for neither. */
export const deviceClasses = (hideOn: HideOn | undefined, phoneClass: string | undefined) =>
  [hideOn && `ed-hide-${hideOn}`, phoneClass].filter(Boolean).join(' ') || undefined;

/** A block's phone overrides, whichever of them its type takes (the schema holds each type to its own). */
export const blockPhone = (block: Block): BlockPhone => (block.phone ?? {}) as BlockPhone;

/** The margins that place a box (a table, an image, a line) left, centred or right in its container. */
export function alignMargins(align: Align | undefined): Values {
  if (align === undefined) return {};
  return { 'margin-left': align === 'left' ? '0' : 'auto', 'margin-right': align === 'right' ? '0' : 'auto' };
}

export const pxOf = (value: number | undefined) => (value === undefined ? undefined : `${value}px`);
