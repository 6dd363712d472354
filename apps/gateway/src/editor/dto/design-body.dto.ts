import { IsObject, IsOptional, IsString, Length } from 'class-validator';

/** contracts section 3: POST /editor/v1/designs. */
export class CreateDesignDto {
  @IsString() @Length(1, 200) name: string;
  @IsObject() doc: Record<string, unknown>;
}

/** contracts section 3: PUT /editor/v1/designs/{id}. */
export class SaveDesignDto {
  @IsOptional() @IsString() @Length(1, 200) name?: string;
  @IsObject() doc: Record<string, unknown>;
}
