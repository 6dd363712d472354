// Addresses (links, images, videos) as our schema takes them (docs/design-document.md,
// Addresses and merge tags). Whatever else the source holds, `javascript:` above all, is
// left out with a warning: nothing executable crosses.
import type { ImportWarnings } from './warnings';

/** What an address belongs to, as its warnings' codes name it. */
type Holder = 'link' | 'address' | 'image';

const MAX_ADDRESS = 2048;
const MAX_IMAGE = 1_500_000;
const LINK = /^(?:https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+|#[A-Za-z0-9_-]{1,64}|tel:[0-9+().-]{1,40}|\{\{[^{}]{1,120}\}\}[^\s<>"]*)$/;
const WEB = /^https?:\/\/[^\s<>"]+$/;
const IMAGE = /^(?:https?:\/\/[^\s<>"]+|data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+|\{\{[^{}]{1,120}\}\}[^\s<>"]*)$/;
// Letters, then a colon: what a browser reads as a scheme, after it drops tabs and newlines.
const SCHEME = /^([a-z][a-z0-9+.-]{0,30}):/i;

/** What a browser reads: spaces at the ends and tabs or newlines inside dropped; spaces and quotes inside escaped. */
function asBrowserReads(raw: string): string {
  return raw
    .trim()
    .replace(/[\t\n\r]/g, '')
    .replace(/[ "<>]/g, (ch) => encodeURIComponent(ch));
}

function judged(raw: unknown, rule: RegExp, max: number, path: string, holder: Holder, warnings: ImportWarnings): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const address = asBrowserReads(raw);
  if (!address) return undefined;
  if (address.length <= max && rule.test(address)) return address;
  const scheme = SCHEME.exec(address)?.[1]?.toLowerCase();
  const shown = `${address.slice(0, 60)}${address.length > 60 ? '…' : ''}`;
  if (scheme && ['javascript', 'vbscript', 'data'].includes(scheme)) warnings.add(path, `${holder}_unsafe`, { scheme, address: shown });
  else warnings.add(path, `${holder}_unusable`, { address: shown });
  return undefined;
}

/** A link's address (http(s), mailto, tel, #anchor, or starting with a merge tag), or undefined with a warning. */
export const linkAddress = (raw: unknown, path: string, warnings: ImportWarnings) => judged(raw, LINK, MAX_ADDRESS, path, 'link', warnings);

/** An http(s) address (a video, a background image), or undefined with a warning. */
export const webAddress = (raw: unknown, path: string, warnings: ImportWarnings) => judged(raw, WEB, MAX_ADDRESS, path, 'address', warnings);

/** An image's address (http(s), data:image, or a merge tag), or undefined with a warning. */
export const imageAddress = (raw: unknown, path: string, warnings: ImportWarnings) => judged(raw, IMAGE, MAX_IMAGE, path, 'image', warnings);

/** A web-font stylesheet: https only. */
export function fontAddress(raw: unknown, path: string, warnings: ImportWarnings): string | undefined {
  const address = webAddress(raw, path, warnings);
  if (address?.startsWith('https://')) return address;
  if (address) warnings.add(path, 'font_insecure', { address: address.slice(0, 60) });
  return undefined;
}
