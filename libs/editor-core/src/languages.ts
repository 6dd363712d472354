import { type Block, DEFAULT_LANGUAGE, type DesignDocument, type FormBlock, sameJson, textsEditable } from '@embed/design-document/model';
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

/** The texts each block type translates, as fields of its translation (lists by place: see LISTS). */
const BLOCK_TEXTS: Partial<Record<Block['type'], string[]>> = {
  text: ['content'],
  heading: ['content'],
  image: ['alt'],
  video: ['alt'],
  button: ['text'],
  html: ['html'],
  form: ['submitText', 'successMessage', 'fields'],
  menu: ['items'],
  social: ['labels'],
};
const SETTINGS_TEXTS = ['subject', 'preheader', 'title', 'description', 'label'];

type Item = Record<string, unknown>;
type FormTexts = { label: string; placeholder?: string; options?: string[] };
type FormField = FormBlock['fields'][number];

/**
 * A block's list whose texts a translation holds by place: the list's key in the block and
 * in the translation, an item's texts as a translation holds them (`of`), the item with
 * those texts in place (`put`), and written texts with a translation's over them (`over`).
 */
interface TranslatedList {
  key: string;
  texts: string;
  of: (item: Item) => unknown;
  put: (item: Item, texts: unknown) => Item;
  over: (written: unknown, translated: unknown) => unknown;
  /** A place the translation must hold before a later one, standing for "not translated". */
  hole: (item: Item) => unknown;
  /** An item's translation after the person changed its texts from `shown` to `next`: only the texts changed are set. */
  merge: (old: unknown, shown: unknown, next: unknown) => unknown;
}

const stringList = (key: string, texts: string, field: string): TranslatedList => ({
  key,
  texts,
  of: (item) => item[field] ?? '',
  put: (item, text) => (text ? { ...item, [field]: text } : item),
  over: (written, translated) => translated || written,
  hole: (item) => item[field] ?? '',
  merge: (_old, _shown, next) => next,
});

const formTexts = (field: FormField): FormTexts => ({
  label: field.label,
  ...(field.placeholder ? { placeholder: field.placeholder } : {}),
  ...(field.options ? { options: field.options.map((option) => option.label) } : {}),
});

const LISTS: Partial<Record<Block['type'], TranslatedList>> = {
  menu: stringList('items', 'items', 'text'),
  social: stringList('links', 'labels', 'label'),
  form: {
    key: 'fields',
    texts: 'fields',
    of: (field) => formTexts(field as unknown as FormField),
    put: (item, texts) => {
      const { label, placeholder, options } = texts as FormTexts;
      const { placeholder: _placeholder, ...field } = item as unknown as FormField;
      return {
        ...field,
        label,
        ...(placeholder ? { placeholder } : {}),
        ...(field.options ? { options: field.options.map((option, o) => ({ ...option, label: options?.[o] ?? option.label })) } : {}),
      };
    },
    over: (written, translated) => {
      const base = written as FormTexts;
      const own = (translated ?? {}) as Partial<FormTexts>;
      const placeholder = own.placeholder ?? base.placeholder;
      return {
        label: own.label ?? base.label,
        ...(placeholder ? { placeholder } : {}),
        ...(base.options ? { options: base.options.map((label, o) => own.options?.[o] || label) } : {}),
      };
    },
    hole: () => ({}),
    merge: (old, shown, next) => {
      const [before, after] = [shown as FormTexts, next as FormTexts];
      const own = { ...(old as Partial<FormTexts> | undefined) };
      if (after.label !== before.label) own.label = after.label;
      if (after.placeholder !== before.placeholder) own.placeholder = after.placeholder;
      const choices = after.options ?? [];
      if (choices.some((label, o) => label !== before.options?.[o])) {
        // A choice before a translated one, not translated yet, is empty (it shows in the default language).
        const last = choices.reduce((end, label, o) => (label !== before.options?.[o] || own.options?.[o] ? o + 1 : end), 0);
        own.options = choices.slice(0, last).map((label, o) => (label !== before.options?.[o] ? label : (own.options?.[o] ?? '')));
      }
      return own;
    },
  },
};

const listOf = (block: Block, key: string): TranslatedList | undefined => {
  const list = LISTS[block.type];
  return list && list.texts === key ? list : undefined;
};
const itemsOf = (block: Block, list: TranslatedList) => (block as unknown as Record<string, Item[]>)[list.key];

/** A list's texts as its translation holds them (menu items' texts, social labels, form fields' texts), from the block's own list. */
function listTexts(block: Block, key: string): unknown[] | undefined {
  const list = listOf(block, key);
  return list && itemsOf(block, list).map(list.of);
}

/** The block with a translation's texts of its list over its own (a place left out keeps the block's). */
function withListTexts(block: Block, key: string, texts: unknown[]): Block {
  const list = listOf(block, key);
  if (!list) return block;
  return { ...block, [list.key]: itemsOf(block, list).map((item, i) => list.put(item, list.over(list.of(item), texts[i]))) } as Block;
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
    shown = list ? (withListTexts(shown as unknown as Block, key, value as unknown[]) as unknown as Holder) : { ...shown, [key]: value };
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

/**
 * The design with `language` added, each text a person may edit copied from the default
 * language as a start (a locked or synced row's are its owner's: those show the default's
 * until its owner translates them); the inverse is the design before.
 */
export function addLanguage(doc: DesignDocument, language: string): Applied {
  const copy = (holder: Holder, keys: string[]): Holder => {
    const texts = defaultTexts(holder, keys);
    return Object.keys(texts).length > 0 ? { ...holder, translations: { ...holder.translations, [language]: texts } } : holder;
  };
  const rows = doc.body.rows.map((row) => ({
    ...row,
    columns: row.columns.map((column) => ({
      ...column,
      blocks: column.blocks.map((block) => (textsEditable(row, block) ? (copy(block as unknown as Holder, BLOCK_TEXTS[block.type] ?? []) as unknown as Block) : block)),
    })),
  }));
  const settings = copy(doc.settings as unknown as Holder, SETTINGS_TEXTS.filter((key) => key in doc.settings));
  const next = { ...withRows(doc, rows), settings, languages: [...(doc.languages ?? []), language] } as DesignDocument;
  return { doc: next, inverse: { type: 'replaceDesign', doc } };
}

/** For each item of `next`, the place in `shown` it was at unchanged (its own place first), or null for an item new or changed. */
function originsOf(next: Item[], shown: Item[]): (number | null)[] {
  const used = new Set<number>();
  return next.map((item, i) => {
    const from = next.length === shown.length && sameJson(item, shown[i]) && !used.has(i) ? i : shown.findIndex((other, j) => !used.has(j) && sameJson(item, other));
    if (from < 0) return null;
    used.add(from);
    return from;
  });
}

/** A translation's list with a place set; places before it that it did not hold yet stand for "not translated". */
function placed(texts: unknown[], list: TranslatedList, items: Item[]): unknown[] {
  const filled = items.map((item, i) => texts[i] ?? list.hole(item));
  let end = filled.length;
  while (end > 0 && texts[end - 1] === undefined) end--;
  return filled.slice(0, end);
}

/**
 * A change to a block's list (menu items, social links, form fields) as the panel makes it,
 * showing the list in `language`, made to the document: items moved, added or removed take
 * every language's texts with them; in another language than the default, a text changed
 * goes to that language's translation and anything else (an address, a field's kind) to the
 * shared list, whose texts stay the default's. Null when the command is no such change.
 */
function listCommand(doc: DesignDocument, command: Extract<Command, { type: 'patchBlock' }>, language: string): Command | null {
  const block = blockAt(doc, command.at);
  const list = LISTS[block.type];
  const keys = Object.keys(command.patch);
  if (!list || keys.length !== 1 || keys[0] !== list.key) return null;
  const translations = (block as Holder).translations ?? {};
  const inDefault = language === defaultLanguage(doc);
  if (inDefault && !Object.values(translations).some((own) => own[list.texts] !== undefined)) return null;
  const written = itemsOf(block, list);
  const shown = inDefault ? written : itemsOf(blockAt(languageView(doc, language), command.at), list);
  const next = command.patch[list.key] as Item[];
  const origins = originsOf(next, shown);
  // The same items in their places, one (or more) changed there: an edit, not a move.
  const edit = next.length === shown.length && origins.every((from, i) => from === null || from === i);
  const changedText = (i: number) => edit && origins[i] === null && !inDefault && !sameJson(list.of(next[i]), list.of(shown[i]));
  const items = next.map((item, i) => {
    const from = origins[i];
    if (from !== null) return written[from];
    return edit && !inDefault ? list.put(item, list.of(written[i])) : item;
  });
  const translated: Record<string, Record<string, unknown>> = {};
  for (const [tag, own] of Object.entries(translations)) {
    const old = (own[list.texts] as unknown[] | undefined) ?? [];
    const texts = next.map((_, i) => {
      if (tag === language && changedText(i)) return list.merge(old[i], list.of(shown[i]), list.of(next[i]));
      const from = origins[i] ?? (edit ? i : null);
      return from === null ? undefined : old[from];
    });
    const kept = placed(texts, list, items);
    const { [list.texts]: _old, ...rest } = own;
    const updated = kept.length > 0 ? { ...rest, [list.texts]: kept } : rest;
    if (Object.keys(updated).length > 0) translated[tag] = updated;
  }
  if (!inDefault && !(language in translations) && next.some((_, i) => changedText(i))) {
    translated[language] = { [list.texts]: placed(next.map((item, i) => (changedText(i) ? list.merge(undefined, list.of(shown[i]), list.of(item)) : undefined)), list, items) };
  }
  const patch: Record<string, unknown> = { [list.key]: items };
  if (!sameJson(translated, translations)) patch.translations = Object.keys(translated).length > 0 ? translated : undefined;
  return { ...command, patch };
}

/**
 * The command that makes `command`'s change in `language`, the language the person edits
 * in. In another language than the default, a change to a text (a rich text, or a field
 * of text: an alt text, a button's words, a subject) goes to that language's translation.
 * A change to a list (see listCommand) keeps every language's texts by their items. Every
 * other command (layout, styles, structure) is the same in every language.
 */
export function inLanguageCommand(doc: DesignDocument, command: Command, language: string): Command {
  const listed = command.type === 'patchBlock' ? listCommand(doc, command, language) : null;
  if (listed) return listed;
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
  const texts = BLOCK_TEXTS[block.type] ?? [];
  if (texts.includes(key) && !listOf(block, key)) return { type: 'setTranslation', target: { kind: 'block', path: command.at }, language, key, value: command.patch[key] };
  return command;
}
