import type { Design, DesignSummary, RestorePointSummary, UnparsedRestorePoint } from '@embed/contracts';
import type { DesignRecord, DesignSummaryRecord, RestorePointSummaryRecord, StoredRestorePointRecord } from '@embed/data-access';

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

export const toRestorePointSummary = ({ revision, name, createdAt, autosave, label }: RestorePointSummaryRecord): RestorePointSummary => ({
  revision,
  name,
  createdAt: createdAt.toISOString(),
  autosave,
  label,
});

export const toUnparsedRestorePoint = (record: StoredRestorePointRecord): UnparsedRestorePoint => ({ ...toRestorePointSummary(record), docJson: record.docJson });
