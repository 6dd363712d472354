import { SAVED_ROW_ID_PATTERN, SAVED_ROWS_SUBJECTS, type TenantScope } from '@embed/contracts';
import { DESIGN_LIMITS, type Row, syncedRowReferences, syncedRowsForRender } from '@embed/design-document/model';
import type { ServiceCalls } from '../services/call-service';

/**
 * A render's document with its synced rows showing their saved rows' current content, as
 * exports and stored designs' renders show them: the rows are the key's project's and
 * environment's (the designs service reads no other), and a reference to any other row is
 * rendered with the row's own content and a warning. A document naming no synced row costs
 * no call.
 */
export async function withCurrentSyncedRows(services: ServiceCalls, scope: TenantScope, doc: unknown): Promise<{ doc: unknown; warnings: string[] }> {
  // An id of another shape is no saved row's: the renderer refuses the document for it.
  const rowIds = syncedRowReferences(doc).filter((id) => SAVED_ROW_ID_PATTERN.test(id)).slice(0, DESIGN_LIMITS.maxBlocks);
  if (!rowIds.length) return { doc, warnings: [] };
  const { rows } = await services.call(SAVED_ROWS_SUBJECTS.synced, { scope, rowIds });
  return syncedRowsForRender(doc, new Map(rows.map(({ id, row }) => [id, row as unknown as Row])));
}
