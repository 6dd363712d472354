import { IsIn } from 'class-validator';
import { EXPORT_FORMATS, type ExportFormat } from '@embed/contracts';

/** contracts section 3: POST /editor/v1/designs/{id}/export. */
export class EditorExportDto {
  @IsIn(EXPORT_FORMATS) format: ExportFormat;
}
