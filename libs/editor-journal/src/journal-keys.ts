/** What the journal stores of an entry: encrypted, under an id no one can tell the design or the person from. */
export interface SealedEntry {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

const text = new TextEncoder();
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** AES-GCM's recommended IV size: 96 bits, fresh for every entry written. */
const IV_BYTES = 12;

/** Decodes a base64url key as the service gives it (GET /editor/v1/session). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * One person's keys for the journal, all derived with HKDF from the journal key the
 * service holds for them: an AES-GCM key that encrypts their entries, and an HMAC key
 * that names them. An entry's id is `<namespace>:<name>`, both HMACs, so that nothing
 * in the browser tells whose entry it is or of which design, another person's entries
 * never match, and no one derives the key back from them. The keys cannot be exported.
 */
export class JournalKeys {
  private constructor(
    private readonly cipher: CryptoKey,
    private readonly names: CryptoKey,
    /** The prefix of every id of this person's entries. */
    readonly namespace: string,
  ) {}

  static async derive(key: Uint8Array<ArrayBuffer>): Promise<JournalKeys> {
    const base = await crypto.subtle.importKey('raw', key, 'HKDF', false, ['deriveKey']);
    const derive = (info: string, algorithm: AesKeyGenParams | HmacImportParams, usages: KeyUsage[]) =>
      crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(), info: text.encode(`embed-editor-journal/${info}`) }, base, algorithm, false, usages);
    const cipher = await derive('entries', { name: 'AES-GCM', length: 256 }, ['encrypt', 'decrypt']);
    const names = await derive('names', { name: 'HMAC', hash: 'SHA-256', length: 256 }, ['sign']);
    return new JournalKeys(cipher, names, await name(names, 'namespace'));
  }

  /** The id of the entry kept under `key` (a design's id or a draft key). */
  async idOf(key: string): Promise<string> {
    return `${this.namespace}:${await name(this.names, `entry:${key}`)}`;
  }

  /** Encrypts `value` for the entry `id`, with a fresh IV; the id is authenticated with it, so an entry cannot be moved to another. */
  async seal(id: string, value: unknown): Promise<SealedEntry> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: text.encode(id) }, this.cipher, text.encode(JSON.stringify(value)));
    return { iv, data };
  }

  /** The value sealed for `id`; rejects when it was not sealed with these keys for that id, or was changed. */
  async open<T>(id: string, sealed: SealedEntry): Promise<T> {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv, additionalData: text.encode(id) }, this.cipher, sealed.data);
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  }
}

/** HMAC-SHA-256 of `message`, the first 128 bits in hex: a name that gives nothing of the message or the key. */
async function name(key: CryptoKey, message: string): Promise<string> {
  return hex(await crypto.subtle.sign('HMAC', key, text.encode(message))).slice(0, 32);
}
