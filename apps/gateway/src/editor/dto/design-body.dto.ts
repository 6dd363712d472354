import { IsInt, IsObject, IsString, Length, Min } from 'class-validator';
import { Omittable } from '../../http/omittable';

/** contracts section 3: POST /editor/v1/designs. */
export class CreateDesignDto {
  @IsString() @Length(1, 200) name: string;
  @IsObject() doc: Record<string, unknown>;
}

/** contracts section 3: PUT /editor/v1/designs/{id}. */
export class SaveDesignDto {
  @Omittable() @IsString() @Length(1, 200) name?: string;
  @IsObject() doc: Record<string, unknown>;
  /** The revision the edit started from: a higher stored one is 409 revision_conflict, nothing saved. */
  @Omittable() @IsInt() @Min(0) baseRevision?: number;
}
