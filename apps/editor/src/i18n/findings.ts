import { DARK_MODE_SCHEMES, type DarkModeScheme, describeFinding, type Finding } from '@embed/design-checks';
import type { Translator } from './translate';

const SCHEMES = Object.keys(DARK_MODE_SCHEMES) as DarkModeScheme[];

/**
 * A finding in the editor's language. Its values are the design's own words, numbers
 * and colours, except the inboxes of a dark-mode finding, which the checks name in
 * English: those are named from the catalogue.
 */
export function findingWords(finding: Finding, { t, translate }: Translator): string {
  const scheme = SCHEMES.find((name) => DARK_MODE_SCHEMES[name].inboxes === finding.params.inboxes);
  const params = scheme ? { ...finding.params, inboxes: t(scheme === 'full' ? 'checks.inboxes.full' : 'checks.inboxes.partial') } : finding.params;
  return describeFinding({ ...finding, params }, translate);
}
