import { IsObject, Matches } from 'class-validator';
import { Omittable } from '../../http/omittable';
import { DESIGN_ID_PATTERN } from '@embed/contracts';

/** POST /editor/v1/render: the editor's preview. `doc` is checked by the renderer against the design-document schema. */
export class EditorRenderDto {
  @IsObject() doc: Record<string, unknown>;
  /** The design being edited, once saved: a popup's handle and a form's event carry it. */
  @Omittable() @Matches(DESIGN_ID_PATTERN, { message: 'designId must be 26 letters and digits' }) designId?: string;
}
