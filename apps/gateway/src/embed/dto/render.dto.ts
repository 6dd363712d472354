import { Type } from 'class-transformer';
import { IsObject, IsOptional, Matches, ValidateNested } from 'class-validator';
import { DESIGN_ID_PATTERN } from './common.dto';
import { MergeDto, TextOptionsDto } from './merge.dto';

/** Spec 4.5. `doc` is checked by the renderer against the design-document schema. */
export class RenderDto {
  @IsObject() doc: Record<string, unknown>;
  @IsOptional() @Matches(DESIGN_ID_PATTERN, { message: 'designId must be 26 letters and digits' }) designId?: string;
  @IsOptional() @ValidateNested() @Type(() => MergeDto) merge?: MergeDto;
  @IsOptional() @ValidateNested() @Type(() => TextOptionsDto) text?: TextOptionsDto;
}
