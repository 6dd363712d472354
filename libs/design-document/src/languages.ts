import type { Block, DesignDocument, FormBlock } from './types';

type FormField = FormBlock['fields'][number];

// A design in several languages (definition/languages.ts): which it holds, which way each
// is written, and the design as one of them reads it, with the texts a translation leaves
// out named (they show in the default language: a text never disappears).

/** The language of a design that names none. */
export const DEFAULT_LANGUAGE = 'en';

/** The design's languages: its default first, then those it is translated into. */
export const designLanguages = (doc: DesignDocument): string[] => [doc.language ?? DEFAULT_LANGUAGE, ...(doc.languages ?? [])];

// Scripts written right to left (ISO 15924), which a language's likeliest script is looked up to.
const RIGHT_TO_LEFT = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr', 'Mend', 'Yezi']);

/** Which way the language is written, from its script (given, or the likeliest one: `ar` is Arabic script, `ku-Latn` is not). */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  try {
    const script = new Intl.Locale(tag).maximize().script;
    return script && RIGHT_TO_LEFT.has(script) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

const lower = (tag: string) => tag.toLowerCase();

/**
 * The design's language that serves `requested` (tags compare without case; `fr-CA` takes
 * `fr` when the design has no `fr-CA`, as RFC 4647's lookup does), or null when none does.
 */
export function servingLanguage(doc: DesignDocument, requested: string): string | null {
  const held = designLanguages(doc);
  const subtags = lower(requested).split('-');
  for (let length = subtags.length; length > 0; length--) {
    const prefix = subtags.slice(0, length).join('-');
    const found = held.find((tag) => lower(tag) === prefix);
    if (found) return found;
  }
  return null;
}

/** A text a translation leaves out: where it is (in an author's words) and which of its texts. */
export interface Untranslated {
  place: string;
  text: string;
}

type Translation = Record<string, unknown>;
const translationOf = (holder: { translations?: Record<string, Translation> }, language: string): Translation => holder.translations?.[language] ?? {};

/** The block as `language` reads it (without its translations), telling each text left in the default language. */
function blockIn(block: Block, language: string, missing: (text: string) => void): Block {
  const { translations: _translations, ...rest } = block as Block & { translations?: Record<string, Translation> };
  const own = translationOf(block as { translations?: Record<string, Translation> }, language);
  const pick = <T>(text: string, written: T): T => {
    const translated = own[text] as T | undefined;
    if (translated !== undefined) return translated;
    missing(text);
    return written;
  };
  const at = <T>(list: string, index: number, written: T): T => {
    const translated = (own[list] as T[] | undefined)?.[index];
    if (translated !== undefined) return translated;
    missing(`${list}[${index}]`);
    return written;
  };
  switch (block.type) {
    case 'text':
      return { ...rest, content: pick('content', block.content) } as Block;
    case 'heading':
      return { ...rest, content: pick('content', block.content) } as Block;
    case 'image':
    case 'video':
      return (block.alt ? { ...rest, alt: pick('alt', block.alt) } : rest) as Block;
    case 'button':
      return { ...rest, text: pick('text', block.text) } as Block;
    case 'menu':
      return { ...rest, items: block.items.map((item, i) => ({ ...item, text: at('items', i, item.text) })) } as Block;
    case 'social':
      return { ...rest, links: block.links.map((link, i) => (link.label ? { ...link, label: at('labels', i, link.label) } : link)) } as Block;
    case 'html':
      return { ...rest, html: pick('html', block.html) } as Block;
    case 'form': {
      const fields = (own.fields ?? []) as { label?: string; placeholder?: string; options?: string[] }[];
      const field = (f: number, key: 'label' | 'placeholder', written: string) => {
        const translated = fields[f]?.[key];
        if (translated !== undefined) return translated;
        missing(`fields[${f}].${key}`);
        return written;
      };
      const choice = (f: number, o: number, written: string) => {
        const translated = fields[f]?.options?.[o];
        if (translated) return translated;
        missing(`fields[${f}].options[${o}]`);
        return written;
      };
      // A placeholder only the translation has shows in its language, as the editor shows it.
      const placeholder = (one: FormField, f: number) => (one.placeholder ? field(f, 'placeholder', one.placeholder) : fields[f]?.placeholder);
      return {
        ...rest,
        submitText: pick('submitText', block.submitText),
        ...(block.successMessage ? { successMessage: pick('successMessage', block.successMessage) } : {}),
        fields: block.fields.map((one, f) => {
          const shown: FormField = { ...one, label: field(f, 'label', one.label) };
          const held = placeholder(one, f);
          if (held) shown.placeholder = held;
          if (one.options) shown.options = one.options.map((option, o) => ({ ...option, label: choice(f, o, option.label) }));
          return shown;
        }),
      } as Block;
    }
    default:
      return rest as Block;
  }
}

/** The block's texts `language`'s translation leaves out (`content`, `alt`, `items[2]`, ...). */
export function untranslatedTexts(block: Block, language: string): string[] {
  const missing: string[] = [];
  blockIn(block, language, (text) => missing.push(text));
  return missing;
}

/** The settings' texts each mode's translation holds (those the design writes). */
const SETTINGS_TEXTS: Record<DesignDocument['mode'], string[]> = {
  email: ['subject', 'preheader'],
  page: ['title', 'description'],
  popup: ['label'],
  document: ['title'],
};

/**
 * The design as `language` reads it: every text of that language's translation in place,
 * every text it leaves out in the default language (listed in `untranslated`), `language`
 * set to it, and no translations left. The default language (or one the design does not
 * hold) reads the texts as written.
 */
export function inLanguage(doc: DesignDocument, language: string): { doc: DesignDocument; untranslated: Untranslated[] } {
  const untranslated: Untranslated[] = [];
  const translating = language !== (doc.language ?? DEFAULT_LANGUAGE) && (doc.languages ?? []).includes(language);
  const note = (place: string) => (text: string) => translating && untranslated.push({ place, text });
  const block = (place: string) => (one: Block, b: number) => blockIn(one, language, note(`${place}block ${b + 1}`));
  const rows = doc.body.rows.map((row, r) => ({
    ...row,
    columns: row.columns.map((column, c) => ({ ...column, blocks: column.blocks.map(block(`row ${r + 1}, column ${c + 1}, `)) })),
  }));
  const { translations: _translations, ...written } = doc.settings as DesignDocument['settings'] & { translations?: Record<string, Translation> };
  const own = translationOf(doc.settings as { translations?: Record<string, Translation> }, language);
  const settings: Record<string, unknown> = { ...written };
  for (const text of SETTINGS_TEXTS[doc.mode]) {
    if (settings[text] === undefined || settings[text] === '') continue;
    if (own[text] !== undefined) settings[text] = own[text];
    else note('the settings')(text);
  }
  if (doc.mode === 'document')
    for (const band of ['header', 'footer'] as const) {
      const holder = doc.settings[band];
      if (holder) settings[band] = { ...holder, blocks: holder.blocks.map(block(`the ${band}, `)) };
    }
  const { languages: _languages, ...rest } = doc;
  const read = { ...rest, language: translating ? language : (doc.language ?? DEFAULT_LANGUAGE), settings, body: { ...doc.body, rows } } as DesignDocument;
  return { doc: read, untranslated };
}
