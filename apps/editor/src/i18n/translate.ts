import { fillTemplate, type Translate } from '@embed/design-checks';
import { en, type MessageKey } from './en';
import { fr } from './fr';

export type { MessageKey };
export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, fr };
export type Locale = 'en' | 'fr';
export const LOCALES = ['en', 'fr'] as const;

/** The names between braces in a template, as a type: `t` asks for exactly these values. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
export type ParamsOf<K extends MessageKey> = Record<Placeholders<(typeof en)[K]>, string | number>;
/** The keys whose words take no value: what a table of labels may name. */
export type PlainKey = { [K in MessageKey]: [Placeholders<(typeof en)[K]>] extends [never] ? K : never }[MessageKey];
type ParamsArgument<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never] ? [] : [params: ParamsOf<K>];

export interface Translator {
  locale: Locale;
  /** The words of `key` in the locale, each `{name}` filled; numbers written the locale's way. */
  t<K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string;
  /** The same, untyped, for keys that come as data (the design checks' findings). */
  translate: Translate;
  formatNumber(value: number): string;
  formatDate(date: Date | number, options?: Intl.DateTimeFormatOptions): string;
}

/** The catalogue for a BCP 47 tag (`fr`, `fr-CA`, ...): its language if shipped, else English. */
export function resolveLocale(tag: string | undefined): Locale {
  const language = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en';
}

export function createTranslator(tag?: string): Translator {
  const locale = resolveLocale(tag);
  const catalogue = CATALOGUES[locale];
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const formatNumber = (value: number) => numbers.format(value);
  const translate: Translate = (key, params) => fillTemplate((catalogue as Record<string, string>)[key] ?? key, params, formatNumber);
  return {
    locale,
    t: (key, ...params) => translate(key, params[0] ?? {}),
    translate,
    formatNumber,
    formatDate: (date, options = { dateStyle: 'medium', timeStyle: 'short' }) => new Intl.DateTimeFormat(locale, options).format(date),
  };
}
