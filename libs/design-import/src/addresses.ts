// Addresses (links, images, videos) as our schema takes them (docs/design-document.md,
// Addresses and merge tags). Whatever else the source holds, `javascript:` above all, is
// left out with a warning: nothing executable crosses.
import type { ImportWarnings } from './warnings';

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

function judged(raw: unknown, rule: RegExp, max: number, path: string, what: string, warnings: ImportWarnings): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const address = asBrowserReads(raw);
  if (!address) return undefined;
  if (address.length <= max && rule.test(address)) return address;
  const scheme = SCHEME.exec(address)?.[1]?.toLowerCase();
  const shown = `${address.slice(0, 60)}${address.length > 60 ? '…' : ''}`;
  const reason = scheme && ['javascript', 'vbscript', 'data'].includes(scheme) ? `a ${scheme}: address (${shown}), which could run code` : `an address our designs cannot hold (${shown})`;
  warnings.add(path, `${what} had ${reason}; it was left out`);
  return undefined;
}

/** A link's address (http(s), mailto, tel, #anchor, or starting with a merge tag), or undefined with a warning. */
export const linkAddress = (raw: unknown, path: string, warnings: ImportWarnings) => judged(raw, LINK, MAX_ADDRESS, path, 'A link', warnings);

/** An http(s) address (a video, a background image), or undefined with a warning. */
export const webAddress = (raw: unknown, path: string, warnings: ImportWarnings) => judged(raw, WEB, MAX_ADDRESS, path, 'An address', warnings);

/** An image's address (http(s), data:image, or a merge tag), or undefined with a warning. */
export const imageAddress = (raw: unknown, path: string, warnings: ImportWarnings) => judged(raw, IMAGE, MAX_IMAGE, path, 'An image', warnings);

/** A web-font stylesheet: https only. */
export function fontAddress(raw: unknown, path: string, warnings: ImportWarnings): string | undefined {
  const address = webAddress(raw, path, warnings);
  if (address?.startsWith('https://')) return address;
  if (address) warnings.add(path, `The web font at ${address.slice(0, 60)} is not served over https; it was left out`);
  return undefined;
}
