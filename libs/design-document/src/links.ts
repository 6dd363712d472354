// Where a link may lead. The schema's address rules, the renderer's check of every address
// it writes and the design checks' "leads nowhere" finding take their schemes from here.

/** The schemes of a link that leads somewhere: the web, mail and the phone. */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The scheme of an address, lower case, as a browser reads it (letters, digits, +, - and . before the first colon); undefined for a relative one. */
export const schemeOf = (address: string): string | undefined => SCHEME.exec(address)?.[1].toLowerCase();

/** Whether an address with a scheme leads somewhere this document allows. */
export const isLinkScheme = (scheme: string): boolean => LINK_SCHEMES.includes(scheme);
