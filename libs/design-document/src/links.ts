// Where a link may lead. The schema's address rules, the renderer's check of every address
// it writes and the design checks' "leads nowhere" finding take their schemes from here.

/** A character an address may hold: no space, no angle bracket, no double quote. */
export const ADDRESS_CHARACTER = '[^\\s<>"]';

/** Each scheme of a link that leads somewhere (the web, mail, the phone), with the form of an address of it that the schema takes. */
const LINK_ADDRESSES = {
  http: `http://${ADDRESS_CHARACTER}+`,
  https: `https://${ADDRESS_CHARACTER}+`,
  mailto: `mailto:${ADDRESS_CHARACTER}+`,
  tel: 'tel:[0-9+().-]{1,40}',
};

export const LINK_SCHEMES: readonly string[] = Object.keys(LINK_ADDRESSES);

/** The forms of a link address of each scheme, as pattern sources. */
export const LINK_ADDRESS_SOURCES: readonly string[] = Object.values(LINK_ADDRESSES);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The scheme of an address, lower case, as a browser reads it (letters, digits, +, - and . before the first colon); undefined for a relative one. */
export const schemeOf = (address: string): string | undefined => SCHEME.exec(address)?.[1].toLowerCase();

/** Whether an address with a scheme leads somewhere this document allows. */
export const isLinkScheme = (scheme: string): boolean => LINK_SCHEMES.includes(scheme);
