import type { DesignDocument } from '@embed/design-document';
import { declarations, px } from '../css';
import { RENDER_DEFAULTS as D } from '../defaults';
import type { PhoneRules } from '../phone';

const MOBILE = 640;

/** The rules every web design shares, scoped under `.ed`; the body's style sets the variables; the design's phone overrides last. */
export function baseCss(document: DesignDocument, contentWidth: number, phone: PhoneRules): string {
  const body = document.body.style ?? {};
  const root = declarations({
    '--ed-link': body.linkColor ?? D.linkColor, '--ed-width': px(contentWidth),
    'font-family': body.fontFamily ?? D.fontFamily, 'font-size': px(body.fontSize ?? D.fontSize), color: body.color ?? D.color,
    'line-height': body.lineHeight ?? D.lineHeight, 'background-color': body.backgroundColor,
  });
  const shared = [
    `.ed{${root}}`,
    '.ed *,.ed *::before,.ed *::after{box-sizing:border-box}',
    '.ed-cols{display:grid;grid-template-columns:var(--ed-columns);max-width:var(--ed-width);margin:0 auto}',
    '.ed-col{min-width:0}',
    '.ed p,.ed ul,.ed ol{margin:0 0 .75em}.ed p:last-child,.ed ul:last-child,.ed ol:last-child{margin-bottom:0}',
    `.ed h1,.ed h2,.ed h3,.ed h4{margin:0;line-height:${D.heading.lineHeight};font-weight:${D.heading.fontWeight}}`,
    '.ed a{color:var(--ed-link)}',
    '.ed-image{margin:0}.ed-image img{display:block;max-width:100%;height:auto}.ed-image[style*="text-align:center"] img{margin:0 auto}.ed-image[style*="text-align:right"] img{margin-left:auto}',
    '.ed-video{position:relative;display:inline-block}.ed-video::after{content:"";position:absolute;left:50%;top:50%;width:64px;height:64px;margin:-32px 0 0 -32px;border-radius:50%;background:rgba(0,0,0,.6) url("data:image/svg+xml,%3Csvg xmlns=\'http://www.w3.org/2000/svg\' viewBox=\'0 0 24 24\'%3E%3Cpath fill=\'%23fff\' d=\'M8 5v14l11-7z\'/%3E%3C/svg%3E") center/32px no-repeat}',
    '.ed-button{text-align:center}',
    `.ed-btn{display:inline-block;padding:${D.button.innerPadding};border:0;border-radius:${D.button.borderRadius}px;background-color:${D.button.buttonColor};color:${D.button.color};font:inherit;font-weight:${D.button.fontWeight};line-height:1.2;text-align:center;text-decoration:none;cursor:pointer}`,
    '.ed hr{margin:0 auto;border:0}',
    '.ed-social,.ed-menu ul{display:flex;flex-wrap:wrap;justify-content:center;gap:.5em 1.25em;margin:0;padding:0;list-style:none}',
    '.ed-social a{display:inline-flex;align-items:center;gap:.4em;color:inherit;text-decoration:none}.ed-social img{display:block}',
    '.ed-menu a{text-decoration:none}',
    '.ed-form{display:grid;gap:.75em}.ed-field{display:grid;gap:.25em}.ed-check{display:flex;align-items:center;gap:.5em}',
    '.ed-field input:not([type=checkbox]),.ed-field select,.ed-field textarea{width:100%;padding:.6em .75em;border:1px solid #c9c9c9;border-radius:4px;font:inherit;color:inherit;background:#fff}',
    `@media (max-width:${MOBILE - 1}px){.ed-stack{grid-template-columns:1fr}.ed-hide-mobile{display:none}}`,
    `@media (min-width:${MOBILE}px){.ed-hide-desktop{display:none}}`,
  ];
  const overrides = phone.css(`(max-width:${MOBILE - 1}px)`);
  return (overrides ? [...shared, overrides] : shared).join('\n');
}
