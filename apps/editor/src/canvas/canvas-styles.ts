import type { Block, Border, ButtonStyle, Column, DesignDocument, Row, TextStyle } from '@embed/design-document/model';
import { contentWidthOf, RENDER_DEFAULTS as D } from '@embed/render-core/defaults';

// The canvas's inline styles, from the renderer's own defaults (libs/render-core/src/defaults.ts)
// and the design's styles, so the canvas lays a design out as the renderer does.

export type Css = Record<string, string>;

/** The declarations whose values are set. */
function css(values: Record<string, string | number | undefined | false>): Css {
  const out: Css = {};
  for (const [property, value] of Object.entries(values)) if (value !== undefined && value !== false && value !== '') out[property] = String(value);
  return out;
}

const px = (value: number | undefined) => (value === undefined ? undefined : `${value}px`);
export const borderCss = (border: Border | undefined) => (border ? `${border.width}px ${border.style} ${border.color}` : undefined);

/** The content area: its width, font and colours. */
export function contentCss(doc: DesignDocument): Css {
  const style = doc.body.style ?? {};
  return css({
    'max-width': px(contentWidthOf(doc)),
    // An email of a fixed width is as wide on a phone as anywhere, as the renderer draws it.
    'min-width': doc.mode === 'email' && style.fixedWidth ? px(contentWidthOf(doc)) : undefined,
    'background-color': style.contentBackgroundColor ?? D.contentBackgroundColor,
    'font-family': style.fontFamily ?? D.fontFamily,
    'font-size': px(style.fontSize ?? D.fontSize),
    color: style.color ?? D.color,
    'line-height': style.lineHeight ?? D.lineHeight,
    '--link-color': style.linkColor ?? D.linkColor,
  });
}

export function rowCss(row: Row): Css {
  const style = row.style ?? {};
  const image = style.backgroundImage;
  return css({
    'background-color': style.backgroundColor,
    'background-image': image && `url("${encodeURI(image.url)}")`,
    'background-size': image && (image.size ?? 'cover'),
    'background-position': image && `center ${image.position ?? 'center'}`,
    'background-repeat': image && (image.repeat ? 'repeat' : 'no-repeat'),
  });
}

/** The row's inner box, which holds its columns as the renderer's grid does. */
export function rowInnerCss(row: Row): Css {
  const style = row.style ?? {};
  return css({
    'grid-template-columns': row.columns.map((column) => `${column.ratio ?? 1}fr`).join(' '),
    padding: style.padding,
    'background-color': style.contentBackgroundColor,
    border: borderCss(style.border),
    'border-radius': px(style.borderRadius),
  });
}

const ALIGN_SELF = { top: 'start', middle: 'center', bottom: 'end' } as const;

export function columnCss(column: Column): Css {
  const style = column.style ?? {};
  return css({
    padding: style.padding,
    'background-color': style.backgroundColor,
    border: borderCss(style.border),
    'border-radius': px(style.borderRadius),
    'align-self': ALIGN_SELF[style.verticalAlign ?? 'top'],
  });
}

function textCss(style: TextStyle | undefined, mode: DesignDocument['mode']): Css {
  return css({
    padding: style?.padding ?? (mode === 'email' ? D.emailBlockPadding : undefined),
    'background-color': style?.backgroundColor,
    border: borderCss(style?.border),
    'border-radius': px(style?.borderRadius),
    'text-align': style?.textAlign,
    'font-family': style?.fontFamily,
    'font-size': px(style?.fontSize),
    'font-weight': style?.fontWeight,
    color: style?.color,
    'line-height': style?.lineHeight,
    '--link-color': style?.linkColor,
  });
}

export function buttonCss(style: ButtonStyle | undefined): Css {
  return css({
    'background-color': style?.buttonColor ?? D.button.buttonColor,
    color: style?.color ?? D.button.color,
    padding: style?.innerPadding ?? D.button.innerPadding,
    border: borderCss(style?.border),
    'border-radius': px(style?.borderRadius ?? D.button.borderRadius),
    'font-family': style?.fontFamily,
    'font-size': px(style?.fontSize),
    'font-weight': style?.fontWeight ?? D.button.fontWeight,
    display: style?.fullWidth ? 'block' : 'inline-block',
  });
}

/** The box around a block (padding, alignment), and the styles of the block's own element. */
export function blockCss(block: Block, mode: DesignDocument['mode']): { box: Css; inner: Css } {
  const emailPadding = mode === 'email' ? D.emailBlockPadding : undefined;
  switch (block.type) {
    case 'text':
      return { box: {}, inner: textCss(block.style, mode) };
    case 'heading':
      return {
        box: {},
        inner: { 'font-size': `${D.heading.sizes[block.level]}px`, 'font-weight': String(D.heading.fontWeight), 'line-height': String(D.heading.lineHeight), ...textCss(block.style, mode) },
      };
    case 'image':
    case 'video': {
      const style = block.style;
      return {
        box: css({ padding: style?.padding, 'background-color': style?.backgroundColor, 'text-align': style?.align ?? 'center' }),
        inner: css({ width: px(block.width) ?? '100%', 'max-width': '100%', border: borderCss(style?.border), 'border-radius': px(style?.borderRadius) }),
      };
    }
    case 'button':
      return { box: css({ padding: block.style?.padding ?? emailPadding, 'text-align': block.style?.align ?? 'center' }), inner: buttonCss(block.style) };
    case 'divider': {
      const style = block.style ?? {};
      return {
        box: css({ padding: style.padding ?? (mode === 'email' ? D.divider.emailPadding : undefined) }),
        inner: css({
          'border-top': `${style.thickness ?? D.divider.thickness}px ${style.lineStyle ?? D.divider.lineStyle} ${style.color ?? D.divider.color}`,
          width: style.width === undefined ? undefined : `${style.width}%`,
          'margin-left': style.align === 'left' ? '0' : 'auto',
          'margin-right': style.align === 'right' ? '0' : 'auto',
        }),
      };
    }
    case 'spacer':
      return { box: {}, inner: { height: `${block.height}px` } };
    case 'social':
    case 'menu': {
      const style = block.style ?? {};
      const justify = style.align === 'left' ? 'flex-start' : style.align === 'right' ? 'flex-end' : 'center';
      return {
        box: css({ padding: style.padding ?? emailPadding }),
        inner: css({ 'justify-content': justify, color: style.color, 'font-size': px(style.fontSize), 'font-family': style.fontFamily, 'font-weight': 'fontWeight' in style ? style.fontWeight : undefined }),
      };
    }
    case 'html':
      return { box: css({ padding: block.style?.padding, 'background-color': block.style?.backgroundColor, border: borderCss(block.style?.border) }), inner: {} };
    case 'form':
      return { box: css({ padding: block.style?.padding, 'text-align': block.style?.fullWidth ? undefined : block.style?.align }), inner: buttonCss(block.style) };
  }
}
