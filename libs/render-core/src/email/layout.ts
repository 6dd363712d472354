import { Engine } from 'mrml';
import type { EmailDesign } from '@embed/design-document';
import { assetsPrefix } from '../assets';
import { Warnings } from '../warnings';
import { emailMjml } from './mjml';
import { withoutOutlookPartsInSkips } from './outlook';
import { withSocialIconSizes } from './social-icons';

// One engine per process: mrml's WASM instance is reused. No include loader: an email
// never pulls anything in, so rendering never fetches.
const engine = new Engine();
engine.setRenderOptions({ disableComments: true, socialIconOrigin: null, fonts: {} });

/** The email's HTML, through mrml; merge tags as written. */
export function emailHtml(document: EmailDesign, warnings: Warnings, assets: string): string {
  const result = engine.toHtml(emailMjml(document, warnings, assets));
  if (result.type === 'error') throw new Error(`the email could not be laid out: ${result.message}`);
  return withSocialIconSizes(withoutOutlookPartsInSkips(result.content), assets);
}

/** The MJML an email is laid out from (for comparisons with other MJML renderers). */
export const emailMarkup = (document: EmailDesign, publicBaseUrl?: string) => emailMjml(document, new Warnings(), assetsPrefix(publicBaseUrl));
