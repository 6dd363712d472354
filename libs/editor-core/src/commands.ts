import {
  type Block,
  type Body,
  type Column,
  type DesignDocument,
  designProblem,
  fieldDefinition,
  lockedRowChange,
  syncedRowEdit,
  type HeadingBlock,
  type Row,
  type TextBlock,
  type WebFont,
} from '@embed/design-document/model';
import { blockToNewRow, type ColumnPlace, moveColumnToRow, newRowToBlock } from './cross-moves';
import { type PhoneTarget, setPhoneStyle } from './devices';
import { addLanguage, setTranslation, type TranslationTarget } from './languages';
import { applyPatch, type Patch } from './patch';
import { applyTextEdit, type TextEdit } from './rich-text/text-edits';
import { blockAt, type BlockPath, columnAt, CommandError, inserted, removed, replaced, rowAt, withColumn, withRows } from './paths';

const ratio = fieldDefinition('column', ['ratio']);

/** Bounds of the document that the structure tools plan with (how many columns a row offers, where blocks go when columns go). */
export const EDIT_LIMITS = {
  columns: fieldDefinition('row', ['columns']).maxItems as number,
  blocksPerColumn: fieldDefinition('blocks', []).maxItems as number,
  ratio: { min: ratio.minimum as number, max: ratio.maximum as number },
} as const;

/**
 * Every change to a design is one of these: plain data, so that a change can be kept,
 * replayed and undone. `applyCommand` returns the command that undoes it.
 */
export type Command =
  | { type: 'insertBlock'; at: BlockPath; block: Block }
  | { type: 'removeBlock'; at: BlockPath }
  /** `to` is the place in the target column once the block has left `from`. */
  | { type: 'moveBlock'; from: BlockPath; to: BlockPath }
  /** A block dropped between rows: into a new row of one column at `index` (cross-moves.ts). */
  | { type: 'blockToNewRow'; from: BlockPath; index: number }
  /** The inverse: row `index`, a lone block's row, goes and its block goes to `to`. */
  | { type: 'newRowToBlock'; index: number; to: BlockPath }
  | { type: 'patchBlock'; at: BlockPath; patch: Patch }
  | { type: 'setRichText'; at: BlockPath; content: TextBlock['content'] | HeadingBlock['content'] }
  /** Formats or edits a text's or heading's rich text in the document's terms (marks, links, lists, merge tags, pastes). */
  | { type: 'editText'; at: BlockPath; edit: TextEdit }
  | { type: 'insertRow'; index: number; row: Row }
  | { type: 'removeRow'; index: number }
  | { type: 'moveRow'; from: number; to: number }
  | { type: 'patchRow'; index: number; patch: Patch }
  /** Replaces a row's columns: adding or removing a column, with the blocks it holds. */
  | { type: 'setColumns'; row: number; columns: Column[] }
  /** A column, blocks and width with it, into another row (or another place of its own). */
  | { type: 'moveColumnToRow'; from: ColumnPlace; to: ColumnPlace }
  | { type: 'setColumnRatios'; row: number; ratios: (number | undefined)[] }
  | { type: 'patchColumn'; row: number; column: number; patch: Patch }
  | { type: 'patchBodyStyle'; patch: Patch }
  /** The web fonts the body lists (`undefined`: none), which the canvas and every render load. */
  | { type: 'setFonts'; fonts: WebFont[] | undefined }
  /** One phone override of a row or block; `value` undefined resets it to the desktop's (devices.ts). */
  | { type: 'setPhoneStyle'; target: PhoneTarget; key: string; value: unknown }
  /** One text of one language's translation; `value` undefined takes it away (languages.ts). */
  | { type: 'setTranslation'; target: TranslationTarget; language: string; key: string; value: unknown }
  /** A language added to the design, each text copied from the default language as a start. */
  | { type: 'addLanguage'; language: string }
  | { type: 'patchSettings'; patch: Patch }
  | { type: 'rename'; name: string | undefined }
  /** The whole design at once (a restore point taken): same mode only. */
  | { type: 'replaceDesign'; doc: DesignDocument };

export interface Applied {
  doc: DesignDocument;
  inverse: Command;
}

function checkIndex(index: number, length: number, what: string): void {
  if (!Number.isInteger(index) || index < 0 || index > length) throw new CommandError(`${what} ${index} is out of range`);
}

/** A column at its most blocks takes no more: said as such, rather than as the definition's count of items. */
function checkRoom(column: Column, row: number, index: number): void {
  if (column.blocks.length >= EDIT_LIMITS.blocksPerColumn) {
    throw new CommandError(`column ${index + 1} of row ${row + 1} holds at most ${EDIT_LIMITS.blocksPerColumn} blocks`, 'column_full');
  }
}

function insertBlock(doc: DesignDocument, at: BlockPath, block: Block): Applied {
  const column = columnAt(doc, at.row, at.column);
  checkIndex(at.block, column.blocks.length, 'block');
  checkRoom(column, at.row, at.column);
  return {
    doc: withColumn(doc, at.row, at.column, (old) => ({ ...old, blocks: inserted(old.blocks, at.block, block) })),
    inverse: { type: 'removeBlock', at },
  };
}

function removeBlock(doc: DesignDocument, at: BlockPath): Applied {
  const block = blockAt(doc, at);
  return {
    doc: withColumn(doc, at.row, at.column, (old) => ({ ...old, blocks: removed(old.blocks, at.block) })),
    inverse: { type: 'insertBlock', at, block },
  };
}

function moveBlock(doc: DesignDocument, from: BlockPath, to: BlockPath): Applied {
  const block = blockAt(doc, from);
  const without = withColumn(doc, from.row, from.column, (old) => ({ ...old, blocks: removed(old.blocks, from.block) }));
  const target = columnAt(without, to.row, to.column);
  checkIndex(to.block, target.blocks.length, 'block');
  checkRoom(target, to.row, to.column);
  return {
    doc: withColumn(without, to.row, to.column, (old) => ({ ...old, blocks: inserted(old.blocks, to.block, block) })),
    inverse: { type: 'moveBlock', from: to, to: from },
  };
}

function patchBlock(doc: DesignDocument, at: BlockPath, patch: Patch): Applied {
  if ('type' in patch) throw new CommandError('a block cannot change its type');
  const [block, inverse] = applyPatch(blockAt(doc, at), patch);
  return {
    doc: withColumn(doc, at.row, at.column, (old) => ({ ...old, blocks: replaced(old.blocks, at.block, block) })),
    inverse: { type: 'patchBlock', at, patch: inverse },
  };
}

function setRichText(doc: DesignDocument, at: BlockPath, content: TextBlock['content'] | HeadingBlock['content']): Applied {
  const block = blockAt(doc, at);
  if (block.type !== 'text' && block.type !== 'heading') throw new CommandError(`a ${block.type} block has no rich text`);
  const next = { ...block, content } as Block;
  return {
    doc: withColumn(doc, at.row, at.column, (old) => ({ ...old, blocks: replaced(old.blocks, at.block, next) })),
    inverse: { type: 'setRichText', at, content: block.content },
  };
}

function editText(doc: DesignDocument, at: BlockPath, edit: TextEdit): Applied {
  const block = blockAt(doc, at);
  if (block.type !== 'text' && block.type !== 'heading') throw new CommandError(`a ${block.type} block has no rich text`);
  return setRichText(doc, at, applyTextEdit(block.content, block.type, edit));
}

function insertRow(doc: DesignDocument, index: number, row: Row): Applied {
  checkIndex(index, doc.body.rows.length, 'row');
  return { doc: withRows(doc, inserted(doc.body.rows, index, row)), inverse: { type: 'removeRow', index } };
}

function removeRow(doc: DesignDocument, index: number): Applied {
  const row = rowAt(doc, index);
  return { doc: withRows(doc, removed(doc.body.rows, index)), inverse: { type: 'insertRow', index, row } };
}

function moveRow(doc: DesignDocument, from: number, to: number): Applied {
  const row = rowAt(doc, from);
  const rest = removed(doc.body.rows, from);
  checkIndex(to, rest.length, 'row');
  return { doc: withRows(doc, inserted(rest, to, row)), inverse: { type: 'moveRow', from: to, to: from } };
}

function patchRow(doc: DesignDocument, index: number, patch: Patch): Applied {
  if ('columns' in patch) throw new CommandError('columns change through setColumns');
  const [row, inverse] = applyPatch(rowAt(doc, index), patch);
  return { doc: withRows(doc, replaced(doc.body.rows, index, row)), inverse: { type: 'patchRow', index, patch: inverse } };
}

function setColumns(doc: DesignDocument, index: number, columns: Column[]): Applied {
  const row = rowAt(doc, index);
  return {
    doc: withRows(doc, replaced(doc.body.rows, index, { ...row, columns })),
    inverse: { type: 'setColumns', row: index, columns: row.columns },
  };
}

function setColumnRatios(doc: DesignDocument, index: number, ratios: (number | undefined)[]): Applied {
  const row = rowAt(doc, index);
  if (ratios.length !== row.columns.length) throw new CommandError(`row ${index} has ${row.columns.length} columns, not ${ratios.length}`);
  const columns = row.columns.map((column, i) => applyPatch(column, { ratio: ratios[i] })[0]);
  return {
    doc: withRows(doc, replaced(doc.body.rows, index, { ...row, columns })),
    inverse: { type: 'setColumnRatios', row: index, ratios: row.columns.map((column) => column.ratio) },
  };
}

function patchColumn(doc: DesignDocument, row: number, column: number, patch: Patch): Applied {
  if ('blocks' in patch) throw new CommandError('blocks change through block commands');
  let inverse: Patch = {};
  const next = withColumn(doc, row, column, (old) => {
    const [patched, undo] = applyPatch(old, patch);
    inverse = undo;
    return patched;
  });
  return { doc: next, inverse: { type: 'patchColumn', row, column, patch: inverse } };
}

function patchBodyStyle(doc: DesignDocument, patch: Patch): Applied {
  const [style, inverse] = applyPatch(doc.body.style ?? {}, patch);
  const body: Body = { ...doc.body, style };
  if (Object.keys(style).length === 0) delete body.style;
  return { doc: { ...doc, body }, inverse: { type: 'patchBodyStyle', patch: inverse } };
}

function setFonts(doc: DesignDocument, fonts: WebFont[] | undefined): Applied {
  const body: Body = { ...doc.body, fonts };
  if (fonts === undefined) delete body.fonts;
  return { doc: { ...doc, body }, inverse: { type: 'setFonts', fonts: doc.body.fonts } };
}

function patchSettings(doc: DesignDocument, patch: Patch): Applied {
  const [settings, inverse] = applyPatch(doc.settings, patch);
  return { doc: { ...doc, settings } as DesignDocument, inverse: { type: 'patchSettings', patch: inverse } };
}

function rename(doc: DesignDocument, name: string | undefined): Applied {
  const [next] = applyPatch(doc, { name });
  return { doc: next, inverse: { type: 'rename', name: doc.name } };
}

function replaceDesign(doc: DesignDocument, next: DesignDocument): Applied {
  if (next.mode !== doc.mode) throw new CommandError(`a ${doc.mode} design cannot become a ${next.mode} design`);
  return { doc: next, inverse: { type: 'replaceDesign', doc } };
}

/**
 * Applies one command to the document (never changing it: the result is a new document
 * sharing what did not change). A command whose result the server would refuse is refused
 * here, with a CommandError naming the field and why: the document's definition judges it,
 * as it judges a save (ProseMirror's schema and tldraw's record validators do the same).
 */
export function applyCommand(doc: DesignDocument, command: Command): Applied {
  const applied = applyUnchecked(doc, command);
  const problem = designProblem(applied.doc);
  if (problem) throw new CommandError(`the design would not be valid: ${problem}`);
  // Locked and synced rows are the integrator's: the service refuses a save that changes a
  // locked one (409 row_locked) and keeps a synced one's library content, so the editor refuses the edit.
  const locked = lockedRowChange(doc, applied.doc) ?? syncedRowEdit(doc, applied.doc);
  if (locked) throw new CommandError(locked, 'row_locked');
  return applied;
}

function applyUnchecked(doc: DesignDocument, command: Command): Applied {
  switch (command.type) {
    case 'insertBlock':
      return insertBlock(doc, command.at, command.block);
    case 'removeBlock':
      return removeBlock(doc, command.at);
    case 'moveBlock':
      return moveBlock(doc, command.from, command.to);
    case 'blockToNewRow':
      return blockToNewRow(doc, command.from, command.index);
    case 'newRowToBlock':
      return newRowToBlock(doc, command.index, command.to);
    case 'patchBlock':
      return patchBlock(doc, command.at, command.patch);
    case 'setRichText':
      return setRichText(doc, command.at, command.content);
    case 'editText':
      return editText(doc, command.at, command.edit);
    case 'insertRow':
      return insertRow(doc, command.index, command.row);
    case 'removeRow':
      return removeRow(doc, command.index);
    case 'moveRow':
      return moveRow(doc, command.from, command.to);
    case 'patchRow':
      return patchRow(doc, command.index, command.patch);
    case 'setColumns':
      return setColumns(doc, command.row, command.columns);
    case 'moveColumnToRow':
      return moveColumnToRow(doc, command.from, command.to);
    case 'setColumnRatios':
      return setColumnRatios(doc, command.row, command.ratios);
    case 'patchColumn':
      return patchColumn(doc, command.row, command.column, command.patch);
    case 'patchBodyStyle':
      return patchBodyStyle(doc, command.patch);
    case 'setFonts':
      return setFonts(doc, command.fonts);
    case 'setPhoneStyle':
      return setPhoneStyle(doc, command.target, command.key, command.value);
    case 'setTranslation':
      return setTranslation(doc, command.target, command.language, command.key, command.value);
    case 'addLanguage':
      return addLanguage(doc, command.language);
    case 'patchSettings':
      return patchSettings(doc, command.patch);
    case 'rename':
      return rename(doc, command.name);
    case 'replaceDesign':
      return replaceDesign(doc, command.doc);
  }
}
