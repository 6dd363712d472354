import type { ImportWarning } from '@embed/contracts';

/** At most this many warnings are kept: a hostile source could otherwise ask for millions. */
export const MAX_WARNINGS = 200;

/** Collects the warnings of one import, the first MAX_WARNINGS of them and a count of the rest. */
export class ImportWarnings {
  private readonly list: ImportWarning[] = [];
  private dropped = 0;

  add(path: string, message: string): void {
    if (this.list.length < MAX_WARNINGS) this.list.push({ path, message });
    else this.dropped++;
  }

  all(): ImportWarning[] {
    return this.dropped ? [...this.list, { path: '$', message: `${this.dropped} more warnings were left out` }] : [...this.list];
  }
}
