import type { Design, DesignSummary, RestorePoint } from '@embed/contracts';
import type { DesignRecord, DesignSummaryRecord, RestorePointRecord } from '@embed/data-access';

/** Records as the APIs show them: times as ISO 8601 UTC strings. */
export const toSummary = ({ id, name, mode, revision, createdAt, updatedAt }: DesignSummaryRecord): DesignSummary => ({
  id,
  name,
  mode,
  revision,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

export const toDesign = (record: DesignRecord): Design => ({ ...toSummary(record), doc: record.doc });

export const toRestorePoint = ({ revision, name, createdAt, doc }: RestorePointRecord): RestorePoint => ({
  revision,
  name,
  createdAt: createdAt.toISOString(),
  doc,
});
