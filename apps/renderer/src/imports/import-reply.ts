import { fail, type ImportDesignRequest, type ImportedDesign, ok, type ServiceReply } from '@embed/contracts';
import { importDesign, SourceUnreadable } from '@embed/design-import';

/** An import as a worker is given it: the request without its tenant, whose turn it already had. */
export type ImportJob = Omit<ImportDesignRequest, 'tenant'>;

/**
 * An import as the API answers it: the design and its warnings, or the documented refusal
 * of a source that is not that format (422 source_unreadable, naming the place). Anything
 * else thrown is a fault of ours.
 */
export function importReply({ mode, format, source, mergeTags }: ImportJob): ServiceReply<ImportedDesign> {
  try {
    return ok(importDesign({ format, source, mode, mergeTags }));
  } catch (error) {
    if (error instanceof SourceUnreadable) return fail(422, 'source_unreadable', `source is not readable as ${format}: at ${error.path}, ${error.reason}`, { path: error.path });
    throw error;
  }
}
