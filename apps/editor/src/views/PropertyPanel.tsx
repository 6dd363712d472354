import { type Block, type DesignDocument, fromLibrary, type Row, syncedTextField, textsEditable } from '@embed/design-document/model';
import { type BlockPath, duplicateBlock, duplicateRow, EDIT_LIMITS, moveColumn, type Patch, PLACEHOLDER_IMAGE, removeColumn, setColumnCount } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { type ComponentChildren, Fragment } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { BLOCK_LABELS } from './block-labels';
import { Field, fieldId, type Target } from './Field';
import { useTranslator } from './i18n';
import { type ColourOwner, inheritedColour } from './inherited-colours';
import { ListEditor } from './ListEditor';
import { PhoneFields } from './PhoneFields';
import { PhoneHint, type PhoneHolder, phoneOverride } from './PhoneHint';
import { hideOnField, isOverridden } from './phone-fields';
import { RefusalNotice } from './RefusalNotice';
import { useStoreValues } from './use-store';
import { BLOCK_FIELDS, bodyFields, COLUMN_FIELDS, type FieldSpec, rowFields, SETTINGS_FIELDS } from './property-fields';

/** Controls shown and not usable (`fixed`): a disabled fieldset disables every control in it, a font list's and a palette's too. */
const Fixed = ({ fixed, children }: { fixed: boolean; children: ComponentChildren }) =>
  fixed ? (
    <fieldset class="fixed" disabled>
      {children}
    </fieldset>
  ) : (
    <>{children}</>
  );

/**
 * `phone`: on Desktop, the row or block whose phone overrides each field names beside it.
 * `fixed`: the fields shown but not changed here (a library row's: its owner's).
 */
function Fields({
  fields,
  target,
  idPrefix,
  onPatch,
  colours,
  phone,
  fixed = () => false,
}: {
  fields: FieldSpec[];
  target: Target;
  idPrefix: string;
  onPatch: (patch: Patch, key: string) => void;
  colours?: { doc: DesignDocument; owner: ColourOwner };
  phone?: PhoneHolder;
  fixed?: (field: FieldSpec) => boolean;
}) {
  return (
    <>
      {fields.map((field) => {
        const hint = phone && phoneOverride(phone, field) !== null ? `${fieldId(idPrefix, field)}-phone` : undefined;
        return (
          <Fragment key={[...(field.in ?? []), field.key].join('.')}>
            <Fixed fixed={fixed(field)}>
              <Field field={field} target={target} idPrefix={idPrefix} onPatch={onPatch} inherited={colours && inheritedColour(colours.doc, colours.owner, field)} describedBy={hint} />
            </Fixed>
            {phone && hint && <PhoneHint phone={phone} field={field} id={hint} />}
          </Fragment>
        );
      })}
    </>
  );
}

/** What a library row's block, row or column says of its fields: which of them the person may change. */
function LibraryNote({ textsOnly }: { textsOnly: boolean }) {
  const { t } = useTranslator();
  return <p class="library-note">{t(textsOnly ? 'properties.libraryTexts' : 'properties.libraryFixed')}</p>;
}

/** A block's fields as the panel shows them: an image not chosen yet has no address to show (its placeholder pixel is not one). */
const shownFields = (block: Block): Target => (block.type === 'image' && block.src === PLACEHOLDER_IMAGE ? { ...block, src: '' } : block) as unknown as Target;

function BlockProperties({ store, block, path, onImageLibrary }: { store: EditorStore; block: Block; path: BlockPath; onImageLibrary: (at: BlockPath) => void }) {
  const onPatch = (patch: Patch, key: string) => {
    store.dispatch({ type: 'patchBlock', at: path, patch }, { coalesceKey: key });
  };
  const { t } = useTranslator();
  const idPrefix = `block-${path.row}-${path.column}-${path.block}`;
  const type = t(BLOCK_LABELS[block.type]);
  const row = store.doc.body.rows[path.row];
  const library = fromLibrary(row);
  const ownText = textsEditable(row, block);
  // In a library row, only a text the integrator made editable; in the design's own rows, everything.
  const fixed = (field: FieldSpec) => library && !(ownText && field.in === undefined && field.key === syncedTextField(block));
  return (
    <section aria-label={t('properties.block', { type })}>
      <h2>{type}</h2>
      {library && <LibraryNote textsOnly={ownText} />}
      {block.type === 'image' && !library && (
        <div class="field">
          <label for="image-upload">{t('properties.uploadImage')}</label>
          <input
            id="image-upload"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void store.uploadImage(path, file, 'upload');
            }}
          />
          <RefusalNotice store={store} place="upload" />
          <button type="button" onClick={() => onImageLibrary(path)}>
            {t('images.open')}
          </button>
        </div>
      )}
      {store.device === 'phone' && (
        <Fixed fixed={library}>
          <PhoneFields store={store} target={{ kind: 'block', path }} holder={block} idPrefix={idPrefix} />
        </Fixed>
      )}
      <Fields
        fields={[...BLOCK_FIELDS[block.type].filter((field) => store.device === 'desktop' || !isOverridden(block.type, field)), hideOnField(block.type)]}
        target={shownFields(block)}
        idPrefix={idPrefix}
        onPatch={onPatch}
        colours={{ doc: store.doc, owner: { kind: 'block', block, row, column: path.column } }}
        phone={store.device === 'desktop' ? { store, target: { kind: 'block', path }, holder: block } : undefined}
        fixed={fixed}
      />
      {(block.type === 'social' || block.type === 'menu' || block.type === 'form') && (
        <Fixed fixed={library}>
          <ListEditor block={block} onPatch={onPatch} idPrefix={idPrefix} />
        </Fixed>
      )}
      {/* A block of a library row is neither duplicated nor deleted there: the row is its owner's. */}
      <Fixed fixed={library}>
        <div class="actions">
          <button
            type="button"
            onClick={() => {
              const copy = duplicateBlock(store.doc, path);
              store.dispatch(copy.command, { select: { kind: 'block', path: copy.to }, place: 'panel' });
            }}
          >
            {t('properties.duplicateBlock')}
          </button>
          <button type="button" onClick={() => store.dispatch({ type: 'removeBlock', at: path }, { select: null })}>
            {t('properties.deleteBlock')}
          </button>
        </div>
      </Fixed>
    </section>
  );
}

/** The column counts a row offers: 1 to the most the document takes. */
const COLUMN_COUNTS = Array.from({ length: EDIT_LIMITS.columns }, (_, i) => i + 1);

function ColumnTools({ store, row, index }: { store: EditorStore; row: Row; index: number }) {
  const { t } = useTranslator();
  const count = row.columns.length;
  // A library row's columns are its owner's: each column's settings may be looked at, not changed.
  const fixed = fromLibrary(row);
  return (
    <fieldset class="columns-editor">
      <legend>{t('properties.columns')}</legend>
      <div class="field">
        <label for="row-columns">{t('properties.columnCount')}</label>
        <select id="row-columns" disabled={fixed} value={String(count)} onChange={(event) => store.dispatch(setColumnCount(store.doc, index, Number(event.currentTarget.value)))}>
          {COLUMN_COUNTS.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {row.columns.map((column, c) => (
        <div class="column-tools" key={c} role="group" aria-label={t('properties.column', { column: c + 1 })}>
          {count > 1 && (
            <span class="field inline">
              <label for={`row-ratio-${c}`}>{t('properties.columnShare', { column: c + 1 })}</label>
              <input
                id={`row-ratio-${c}`}
                disabled={fixed}
                type="number"
                min={EDIT_LIMITS.ratio.min}
                max={EDIT_LIMITS.ratio.max}
                value={String(column.ratio ?? 1)}
                onInput={(event) => {
                  const ratio = Number(event.currentTarget.value);
                  if (!Number.isInteger(ratio) || ratio < EDIT_LIMITS.ratio.min || ratio > EDIT_LIMITS.ratio.max) return;
                  store.dispatch({ type: 'setColumnRatios', row: index, ratios: row.columns.map((other, i) => (i === c ? ratio : other.ratio)) }, { coalesceKey: `ratio:${index}:${c}` });
                }}
              />
            </span>
          )}
          <button type="button" onClick={() => store.select({ kind: 'column', row: index, column: c })}>
            {t('properties.columnSettings', { column: c + 1 })}
          </button>
          {count > 1 && (
            <>
              <button type="button" disabled={fixed || c === 0} onClick={() => store.dispatch(moveColumn(store.doc, index, c, c - 1))}>
                {t('properties.moveColumnLeft', { column: c + 1 })}
              </button>
              <button type="button" disabled={fixed || c === count - 1} onClick={() => store.dispatch(moveColumn(store.doc, index, c, c + 1))}>
                {t('properties.moveColumnRight', { column: c + 1 })}
              </button>
              <button type="button" disabled={fixed} onClick={() => store.dispatch(removeColumn(store.doc, index, c))}>
                {t('properties.removeColumn', { column: c + 1 })}
              </button>
            </>
          )}
        </div>
      ))}
    </fieldset>
  );
}

function RowProperties({ store, index }: { store: EditorStore; index: number }) {
  const { t } = useTranslator();
  const row = store.doc.body.rows[index];
  const last = store.doc.body.rows.length - 1;
  const move = (to: number) => store.dispatch({ type: 'moveRow', from: index, to }, { select: { kind: 'row', row: to } });
  const library = fromLibrary(row);
  return (
    <section aria-label={t('properties.rowLabel', { row: index + 1 })}>
      <h2>{t('properties.row', { row: index + 1 })}</h2>
      {library && <LibraryNote textsOnly={false} />}
      <ColumnTools store={store} row={row} index={index} />
      <Fixed fixed={library}>
        {store.device === 'phone' && <PhoneFields store={store} target={{ kind: 'row', row: index }} holder={row} idPrefix={`row-${index}`} />}
        <Fields fields={rowFields(store.doc.mode).filter((field) => store.device === 'desktop' || !isOverridden('row', field))} target={row as unknown as Target} idPrefix={`row-${index}`} colours={{ doc: store.doc, owner: { kind: 'row', row } }} onPatch={(patch, key) => store.dispatch({ type: 'patchRow', index, patch }, { coalesceKey: key })} phone={store.device === 'desktop' ? { store, target: { kind: 'row', row: index }, holder: row } : undefined} />
      </Fixed>
      <div class="actions">
        <button type="button" disabled={index === 0} onClick={() => move(index - 1)}>
          {t('properties.moveRowUp')}
        </button>
        <button type="button" disabled={index === last} onClick={() => move(index + 1)}>
          {t('properties.moveRowDown')}
        </button>
        <button type="button" onClick={() => store.dispatch(duplicateRow(store.doc, index), { select: { kind: 'row', row: index + 1 } })}>
          {t('properties.duplicateRow')}
        </button>
        <button type="button" onClick={() => store.dispatch({ type: 'removeRow', index }, { select: null })}>
          {t('properties.deleteRow')}
        </button>
      </div>
    </section>
  );
}

function ColumnProperties({ store, row, column }: { store: EditorStore; row: number; column: number }) {
  const { t } = useTranslator();
  const target = store.doc.body.rows[row].columns[column] as unknown as Target;
  const library = fromLibrary(store.doc.body.rows[row]);
  return (
    <section aria-label={t('properties.columnLabel', { row: row + 1, column: column + 1 })}>
      <h2>{t('properties.columnTitle', { row: row + 1, column: column + 1 })}</h2>
      {library && <LibraryNote textsOnly={false} />}
      <Fields fields={COLUMN_FIELDS} target={target} idPrefix={`column-${row}-${column}`} colours={{ doc: store.doc, owner: { kind: 'column', row: store.doc.body.rows[row] } }} onPatch={(patch, key) => store.dispatch({ type: 'patchColumn', row, column, patch }, { coalesceKey: key })} fixed={() => library} />
      <button type="button" class="link" onClick={() => store.select({ kind: 'row', row })}>
        {t('properties.rowLabel', { row: row + 1 })}
      </button>
    </section>
  );
}

function BodyProperties({ store }: { store: EditorStore }) {
  const { t } = useTranslator();
  const doc = store.shown;
  return (
    <section aria-label={t('properties.designLabel')}>
      <h2>{t('properties.design')}</h2>
      <Fields fields={SETTINGS_FIELDS[doc.mode]} target={doc.settings as unknown as Target} idPrefix="settings" colours={{ doc, owner: { kind: 'settings' } }} onPatch={(patch, key) => store.dispatch({ type: 'patchSettings', patch }, { coalesceKey: key })} />
      <Fields fields={bodyFields(doc.mode)} target={(doc.body.style ?? {}) as Target} idPrefix="body" colours={{ doc, owner: { kind: 'body' } }} onPatch={(patch, key) => store.dispatch({ type: 'patchBodyStyle', patch }, { coalesceKey: key })} />
    </section>
  );
}

/**
 * Properties of what is selected: a block, a row, a column, or else the design.
 * `onImageLibrary` opens the image library for the image block at a place (a dialog of the whole editor).
 */
export function PropertyPanel({ store, onImageLibrary }: { store: EditorStore; onImageLibrary: (at: BlockPath) => void }) {
  const { t } = useTranslator();
  const [selection, doc] = useStoreValues(store, (s) => [s.selection, s.shown, s.device] as const);
  const rows = doc.body.rows;
  let panel = <BodyProperties store={store} />;
  if (selection?.kind === 'block') {
    const block = rows[selection.path.row]?.columns[selection.path.column]?.blocks[selection.path.block];
    if (block) panel = <BlockProperties store={store} block={block} path={selection.path} onImageLibrary={onImageLibrary} />;
  } else if (selection?.kind === 'row' && rows[selection.row]) {
    panel = <RowProperties store={store} index={selection.row} />;
  } else if (selection?.kind === 'column' && rows[selection.row]?.columns[selection.column]) {
    panel = <ColumnProperties store={store} row={selection.row} column={selection.column} />;
  }
  // A new selection shows from its title: the panel does not keep the last one's scroll.
  const aside = useRef<HTMLElement>(null);
  const selected = JSON.stringify(selection);
  useEffect(() => {
    if (aside.current) aside.current.scrollTop = 0;
  }, [selected]);
  return (
    <aside ref={aside} class="properties" aria-label={t('properties.label')}>
      {panel}
      <RefusalNotice store={store} place="panel" />
      {selection && selection.kind !== 'body' && (
        <button type="button" class="link" onClick={() => store.select({ kind: 'body' })}>
          {t('properties.designLabel')}
        </button>
      )}
    </aside>
  );
}
