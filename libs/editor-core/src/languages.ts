import { type Block, DEFAULT_LANGUAGE, type DesignDocument } from '@embed/design-document/model';
import type { Applied, Command } from './commands';
import { carryKey } from './keys';
import { applyPatch } from './patch';
import { blockAt, type BlockPath, replaced, withColumn, withRows } from './paths';

// Editing in one of the design's languages: the texts of that language where the default
// ones are (a text not yet translated shows the default's), and every change to a text
// made while in it going to its translation; layout and styles stay shared.

/** What holds a translation: a block, or the design's settings (subject, title, ...). */
export type TranslationTarget = { kind: 'block'; path: BlockPath } | { kind: 'settings' };

type Holder = Record<string, unknown> & { translations?: Record<string, Record<string, unknown>> };

/** The texts each block type translates, as fields of its translation (lists by place: see listTexts). */
const BLOCK_TEXTS: Partial<Record<Block['type'], string[]>> = {
  text: ['content'],
  heading: ['content'],
  image: ['alt'],
  video: ['alt'],
  button: ['text'],
  html: ['html'],
  form: ['submitText', 'successMessage'],
  menu: ['items'],
  social: ['labels'],
};
const SETTINGS_TEXTS = ['subject', 'preheader', 'title', 'description', 'label'];

/** A list's texts as its translation holds them (menu items' texts, social labels), from the block's own list. */
function listTexts(block: Block, key: string): string[] | undefined {
  if (key === 'items' && block.type === 'menu') return block.items.map((item) => item.text);
  if (key === 'labels' && block.type === 'social') return block.links.map((link) => link.label ?? '');
  return undefined;
}

/** The block with its list's texts replaced by `texts` (where one is given). */
function withListTexts(block: Block, key: string, texts: string[]): Block {
  if (key === 'items' && block.type === 'menu') return { ...block, items: block.items.map((item, i) => (texts[i] ? { ...item, text: texts[i] } : item)) };
  if (key === 'labels' && block.type === 'social') return { ...block, links: block.links.map((link, i) => (texts[i] ? { ...link, label: texts[i] } : link)) };
  return block;
}

export const defaultLanguage = (doc: DesignDocument) => doc.language ?? DEFAULT_LANGUAGE;

/** The value the holder shows in `language`: its translation, else the default language's. */
function shownIn(holder: Holder, language: string): Holder {
  const own = holder.translations?.[language];
  if (!own) return holder;
  let shown: Holder = { ...holder };
  for (const [key, value] of Object.entries(own)) {
    if (value === undefined) continue;
    const list = 'type' in holder ? listTexts(holder as unknown as Block, key) : undefined;
    shown = list ? (withListTexts(shown as unknown as Block, key, value as string[]) as unknown as Holder) : { ...shown, [key]: value };
  }
  carryKey(holder, shown);
  return shown;
}

const views = new Map<string, WeakMap<object, object>>();
function cached<T extends object>(language: string, item: T, make: (item: T) => T): T {
  let known = views.get(language);
  if (!known) views.set(language, (known = new WeakMap()));
  const found = known.get(item) as T | undefined;
  if (found) return found;
  const made = make(item);
  known.set(item, made);
  return made;
}

/** The design as it reads in `language`, for the canvas and the panel: places, keys, layout and translations as the document has them. */
export function languageView(doc: DesignDocument, language: string): DesignDocument {
  if (language === defaultLanguage(doc)) return doc;
  const rows = doc.body.rows.map((row) =>
    cached(language, row, (source) => {
      const columns = source.columns.map((column) => {
        const blocks = column.blocks.map((block) => cached(language, block, (one) => shownIn(one as unknown as Holder, language) as unknown as Block));
        if (blocks.every((block, b) => block === column.blocks[b])) return column;
        const shown = { ...column, blocks };
        carryKey(column, shown);
        return shown;
      });
      if (columns.every((column, c) => column === source.columns[c])) return source;
      const shown = { ...source, columns };
      carryKey(source, shown);
      return shown;
    }),
  );
  const settings = shownIn(doc.settings as unknown as Holder, language);
  return { ...withRows(doc, rows), settings } as DesignDocument;
}

/** The holder with one translated text set (undefined takes it away), and the value it had. */
function withTranslation<T extends object>(holder: T, language: string, key: string, value: unknown): [T, unknown] {
  const translations = (holder as Holder).translations ?? {};
  const own = translations[language] ?? {};
  const [nextOwn] = applyPatch(own, { [key]: value });
  const [nextTranslations] = applyPatch(translations, { [language]: Object.keys(nextOwn).length > 0 ? nextOwn : undefined });
  const [next] = applyPatch(holder, { translations: Object.keys(nextTranslations).length > 0 ? nextTranslations : undefined });
  return [next, own[key]];
}

/** Sets one text of one language's translation; the inverse puts the old one back. */
export function setTranslation(doc: DesignDocument, target: TranslationTarget, language: string, key: string, value: unknown): Applied {
  const inverse = (old: unknown): Command => ({ type: 'setTranslation', target, language, key, value: old });
  if (target.kind === 'settings') {
    const [settings, old] = withTranslation(doc.settings, language, key, value);
    return { doc: { ...doc, settings } as DesignDocument, inverse: inverse(old) };
  }
  const { path } = target;
  const [block, old] = withTranslation(blockAt(doc, path), language, key, value);
  return { doc: withColumn(doc, path.row, path.column, (column) => ({ ...column, blocks: replaced(column.blocks, path.block, block) })), inverse: inverse(old) };
}

/** Each holder's texts in the default language, as a translation holds them. */
function defaultTexts(holder: Holder, keys: string[]): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const key of keys) {
    const value = 'type' in holder ? (listTexts(holder as unknown as Block, key) ?? holder[key]) : holder[key];
    if (value !== undefined && value !== '' && !(Array.isArray(value) && value.every((text) => text === ''))) texts[key] = value;
  }
  return texts;
}

/** The design with `language` added, each text copied from the default language as a start; the inverse is the design before. */
export function addLanguage(doc: DesignDocument, language: string): Applied {
  const copy = (holder: Holder, keys: string[]): Holder => {
    const texts = defaultTexts(holder, keys);
    return Object.keys(texts).length > 0 ? { ...holder, translations: { ...holder.translations, [language]: texts } } : holder;
  };
  const rows = doc.body.rows.map((row) => {
    const shown = { ...row, columns: row.columns.map((column) => ({ ...column, blocks: column.blocks.map((block) => copy(block as unknown as Holder, BLOCK_TEXTS[block.type] ?? []) as unknown as Block) })) };
    return shown;
  });
  const settings = copy(doc.settings as unknown as Holder, SETTINGS_TEXTS.filter((key) => key in doc.settings));
  const next = { ...withRows(doc, rows), settings, languages: [...(doc.languages ?? []), language] } as DesignDocument;
  return { doc: next, inverse: { type: 'replaceDesign', doc } };
}

/**
 * The command that makes `command`'s change to `language`'s texts, when the person edits
 * in a language that is not the default and the command changes a text: a rich text, or a
 * field of text (an alt text, a button's words, a subject; a list's texts when its length
 * stays). Every other command (layout, styles, structure) is the same in every language.
 */
export function inLanguageCommand(doc: DesignDocument, command: Command, language: string): Command {
  if (language === defaultLanguage(doc)) return command;
  if (command.type === 'setRichText') return { type: 'setTranslation', target: { kind: 'block', path: command.at }, language, key: 'content', value: command.content };
  if (command.type === 'patchSettings') {
    const [key, ...more] = Object.keys(command.patch);
    if (more.length === 0 && SETTINGS_TEXTS.includes(key)) return { type: 'setTranslation', target: { kind: 'settings' }, language, key, value: command.patch[key] };
    return command;
  }
  if (command.type !== 'patchBlock') return command;
  const block = blockAt(doc, command.at);
  const [key, ...more] = Object.keys(command.patch);
  if (more.length > 0) return command;
  const target = { kind: 'block' as const, path: command.at };
  const texts = BLOCK_TEXTS[block.type] ?? [];
  if (texts.includes(key) && listTexts(block, key) === undefined) return { type: 'setTranslation', target, language, key, value: command.patch[key] };
  // A list edited in place (same length): its texts are this language's, its addresses shared.
  const listKey = block.type === 'menu' && key === 'items' ? 'items' : block.type === 'social' && key === 'links' ? 'labels' : null;
  const list = command.patch[key] as { text?: string; label?: string }[] | undefined;
  if (listKey && list && list.length === (listTexts(block, listKey) ?? []).length) {
    const written = listTexts(block, listKey) ?? [];
    const shown = listTexts(blockAt(languageView(doc, language), command.at), listKey) ?? written;
    const texts = list.map((item) => (listKey === 'items' ? item.text : item.label) ?? '');
    if (texts.some((text, i) => text !== shown[i])) return { type: 'setTranslation', target, language, key: listKey, value: texts };
    // Only addresses changed: they are shared, with the default language's texts kept.
    const textKey = listKey === 'items' ? 'text' : 'label';
    return { ...command, patch: { [key]: list.map((item, i) => (written[i] ? { ...item, [textKey]: written[i] } : item)) } };
  }
  return command;
}
