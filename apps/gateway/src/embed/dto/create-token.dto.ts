import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { UserRefDto } from './common.dto';

export const DEFAULT_TOKEN_TTL_SECONDS = 900;

/** Spec 4.1. */
export class CreateTokenDto {
  @IsObject() @ValidateNested() @Type(() => UserRefDto) user: UserRefDto;
  @IsString() @Length(1, 2048) origin: string;
  @IsOptional() @IsInt() @Min(60) @Max(900) ttl?: number;
}
