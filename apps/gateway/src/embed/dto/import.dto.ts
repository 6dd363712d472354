import { IsDefined, IsIn } from 'class-validator';
import { IMPORT_FORMATS, type ImportFormat, MergeTagMapSchema } from '@embed/contracts';
import { Conforms } from '../../http/shared-schemas';
import { Omittable } from '../../http/omittable';

/** contracts §8: `source` is read by the converter, which names the place in it that it cannot read (422 source_unreadable). */
export class ImportDto {
  @IsIn(IMPORT_FORMATS) format: ImportFormat;
  @IsDefined() source: unknown;
  @Omittable() @Conforms(MergeTagMapSchema) mergeTags?: Record<string, string>;
}
