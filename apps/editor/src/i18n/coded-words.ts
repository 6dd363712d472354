/** Words by code (the import's warnings, its refusals) as catalogue entries: each code under `<prefix><code>`. */
export type CodedWords<P extends string, T> = { readonly [K in keyof T as `${P}${K & string}`]: T[K] };

/** The catalogue entries of `words`, each code under `prefix`, typed key by key. */
export const codedWords = <P extends string, T extends Record<string, string>>(prefix: P, words: T) =>
  Object.fromEntries(Object.entries(words).map(([code, text]) => [`${prefix}${code}`, text])) as CodedWords<P, T>;
