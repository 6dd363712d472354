import { IsIn, IsInt, IsString, Length, Max, Min } from 'class-validator';
import { Omittable } from '../../http/omittable';
import { TOKEN_ACCESS, type TokenAccess, type UserRef } from '@embed/contracts';
import { IsSharedPart } from '../../http/shared-schemas';

export const DEFAULT_TOKEN_TTL_SECONDS = 900;

/** Spec 4.1. */
export class CreateTokenDto {
  @IsSharedPart('UserRef') user: UserRef;
  @IsString() @Length(1, 2048) origin: string;
  @Omittable() @IsInt() @Min(60) @Max(900) ttl?: number;
  /** Contracts §3: `read` opens, lists, previews and exports, and is refused every write. */
  @Omittable() @IsIn(TOKEN_ACCESS) access?: TokenAccess;
}
