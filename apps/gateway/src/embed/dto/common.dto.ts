import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';

export const DESIGN_ID_PATTERN = /^[0-9A-Za-z]{26}$/;

export class UserRefDto {
  @IsString() @Length(1, 256) id: string;
}

export class UserParams {
  @IsString() @Length(1, 256) userId: string;
}

export class UserDesignParams extends UserParams {
  @Matches(DESIGN_ID_PATTERN, { message: 'designId must be 26 letters and digits' }) designId: string;
}

export class DesignIdParams {
  @Matches(DESIGN_ID_PATTERN, { message: 'id must be 26 letters and digits' }) id: string;
}

export class ListQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @IsOptional() @IsString() @MaxLength(512) cursor?: string;
}
