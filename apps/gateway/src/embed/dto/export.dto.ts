import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { UserRefDto } from './common.dto';
import { MergeDto, TextOptionsDto } from './merge.dto';

export const SERVER_EXPORT_FORMATS = ['html', 'zip', 'pdf', 'png'] as const;

/** Spec 4.4: no other fields allowed. */
export class ExportDto {
  @IsObject() @ValidateNested() @Type(() => UserRefDto) user: UserRefDto;
  @IsOptional() @ValidateNested() @Type(() => MergeDto) merge?: MergeDto;
  @IsOptional() @ValidateNested() @Type(() => TextOptionsDto) text?: TextOptionsDto;
  @IsOptional() @IsIn(SERVER_EXPORT_FORMATS) format?: (typeof SERVER_EXPORT_FORMATS)[number];
  @IsOptional() @IsBoolean() fullPage?: boolean;
}
