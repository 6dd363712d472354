// What a browser draws text elements with when the source says nothing: the HTML reader's
// and the MJML reader's (an mj-text's markup is drawn by the browser as it is).

export const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
export const isHeading = (name: string) => Object.hasOwn(HEADINGS, name);

/** The browser's margins (in em of the element's font size) of the elements that make text blocks. */
export const DEFAULT_MARGIN_EM: Record<string, number> = { p: 1, ul: 1, ol: 1, blockquote: 1, pre: 1, dl: 1, address: 0, h1: 0.67, h2: 0.83, h3: 1, h4: 1.33, h5: 1.67, h6: 2.33 };
/** A heading's size, in em of the text around it. */
export const HEADING_EM: Record<string, number> = { h1: 2, h2: 1.5, h3: 1.17, h4: 1, h5: 0.83, h6: 0.67 };

/** An element's margin, top and bottom alike, in px at that font size (the text's, for a heading the heading's own). */
export const defaultMargin = (name: string, fontSize: number) => (Object.hasOwn(DEFAULT_MARGIN_EM, name) ? DEFAULT_MARGIN_EM[name] * fontSize : 0);
