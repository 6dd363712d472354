export { checkDesign, clippingFindings, type CheckOptions } from './check-design';
export { clippingMeter, GMAIL_CLIP_BYTES, type ClippingMeter } from './clipping';
export { contrastRatio, luminance, parseColour, formatColour, type Rgba } from './colour';
export { DARK_MODE_SCHEMES, darkModeDesign, type DarkModeScheme } from './dark-mode';
export { CHECK_IDS, type BlockPath, type CheckId, type Finding, type Params, type Target } from './findings';
export {
  DESIGN_CHECK_MESSAGES,
  describeFinding,
  english,
  fillTemplate,
  placeholders,
  placeOf,
  type DesignCheckMessageKey,
  type Translate,
} from './messages';
