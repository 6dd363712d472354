import { fail, type ImportDesignRequest, type ImportedDesign, ok, type ServiceReply } from '@embed/contracts';
import { FormatNotImported, importDesign, IMPORTED_FORMATS, SourceUnreadable } from '@embed/design-import';

/** An import as a worker is given it: the request without its tenant, whose turn it already had. */
export type ImportJob = Omit<ImportDesignRequest, 'tenant'>;

/**
 * An import as the API answers it: the design and its warnings, or the documented refusal
 * of a source that is not that format (422 source_unreadable, naming the place) or of a
 * format not read yet (422 format_unavailable). Anything else thrown is a fault of ours.
 */
export function importReply({ mode, format, source, mergeTags }: ImportJob): ServiceReply<ImportedDesign> {
  try {
    return ok(importDesign({ format, source, mode, mergeTags }));
  } catch (error) {
    if (error instanceof SourceUnreadable) return fail(422, 'source_unreadable', `source is not readable as ${format}: at ${error.path}, ${error.reason}`, { path: error.path });
    if (error instanceof FormatNotImported)
      return fail(422, 'format_unavailable', `importing ${format} is not available yet; the formats imported are ${IMPORTED_FORMATS.join(' and ')}`);
    throw error;
  }
}
