import type { DesignDocument } from '@embed/design-document/model';
import { errorWords, type Translator } from '../i18n';
import { saveFault, type SaveFault } from '../state/save-fault';
import { BLOCK_LABELS } from './block-labels';
import { BLOCK_FIELDS } from './property-fields';

/** The refused save's block, when its error names one that the design still has there. */
export function faultedBlock(doc: DesignDocument, error: { code: string; message: string } | null | undefined): SaveFault | null {
  if (error?.code !== 'design_invalid') return null;
  const fault = saveFault(error.message);
  return fault && doc.body.rows[fault.path.row]?.columns[fault.path.column]?.blocks[fault.path.block] ? fault : null;
}

/** The block as the canvas names it: its type and place. */
export function blockName({ t }: Translator, doc: DesignDocument, { path }: SaveFault): string {
  const block = doc.body.rows[path.row].columns[path.column].blocks[path.block];
  return t('canvas.block', { type: t(BLOCK_LABELS[block.type]), row: path.row + 1, column: path.column + 1, position: path.block + 1 });
}

/** Why the save failed, naming the block (and its field, by the panel's label) when the error names one. */
export function saveFailureWords(translator: Translator, doc: DesignDocument, error: { code: string; message: string } | null | undefined): string {
  const { t } = translator;
  const fault = faultedBlock(doc, error);
  if (!fault) return t('save.state.failed', { reason: errorWords(translator, error?.code ?? 'save_failed') });
  const block = doc.body.rows[fault.path.row].columns[fault.path.column].blocks[fault.path.block];
  const field = BLOCK_FIELDS[block.type].find((spec) => [...(spec.in ?? []), spec.key].every((name, i) => fault.field[i] === name));
  const name = blockName(translator, doc, fault);
  return field ? t('save.state.failedField', { block: name, field: t(field.label) }) : t('save.state.failedBlock', { block: name });
}
