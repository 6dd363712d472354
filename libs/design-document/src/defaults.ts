/**
 * What a style left out means: the renderer draws with these, and the design checks judge
 * colours and sizes with the same values, so the two never disagree.
 */
export const STYLE_DEFAULTS = {
  fontFamily: 'Helvetica, Arial, sans-serif',
  /** px */
  fontSize: 16,
  textColor: '#1f2937',
  linkColor: '#1a56db',
  /** Behind everything: what a mail client or browser shows where the design sets no colour. */
  pageColor: '#ffffff',
  /** A popup's dialog where the body sets no content background. */
  popupColor: '#ffffff',
  buttonColor: '#1f2937',
  buttonTextColor: '#ffffff',
  buttonFontWeight: 600,
  headingFontWeight: 700,
  /** px per heading level */
  headingSizes: { 1: 32, 2: 26, 3: 20, 4: 17 },
  dividerColor: '#dddddd',
  /** A popup's close button. */
  closeColor: '#1f2937',
} as const;
