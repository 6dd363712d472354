import { IsObject, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../../http/omittable';
import { DESIGN_ID_PATTERN, LANGUAGE_TAG_MEANING, LanguageTagSchema, type RenderMerge, type RenderTextOptions } from '@embed/contracts';
import { IsSharedPart } from '../../http/shared-schemas';

/** Spec 4.5. `doc` is checked by the renderer against the design-document schema. */
export class RenderDto {
  @IsObject() doc: Record<string, unknown>;
  @Omittable() @Matches(DESIGN_ID_PATTERN, { message: 'designId must be 26 letters and digits' }) designId?: string;
  @Omittable() @IsSharedPart('Merge') merge?: RenderMerge;
  @Omittable() @IsSharedPart('TextOptions') text?: RenderTextOptions;
  @Omittable() @IsString() @MaxLength(LanguageTagSchema.maxLength as number) @Matches(new RegExp(LanguageTagSchema.pattern as string), { message: `language must be ${LANGUAGE_TAG_MEANING}` }) language?: string;
}
