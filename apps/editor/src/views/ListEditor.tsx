import type { FormBlock, MenuBlock, SocialBlock } from '@embed/design-document/model';
import type { Patch } from '@embed/editor-core';
import { Field, type Target } from './Field';
import { useTranslator } from './i18n';
import { FORM_CHOICE_FIELD, LIST_ITEM_FIELDS, LIST_WORDS } from './property-fields';

type ListBlock = SocialBlock | MenuBlock | FormBlock;
type Item = Record<string, unknown>;
/** Per block type: the list's field in the block, and a new item, given the number it takes and its name ("Item 3"). */
const LISTS: Record<ListBlock['type'], { key: 'links' | 'items' | 'fields'; fresh: (number: number, name: string) => Item }> = {
  social: { key: 'links', fresh: () => ({ network: 'web', href: 'https://example.com' }) },
  menu: { key: 'items', fresh: (_, name) => ({ text: name, href: '' }) },
  form: { key: 'fields', fresh: (number, name) => ({ name: `field_${number}`, label: name, kind: 'text' }) },
};

/** Social links, menu items or form fields (with a select's choices' words): each item's fields, and adding, moving and removing items. */
export function ListEditor({ block, onPatch, idPrefix }: { block: ListBlock; onPatch: (patch: Patch, key: string) => void; idPrefix: string }) {
  const { t, translate } = useTranslator();
  const list = LISTS[block.type];
  const words = (suffix: (typeof LIST_WORDS)[number], number = 0) => translate(`list.${block.type}.${suffix}`, { number });
  const items = (block as unknown as Record<string, Item[]>)[list.key];
  const set = (next: Item[], key?: string) => onPatch({ [list.key]: next }, key ?? `${idPrefix}:${list.key}:${Math.random()}`);
  const update = (i: number, patch: Patch, key: string) => set(items.map((other, j) => (j === i ? Object.fromEntries(Object.entries({ ...other, ...patch }).filter(([, value]) => value !== undefined)) : other)), key);
  const move = (from: number, to: number) => {
    const next = [...items];
    next.splice(to, 0, ...next.splice(from, 1));
    set(next);
  };
  return (
    <fieldset class="list-editor">
      <legend>{words('legend')}</legend>
      {items.map((item, i) => (
        <div class="list-item" key={i} role="group" aria-label={words('item', i + 1)}>
          {LIST_ITEM_FIELDS[block.type].map((field) => (
            <Field
              key={field.key}
              field={field}
              label={t('list.field', { item: words('item', i + 1), field: t(field.label) })}
              target={item as Target}
              idPrefix={`${idPrefix}-${list.key}-${i}`}
              onPatch={(patch, key) => update(i, patch, key)}
            />
          ))}
          {((item.options ?? []) as Item[]).map((choice, o) => (
            <Field
              key={`option-${o}`}
              field={FORM_CHOICE_FIELD}
              label={t('list.form.choice', { item: words('item', i + 1), number: o + 1 })}
              target={choice as Target}
              idPrefix={`${idPrefix}-${list.key}-${i}-options-${o}`}
              onPatch={(patch, key) => update(i, { options: (item.options as Item[]).map((other, p) => (p === o ? { ...other, ...patch } : other)) }, key)}
            />
          ))}
          <div class="actions">
            <button type="button" disabled={i === 0} onClick={() => move(i, i - 1)}>
              {words('moveUp', i + 1)}
            </button>
            <button type="button" disabled={i === items.length - 1} onClick={() => move(i, i + 1)}>
              {words('moveDown', i + 1)}
            </button>
            <button type="button" disabled={items.length === 1} onClick={() => set(items.filter((_, j) => j !== i))}>
              {words('remove', i + 1)}
            </button>
          </div>
        </div>
      ))}
      <button type="button" onClick={() => set([...items, list.fresh(items.length + 1, words('item', items.length + 1))])}>
        {words('add')}
      </button>
    </fieldset>
  );
}
