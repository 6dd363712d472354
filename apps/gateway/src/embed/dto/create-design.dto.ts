import { IsObject, IsString, Length } from 'class-validator';

/**
 * A new design from a name and a document: `POST /editor/v1/designs` (contracts section 3)
 * and `POST /embed/v1/users/{userId}/designs` (section 8); and a template's, created or
 * replaced (`POST /embed/v1/templates`, `PUT /embed/v1/templates/{templateId}`). `doc` is checked by the designs
 * service against the design-document schema and the project's mode.
 */
export class CreateDesignDto {
  @IsString() @Length(1, 200) name: string;
  @IsObject() doc: Record<string, unknown>;
}
