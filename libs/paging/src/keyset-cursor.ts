import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where a page ended in a list ordered by (createdAt desc, id desc). */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

/** A cursor that was altered, made for another list, or is not a cursor at all. */
export class CursorError extends Error {
  constructor(reason: string) {
    super(`cursor ${reason}`);
    this.name = 'CursorError';
  }
}

const FORMAT_VERSION = 1;
const CURSOR_PATTERN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/**
 * Opaque, signed keyset cursors: `<base64url JSON position>.<base64url HMAC-SHA256>`.
 * The HMAC covers the position and the `list` it was made for (e.g. one person of one
 * project and environment), so an altered cursor, or one handed to another list, is
 * refused instead of silently paging somewhere else.
 */
export class KeysetCursorCodec {
  constructor(private readonly secret: string) {}

  encode(position: KeysetPosition, list: string): string {
    const body = Buffer.from(JSON.stringify([FORMAT_VERSION, position.createdAt.getTime(), position.id])).toString('base64url');
    return `${body}.${this.sign(body, list)}`;
  }

  /** The position a cursor stands for; throws CursorError when it cannot be trusted. */
  decode(cursor: string, list: string): KeysetPosition {
    const match = CURSOR_PATTERN.exec(cursor);
    if (!match) throw new CursorError('is not a cursor this service made');
    const [, body, signature] = match;
    // Compared as text: two base64url spellings can decode to the same bytes, and any
    // change to the cursor must be refused.
    if (!timingSafeEqual(Buffer.from(signature), Buffer.from(this.sign(body, list)))) throw new CursorError('was altered or belongs to another list');
    const [version, createdAtMs, id] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    // Signed by us, so the shape holds unless the format changed under a live cursor.
    if (version !== FORMAT_VERSION || typeof createdAtMs !== 'number' || typeof id !== 'string') throw new CursorError('has an unknown format');
    return { createdAt: new Date(createdAtMs), id };
  }

  private sign(body: string, list: string): string {
    return createHmac('sha256', this.secret).update(`${list}\n${body}`).digest('base64url');
  }
}
