import { type PopupDesign, STYLE_DEFAULTS } from '@embed/design-document';
import { declarations, px } from '../css';
import { attributes } from '../html';
import type { Warnings } from '../warnings';
import { formScript } from './form-script';
import { htmlDocument } from './html-document';
import { popupScript } from './popup-script';
import { rowsHtml } from './rows';
import { baseCss } from './stylesheet';
import { PhoneRules } from '../phone';

const PLACEMENT: Record<PopupDesign['settings']['position'], string> = {
  center: 'align-items:center;justify-content:center',
  top: 'align-items:flex-start;justify-content:center',
  bottom: 'align-items:flex-end;justify-content:center',
  'top-left': 'align-items:flex-start;justify-content:flex-start',
  'top-right': 'align-items:flex-start;justify-content:flex-end',
  'bottom-left': 'align-items:flex-end;justify-content:flex-start',
  'bottom-right': 'align-items:flex-end;justify-content:flex-end',
};

function hexAlpha(color: string, opacity: number): string {
  if (color === 'transparent') return color;
  const full = color.length === 4 ? `#${[...color.slice(1)].map((digit) => digit + digit).join('')}` : color.slice(0, 7);
  return `${full}${Math.round(opacity * 255).toString(16).padStart(2, '0')}`;
}

function popupCss(document: PopupDesign, phone: PhoneRules): string {
  const settings = document.settings;
  const overlay = settings.overlay;
  const closeOutside = settings.closeButton?.position === 'outside';
  return [
    `.edp{position:fixed;inset:0;z-index:2147483000;display:flex;padding:16px;${PLACEMENT[settings.position]}}`,
    '.edp[hidden]{display:none}',
    `.edp-overlay{position:absolute;inset:0;background:${overlay?.show ? hexAlpha(overlay.color ?? '#000000', overlay.opacity ?? 0.5) : 'transparent'}}`,
    overlay?.show ? '' : '.edp{pointer-events:none}.edp-dialog{pointer-events:auto}',
    `.edp-dialog{position:relative;width:100%;${declarations({ 'max-width': px(settings.width) })};background:${document.body.style?.contentBackgroundColor ?? STYLE_DEFAULTS.popupColor};border-radius:8px;box-shadow:0 20px 60px rgba(0,0,0,.3)}`,
    `.edp-dialog>.ed{max-height:${settings.maxHeight ?? 90}vh;overflow:auto;border-radius:inherit}`,
    `.edp-close{position:absolute;${closeOutside ? 'top:-40px;right:0' : 'top:8px;right:8px'};z-index:1;width:32px;height:32px;border:0;border-radius:50%;background:${closeOutside ? 'transparent' : 'rgba(255,255,255,.85)'};color:${settings.closeButton?.color ?? STYLE_DEFAULTS.closeColor};font:24px/32px sans-serif;cursor:pointer}`,
    baseCss(document, settings.width, phone),
  ].filter(Boolean).join('\n');
}

/** The popup's markup, its stylesheet and the script that opens it on its trigger. */
export function popupHtml(document: PopupDesign, designId: string, warnings: Warnings, assets: string): string {
  const settings = document.settings;
  if (!designId) warnings.add('The popup has no design id (none in the request, none in the document): its handle and form events carry an empty id.');
  const phone = new PhoneRules();
  const close = settings.closeButton?.show === false ? '' : '<button type="button" class="edp-close" aria-label="Close">&times;</button>';
  const body =
    `<div class="edp"${attributes({ 'data-embed-popup': true, 'data-design-id': designId, hidden: true })}>` +
    '<div class="edp-overlay"></div>' +
    `<div class="edp-dialog"${attributes({ role: 'dialog', 'aria-modal': settings.overlay?.show ? 'true' : undefined, 'aria-label': settings.label })}>` +
    `${close}<div class="ed ed-popup">${rowsHtml(document, warnings, phone, assets)}</div></div></div>`;
  return htmlDocument(document, {
    title: settings.label,
    css: popupCss(document, phone),
    body,
    js: `${popupScript(designId, settings)}\n${formScript(designId, '[data-embed-popup]')}`,
  });
}
