import type { DesignMode } from '@embed/contracts';
import type { Page } from 'puppeteer-core';

/**
 * The screen each mode is pictured on: an email at its usual 600 px column, a page and
 * a popup on a laptop screen, a document at the width of an A4 sheet (96 dpi).
 */
export const VIEWPORTS: Record<DesignMode, { width: number; height: number }> = {
  email: { width: 600, height: 800 },
  page: { width: 1280, height: 800 },
  popup: { width: 1280, height: 800 },
  document: { width: 794, height: 1123 },
};

// Run through the DevTools protocol, which works with the page's scripts off. A popup's
// dialog is shown here, as its own script would on its trigger.
const SHOW_POPUP_AND_WAIT_FOR_FONTS = `(async () => {
  for (const popup of document.querySelectorAll('[data-embed-popup]')) popup.removeAttribute('hidden');
  await document.fonts.ready;
})()`;

/** Loads the design's HTML into the page and waits for its images and fonts. */
export async function loadDesign(page: Page, mode: DesignMode, html: string): Promise<void> {
  await page.setViewport(VIEWPORTS[mode]);
  // The job's own deadline bounds the wait (browser-pool.ts), not Puppeteer's.
  await page.setContent(html, { waitUntil: 'load', timeout: 0 });
  await page.evaluate(SHOW_POPUP_AND_WAIT_FOR_FONTS);
}

/** A4's width less the 10 mm margins an email or a page prints with, in CSS px (96 dpi). */
const A4_PRINTABLE_PX = Math.floor(((210 - 2 * 10) / 25.4) * 96);

/**
 * A document prints by its own @page rules (size, margins, page numbers, the header and
 * footer repeated on every page). An email or a page prints on A4 with a small margin in
 * the layout it was designed in: with screen media (its columns side by side are behind
 * a `screen` media query, so print media would lay out its phone layout) and scaled down
 * to the sheet when its screen is wider than the sheet (a page's 1280 px).
 */
export async function printPdf(page: Page, mode: DesignMode): Promise<Uint8Array> {
  if (mode === 'document') return page.pdf({ printBackground: true, preferCSSPageSize: true, format: 'A4', timeout: 0 });
  await page.emulateMediaType('screen');
  const scale = Math.min(1, A4_PRINTABLE_PX / VIEWPORTS[mode].width);
  return page.pdf({ printBackground: true, preferCSSPageSize: true, format: 'A4', margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' }, scale, timeout: 0 });
}

/** The whole design (default) or only what the first screen shows. */
export function screenshotPng(page: Page, fullPage: boolean): Promise<Uint8Array> {
  return page.screenshot({ type: 'png', fullPage, captureBeyondViewport: fullPage });
}
