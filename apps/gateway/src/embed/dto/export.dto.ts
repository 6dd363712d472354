import { IsBoolean, IsIn } from 'class-validator';
import { Omittable } from '../../http/omittable';
import type { RenderMerge, RenderTextOptions, UserRef } from '@embed/contracts';
import { IsSharedPart } from '../../http/shared-schemas';

export const SERVER_EXPORT_FORMATS = ['html', 'zip', 'pdf', 'png'] as const;

/** Spec 4.4: no other fields allowed. */
export class ExportDto {
  @IsSharedPart('UserRef') user: UserRef;
  @Omittable() @IsSharedPart('Merge') merge?: RenderMerge;
  @Omittable() @IsSharedPart('TextOptions') text?: RenderTextOptions;
  @Omittable() @IsIn(SERVER_EXPORT_FORMATS) format?: (typeof SERVER_EXPORT_FORMATS)[number];
  @Omittable() @IsBoolean() fullPage?: boolean;
}
