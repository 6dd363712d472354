import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsString, Length, Max, Min, ValidateIf } from 'class-validator';
import { MAX_REVISION, RESTORE_POINT_LABEL_MAX } from '@embed/contracts';
import { DesignIdParams } from '../../embed/dto/common.dto';
import { Omittable } from '../../http/omittable';

/** contracts section 3: PUT /editor/v1/designs/{id}. */
export class SaveDesignDto {
  @Omittable() @IsString() @Length(1, 200) name?: string;
  @IsObject() doc: Record<string, unknown>;
  /** The revision the edit started from: a higher stored one is 409 revision_conflict, nothing saved. */
  @Omittable() @IsInt() @Min(0) baseRevision?: number;
  /** Made by the editor's autosave: its restore point is coalesced with the autosaves near it (docs/editor.md). */
  @Omittable() @IsBoolean() autosave?: boolean;
}

/** PUT /editor/v1/designs/{id}/revisions/{revision}: the name a person gives a restore point, or null to take it away. */
export class LabelRevisionDto {
  @ValidateIf((_body, value) => value !== null) @IsString() @Length(1, RESTORE_POINT_LABEL_MAX) label: string | null;
}

/** contracts section 3: GET /editor/v1/designs/{id}/revisions/{revision}. */
export class RevisionParams extends DesignIdParams {
  @Type(() => Number) @IsInt() @Min(0) @Max(MAX_REVISION) revision: number;
}
