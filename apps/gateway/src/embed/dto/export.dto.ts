import { IsBoolean, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { Omittable } from '../../http/omittable';
import { LANGUAGE_TAG_MEANING, LanguageTagSchema, type RenderMerge, type RenderTextOptions, type UserRef } from '@embed/contracts';
import { IsSharedPart } from '../../http/shared-schemas';

export const SERVER_EXPORT_FORMATS = ['html', 'zip', 'pdf', 'png'] as const;

/** Spec 4.4: no other fields allowed. */
export class ExportDto {
  @IsSharedPart('UserRef') user: UserRef;
  @Omittable() @IsSharedPart('Merge') merge?: RenderMerge;
  @Omittable() @IsSharedPart('TextOptions') text?: RenderTextOptions;
  @Omittable() @IsIn(SERVER_EXPORT_FORMATS) format?: (typeof SERVER_EXPORT_FORMATS)[number];
  @Omittable() @IsBoolean() fullPage?: boolean;
  @Omittable() @IsString() @MaxLength(LanguageTagSchema.maxLength as number) @Matches(new RegExp(LanguageTagSchema.pattern as string), { message: `language must be ${LANGUAGE_TAG_MEANING}` }) language?: string;
  /** ZIP only: every language of the design in the one file. */
  @Omittable() @IsBoolean() allLanguages?: boolean;
}
