import { IMPORT_WARNING_MESSAGES, type ImportWarning, type ImportWarningCode, type ImportWarningParams } from '@embed/contracts';
import { fillTemplate } from '@embed/design-checks';

/** At most this many warnings are kept: a hostile source could otherwise ask for millions. */
export const MAX_WARNINGS = 200;

/** The values a code asks for, or none for a code whose words have no value. */
export type WarningParams<C extends ImportWarningCode> = keyof ImportWarningParams<C> extends never ? [] : [params: ImportWarningParams<C>];

/** A warning's code, values and English words (contracts' IMPORT_WARNING_MESSAGES). */
export function importWarning<C extends ImportWarningCode>(path: string, code: C, ...[params]: WarningParams<C>): ImportWarning {
  const values: Record<string, string | number> = params ?? {};
  return { path, code, params: values, message: fillTemplate(IMPORT_WARNING_MESSAGES[code], values) };
}

/** Collects the warnings of one import, the first MAX_WARNINGS of them and a count of the rest. */
export class ImportWarnings {
  private readonly list: ImportWarning[] = [];
  private dropped = 0;

  add<C extends ImportWarningCode>(path: string, code: C, ...params: WarningParams<C>): void {
    if (this.list.length < MAX_WARNINGS) this.list.push(importWarning(path, code, ...params));
    else this.dropped++;
  }

  all(): ImportWarning[] {
    return this.dropped ? [...this.list, importWarning('$', 'more_warnings', { count: this.dropped })] : [...this.list];
  }
}
