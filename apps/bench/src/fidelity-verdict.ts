import { changesLooks, type ImportWarning } from '@embed/contracts';

// The fidelity bench's bar for one fixture at one width (issue 31): a drawing within 2% of
// its source passes; over that, the difference must be one the import names, by a warning
// of something a reader can see (contracts' changesLooks): a merge tag not used or an html
// block kept as code explains no pixel.

export const MEDIAN_BAR = 2;
export const EACH_BAR = 10;

export interface FidelityVerdict {
  /** The baseline column's words: within the bar, explained, or not. */
  words: string;
  /** The warnings that explain the difference (none within the bar). */
  explaining: ImportWarning[];
}

export function fidelityVerdict(share: number, warnings: ImportWarning[]): FidelityVerdict {
  if (share <= MEDIAN_BAR) return { words: `bar ${MEDIAN_BAR}% (within ${MEDIAN_BAR}%)`, explaining: [] };
  const explaining = warnings.filter(changesLooks);
  const explained = explaining.length ? `explained by ${explaining.length} warnings of what looks different` : 'UNEXPLAINED: no warning of what looks different';
  return { words: `bar ${MEDIAN_BAR}% (${share > EACH_BAR ? `OVER ${EACH_BAR}%, ` : ''}${explained})`, explaining };
}
