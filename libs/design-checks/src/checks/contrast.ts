import { type Block, type Body, type Inline, STYLE_DEFAULTS } from '@embed/design-document/model';
import { contrastRatio, formatColour, over, parseColour, type Rgba } from '../colour';
import type { CheckId, Params, Target } from '../findings';
import type { PlacedBlock } from '../placed';
import { withFields } from '../with-fields';
import { type CheckInput, type Draft, excerpt } from './types';

// WCAG 2.x AA: 4.5:1 for text, 3:1 for large text (24px, or 18.66px bold: 18pt and 14pt)
// and for what identifies a control (1.4.11, here a button's shape against its surroundings).
export const TEXT_MINIMUM = 4.5;
export const LARGE_TEXT_MINIMUM = 3;
export const CONTROL_MINIMUM = 3;
const BOLD = 700;

export const isLargeText = (size: number, weight: number) => size >= 24 || (size >= 18.66 && weight >= BOLD);

/** A stretch of text as drawn: its words, colour as written, size in px and weight. */
interface Sample {
  text: string;
  colour: string | undefined;
  size: number;
  weight: number;
}

/** A layer painted over an opaque backdrop; a layer that is not a colour, or none, paints nothing. */
function paint(layer: string | undefined, backdrop: Rgba): Rgba {
  const parsed = layer === undefined ? undefined : parseColour(layer);
  return parsed ? over(parsed, backdrop) : backdrop;
}

/** The page's colour with the layers painted over it, bottom first. */
export function backdropOf(layers: readonly (string | undefined)[]): Rgba {
  let colour = parseColour(STYLE_DEFAULTS.pageColor) as Rgba;
  for (const layer of layers) colour = paint(layer, colour);
  return colour;
}

/**
 * Each run as drawn, added to `samples`: links in the link colour unless the run sets its
 * own, bold runs bolder. Gathered into one list rather than a list per line and run: text
 * is most of a design, and its contrast is judged three times (light, then each dark mode).
 */
function addRunSamples(samples: Sample[], runs: Inline[], base: Omit<Sample, 'text'>, linkColour: string) {
  for (const run of runs)
    if (run.text.trim())
      samples.push({
        text: run.text,
        colour: run.color ?? (run.href ? linkColour : base.colour),
        size: base.size,
        weight: run.bold ? Math.max(base.weight, BOLD) : base.weight,
      });
}

/** The text a block draws (buttons aside), with the colour its own box paints behind it. */
function textOf(block: Block, body: NonNullable<Body['style']>): { samples: Sample[]; own?: string } {
  const colour = body.color ?? STYLE_DEFAULTS.textColor;
  const link = body.linkColor ?? STYLE_DEFAULTS.linkColor;
  const size = body.fontSize ?? STYLE_DEFAULTS.fontSize;
  switch (block.type) {
    case 'text': {
      const style = block.style ?? {};
      const base = { colour: style.color ?? colour, size: style.fontSize ?? size, weight: style.fontWeight ?? 400 };
      const samples: Sample[] = [];
      for (const part of block.content)
        if (part.type === 'paragraph') addRunSamples(samples, part.content, base, style.linkColor ?? link);
        else for (const item of part.items) addRunSamples(samples, item, base, style.linkColor ?? link);
      return { samples, own: style.backgroundColor };
    }
    case 'heading': {
      const style = block.style ?? {};
      const base = { colour: style.color ?? colour, size: style.fontSize ?? STYLE_DEFAULTS.headingSizes[block.level], weight: style.fontWeight ?? STYLE_DEFAULTS.headingFontWeight };
      const samples: Sample[] = [];
      addRunSamples(samples, block.content, base, style.linkColor ?? link);
      return { samples, own: style.backgroundColor };
    }
    case 'menu': {
      const style = block.style ?? {};
      const itemSize = style.fontSize ?? size;
      const weight = style.fontWeight ?? 400;
      return { samples: block.items.map((item) => ({ text: item.text, colour: style.color ?? (item.href ? link : colour), size: itemSize, weight })) };
    }
    default:
      return { samples: [] };
  }
}

/** A sample's contrast against an opaque backdrop; undefined for text that paints nothing. */
function ratioOf(colour: string | undefined, backdrop: Rgba): number | undefined {
  const parsed = colour === undefined ? undefined : parseColour(colour);
  if (!parsed || parsed.a === 0) return undefined;
  return contrastRatio(over(parsed, backdrop), backdrop);
}

/** Shown ratios are cut, never rounded up: 4.496 is 4.49, which fails 4.5. */
const shown = (ratio: number) => Math.floor(ratio * 100) / 100;

interface Verdict {
  kind: 'text' | 'button-label' | 'button-shape';
  text: string;
  ratio: number;
  required: number;
  background: Rgba;
}

function textVerdict(placed: PlacedBlock, body: NonNullable<Body['style']>): Verdict | undefined {
  const { samples, own } = textOf(placed.block, body);
  // A block that draws no text (an image, a spacer) has no backdrop to work out.
  if (samples.length === 0) return undefined;
  const background = paint(own, backdropOf(placed.backdrop));
  let worst: Verdict | undefined;
  for (const sample of samples) {
    const ratio = ratioOf(sample.colour, background);
    if (ratio === undefined) continue;
    const required = isLargeText(sample.size, sample.weight) ? LARGE_TEXT_MINIMUM : TEXT_MINIMUM;
    if (ratio < required && (!worst || ratio / required < worst.ratio / worst.required))
      worst = { kind: 'text', text: sample.text, ratio, required, background };
  }
  return worst;
}

function buttonVerdicts(placed: PlacedBlock, body: NonNullable<Body['style']>): Verdict[] {
  const { block } = placed;
  if (block.type !== 'button' && block.type !== 'form') return [];
  const style = block.style ?? {};
  const text = block.type === 'button' ? block.text : block.submitText;
  const surroundings = backdropOf(placed.backdrop);
  const face = paint(style.buttonColor ?? STYLE_DEFAULTS.buttonColor, surroundings);
  const verdicts: Verdict[] = [];
  const size = style.fontSize ?? body.fontSize ?? STYLE_DEFAULTS.fontSize;
  const required = isLargeText(size, style.fontWeight ?? STYLE_DEFAULTS.buttonFontWeight) ? LARGE_TEXT_MINIMUM : TEXT_MINIMUM;
  const label = ratioOf(style.color ?? STYLE_DEFAULTS.buttonTextColor, face);
  if (label !== undefined && label < required) verdicts.push({ kind: 'button-label', text, ratio: label, required, background: face });
  // The button's face, or a border around it, must stand out from what is behind it.
  const faceRatio = contrastRatio(face, surroundings);
  const borderRatio = style.border && style.border.width >= 1 ? (ratioOf(style.border.color, surroundings) ?? 1) : 1;
  if (Math.max(faceRatio, borderRatio) < CONTROL_MINIMUM)
    verdicts.push({ kind: 'button-shape', text, ratio: faceRatio, required: CONTROL_MINIMUM, background: surroundings });
  return verdicts;
}

/** The contrast findings of a design, as `check` (the light design, or one as an inbox darkens it). */
export function contrastDrafts({ document, blocks }: CheckInput, check: CheckId, extra: Params = {}): Draft[] {
  const body = document.body.style ?? {};
  const drafts: Draft[] = [];
  const report = (verdict: Verdict, target: Target) =>
    drafts.push({
      check,
      key: `checks.${check}.${verdict.kind}`,
      params: withFields(extra, { text: excerpt(verdict.text), ratio: shown(verdict.ratio), required: verdict.required, background: formatColour(verdict.background) }),
      target,
    });
  for (const placed of blocks) {
    const text = textVerdict(placed, body);
    if (text) report(text, placed.target);
    for (const verdict of buttonVerdicts(placed, body)) report(verdict, placed.target);
  }
  return drafts;
}

export const contrast = (input: CheckInput) => contrastDrafts(input, 'contrast');
