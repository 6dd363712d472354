import { useEffect, useState } from 'preact/hooks';
import type { SavedRow, SavedRowList } from '@embed/contracts';
import type { Row } from '@embed/design-document/model';
import { type LibraryRow, libraryRowInsertion } from '@embed/editor-core';
import { pressToDrag } from '../canvas/pointer-drag';
import { errorWords } from '../i18n';
import type { EditorApi } from '../services/editor-api';
import type { EditorStore } from '../state/editor-store';
import { layoutPlace, selectedRow } from '../state/insertion';
import { useTranslator } from './i18n';
import { useStoreValues } from './use-store';
import { FoldHeading } from './FoldHeading';

/** A name being written: for the selected row, to save it (no `rowId`), or for a row of the person's own, to rename it. */
interface Naming {
  rowId?: string;
  name: string;
}

/** A saved row as the core inserts it: the service checked its content as a row of a design of this mode when it was saved. */
const libraryRow = (saved: SavedRow): LibraryRow => ({ ...saved, row: saved.row as Row });

/** A saved row put in the design after the row the selection is in (or at the end), selected. */
function insertSaved(store: EditorStore, saved: SavedRow): void {
  const index = layoutPlace(store.doc, store.selection);
  store.dispatch(libraryRowInsertion(store.doc, index, libraryRow(saved)), { select: { kind: 'row', row: index } });
}

/**
 * The Rows panel: the rows the person may reuse (the project's, which the integrator
 * keeps, maybe locked or synced, and their own), each inserted by a click or Enter after
 * the selected row or dragged onto the design; the selected row saved to their own rows;
 * their own renamed and deleted.
 */
export function RowsPanel({ store, api }: { store: EditorStore; api: EditorApi }) {
  const translator = useTranslator();
  const { t } = translator;
  const [listed, setListed] = useState<SavedRowList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  // Folded at first: the property panel keeps the room to edit; the title opens the rows.
  const [open, setOpen] = useState(false);
  const [selection] = useStoreValues(store, (s) => [s.selection] as const);
  const row = selectedRow(selection);

  const load = (after: SavedRowList | null, current: () => boolean = () => true) =>
    api.listRows(after?.nextCursor ?? undefined).then(
      (page) => current() && setListed({ rows: [...(after?.rows ?? []), ...page.rows], nextCursor: page.nextCursor }),
      (error: { code?: string }) => current() && setFailure(t('rows.failed', { reason: errorWords(translator, error.code ?? 'editor_failed') })),
    );

  useEffect(() => {
    let current = true;
    void load(null, () => current);
    return () => {
      current = false;
    };
  }, []);

  /** Runs a call of the panel, saying what it did or why it failed. */
  const act = (call: Promise<string>) => {
    setBusy(true);
    call.then(
      (words) => {
        setSaid(words);
        setNaming(null);
      },
      (error: { code?: string }) => setSaid(t('rows.actionFailed', { reason: errorWords(translator, error.code ?? 'editor_failed') })),
    ).finally(() => setBusy(false));
  };
  const rows = listed?.rows ?? [];
  const replaceListed = (next: SavedRow[]) => setListed({ rows: next, nextCursor: listed?.nextCursor ?? null });

  const submit = (event: Event) => {
    event.preventDefault();
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) return;
    if (naming.rowId === undefined) {
      if (row === null) return;
      act(api.saveRow(name, store.doc.body.rows[row]).then((saved) => (replaceListed([saved, ...rows]), t('rows.saved', { name: saved.name }))));
    } else {
      const { rowId } = naming;
      act(api.renameRow(rowId, name).then((renamed) => (replaceListed(rows.map((item) => (item.id === rowId ? renamed : item))), '')));
    }
  };
  const remove = (saved: SavedRow) => act(api.deleteRow(saved.id).then(() => (replaceListed(rows.filter((item) => item.id !== saved.id)), '')));

  return (
    <section class={`rows-panel${open ? '' : ' folded'}`} aria-labelledby="rows-title">
      <FoldHeading id="rows-title" controls="rows-body" open={open} onToggle={() => setOpen(!open)}>
        {t('rows.title')}
      </FoldHeading>
      <div id="rows-body" hidden={!open}>
        {naming ? (
          <form class="row-naming" onSubmit={submit}>
            <label class="field">
              {t('rows.name')}
              <input value={naming.name} maxLength={200} required onInput={(event) => setNaming({ ...naming, name: (event.target as HTMLInputElement).value })} ref={(input) => input?.focus()} />
            </label>
            <button type="submit" disabled={busy}>
              {t('rows.confirmSave')}
            </button>
            <button type="button" onClick={() => setNaming(null)}>
              {t('rows.cancel')}
            </button>
          </form>
        ) : (
          <button type="button" onClick={() => (row === null ? setSaid(t('rows.saveHint')) : setNaming({ name: t('rows.defaultName', { row: row + 1 }) }))}>
            {t('rows.save')}
          </button>
        )}
        <p class="rows-said" role="status">
          {said}
        </p>
        {failure && <p role="alert">{failure}</p>}
        {!listed && !failure && <p>{t('rows.loading')}</p>}
        {listed && rows.length === 0 && <p>{t('rows.none')}</p>}
        <p id="rows-hint" class="rows-hint">
          {t('rows.insertHint')}
        </p>
        <ul class="saved-rows" aria-label={t('rows.list')}>
          {rows.map((saved) => (
            <li key={saved.id}>
              <button
                type="button"
                class="drag-source saved-row"
                aria-label={t('rows.insert', { name: saved.name })}
                aria-describedby="rows-hint"
                onClick={() => insertSaved(store, saved)}
                onPointerDown={(event) => pressToDrag(event, store, { kind: 'libraryRow', saved: libraryRow(saved) }, saved.name)}
              >
                {saved.name}
              </button>
              <span class="row-tags">
                {t(saved.owner === 'project' ? 'rows.project' : 'rows.own')}
                {saved.locked && ` · ${t('rows.locked')}`}
                {saved.synced && ` · ${t('rows.synced')}`}
              </span>
              {saved.owner === 'person' && (
                <span class="row-actions">
                  <button type="button" disabled={busy} aria-label={t('rows.rename', { name: saved.name })} onClick={() => setNaming({ rowId: saved.id, name: saved.name })}>
                    ✎
                  </button>
                  <button type="button" disabled={busy} aria-label={t('rows.delete', { name: saved.name })} onClick={() => remove(saved)}>
                    ✕
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
        {listed?.nextCursor && (
          <button type="button" onClick={() => void load(listed)}>
            {t('rows.more')}
          </button>
        )}
      </div>
    </section>
  );
}
