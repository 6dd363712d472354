import type { Body } from '@embed/design-document/model';
import { RENDER_DEFAULTS } from '@embed/render-core/defaults';

/**
 * What the html block's frame may load: the images and fonts the renderer keeps (http,
 * https and data images; https fonts) and inline styles; no script, no other request.
 */
export const HTML_PREVIEW_CSP = "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; font-src https: data:";

/** A style value as a declaration's value: nothing that could end it, its rule or the style element. */
const value = (text: string | number) => String(text).replace(/[<>{};\\]/g, '');

/**
 * The document an html block's frame shows: its sanitized markup in the body's text style
 * (the renderer's defaults where the design leaves them out), under a policy of its own.
 */
export function htmlPreviewDocument(sanitized: string, style: Body['style']): string {
  const font = [
    `font-family:${value(style?.fontFamily ?? RENDER_DEFAULTS.fontFamily)}`,
    `font-size:${value(style?.fontSize ?? RENDER_DEFAULTS.fontSize)}px`,
    `line-height:${value(style?.lineHeight ?? RENDER_DEFAULTS.lineHeight)}`,
    `color:${value(style?.color ?? RENDER_DEFAULTS.color)}`,
  ].join(';');
  const links = `color:${value(style?.linkColor ?? RENDER_DEFAULTS.linkColor)}`;
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${HTML_PREVIEW_CSP}">` +
    `<style>html,body{margin:0;overflow:hidden}body{display:flow-root;${font}}a{${links}}</style></head><body>${sanitized}</body></html>`
  );
}
