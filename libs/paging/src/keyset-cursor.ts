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

/** What a cursor holds first: the kind of position (a position never reads as one of another kind). */
const DESIGN_POSITION = 1;
const REVISION_POSITION = 2;
const CURSOR_PATTERN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/**
 * Opaque, signed keyset cursors: `<base64url JSON position>.<base64url HMAC-SHA256>`.
 * The HMAC covers the position and the `list` it was made for (e.g. one person of one
 * project and environment), so an altered cursor, or one handed to another list, is
 * refused instead of silently paging somewhere else.
 */
export class KeysetCursorCodec {
  constructor(private readonly secret: string) {}

  /** A position in a list ordered by (createdAt desc, id desc). */
  encode(position: KeysetPosition, list: string): string {
    return this.seal([DESIGN_POSITION, position.createdAt.getTime(), position.id], list);
  }

  /** The position a cursor stands for; throws CursorError when it cannot be trusted. */
  decode(cursor: string, list: string): KeysetPosition {
    const [kind, createdAtMs, id] = this.open(cursor, list);
    // Signed by us, so the shape holds unless the format changed under a live cursor.
    if (kind !== DESIGN_POSITION || typeof createdAtMs !== 'number' || typeof id !== 'string') throw new CursorError('has an unknown format');
    return { createdAt: new Date(createdAtMs), id };
  }

  /** A position in a list ordered by revision, newest first (a design's restore points). */
  encodeRevision(revision: number, list: string): string {
    return this.seal([REVISION_POSITION, revision], list);
  }

  /** The revision a cursor stands for; throws CursorError when it cannot be trusted. */
  decodeRevision(cursor: string, list: string): number {
    const [kind, revision] = this.open(cursor, list);
    if (kind !== REVISION_POSITION || !Number.isSafeInteger(revision)) throw new CursorError('has an unknown format');
    return revision as number;
  }

  private seal(position: unknown[], list: string): string {
    const body = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${body}.${this.sign(body, list)}`;
  }

  private open(cursor: string, list: string): unknown[] {
    const match = CURSOR_PATTERN.exec(cursor);
    if (!match) throw new CursorError('is not a cursor this service made');
    const [, body, signature] = match;
    // Compared as text: two base64url spellings can decode to the same bytes, and any
    // change to the cursor must be refused.
    if (!timingSafeEqual(Buffer.from(signature), Buffer.from(this.sign(body, list)))) throw new CursorError('was altered or belongs to another list');
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
  }

  private sign(body: string, list: string): string {
    return createHmac('sha256', this.secret).update(`${list}\n${body}`).digest('base64url');
  }
}
