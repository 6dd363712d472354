import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '../../http/omittable';
import { DESIGN_ID_PATTERN, UserIdSchema } from '@embed/contracts';
import { Conforms } from '../../http/shared-schemas';

export class UserParams {
  @Conforms(UserIdSchema) userId: string;
}

export class UserDesignParams extends UserParams {
  @Matches(DESIGN_ID_PATTERN, { message: 'designId must be 26 letters and digits' }) designId: string;
}

export class DesignIdParams {
  @Matches(DESIGN_ID_PATTERN, { message: 'id must be 26 letters and digits' }) id: string;
}

/** Designs on a page when the list asks for no `limit` (spec 4.2), for the server and editor APIs alike. */
export const DEFAULT_PAGE_SIZE = 50;

export class ListQuery {
  @Omittable() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @Omittable() @IsString() @MaxLength(512) cursor?: string;
}
