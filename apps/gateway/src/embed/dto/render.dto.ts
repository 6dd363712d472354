import { IsObject, Matches } from 'class-validator';
import { Omittable } from '../../http/omittable';
import { DESIGN_ID_PATTERN, type RenderMerge, type RenderTextOptions } from '@embed/contracts';
import { IsSharedPart } from '../../http/shared-schemas';

/** Spec 4.5. `doc` is checked by the renderer against the design-document schema. */
export class RenderDto {
  @IsObject() doc: Record<string, unknown>;
  @Omittable() @Matches(DESIGN_ID_PATTERN, { message: 'designId must be 26 letters and digits' }) designId?: string;
  @Omittable() @IsSharedPart('Merge') merge?: RenderMerge;
  @Omittable() @IsSharedPart('TextOptions') text?: RenderTextOptions;
}
