import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A scratch directory for downloaded files, checked with the system's own tools. */
const scratch = mkdtempSync(path.join(tmpdir(), 'file-exports-'));

export async function download(url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

function saved(bytes: Buffer, name: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return file;
}

/** pdfinfo's page count and size, and pdftotext's text. */
export function readPdf(bytes: Buffer) {
  const file = saved(bytes, `${Date.now()}.pdf`);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    pageSize: /Page size:\s+([^\n]+)/.exec(info)?.[1] ?? '',
    text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
  };
}

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk header). */
export function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The ZIP unpacked with `unzip`: its entries and a reader for one of them. */
export function unpackZip(bytes: Buffer) {
  const file = saved(bytes, `${Date.now()}.zip`);
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' });
  return {
    entries: listing.trim().split('\n').sort(),
    read: (entry: string) => execFileSync('unzip', ['-p', file, entry]),
  };
}

/** A 1×1 PNG, as the editor would upload. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
