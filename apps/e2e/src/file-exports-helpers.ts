import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { buffer } from 'node:stream/consumers';
import { crc32, createDeflate, deflateSync } from 'node:zlib';

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

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * Sends a request's head only, as a client that waits for the answer before sending its
 * body would, and reads the answer: it proves the server answered without the body.
 */
export function answerToHeadOnly(url: string, method: string, headers: Record<string, string>): Promise<RawAnswer> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer within 20 s without the body')));
    socket.on('connect', () => {
      const lines = [`${method} ${pathname} HTTP/1.1`, `host: ${hostname}:${port}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.setEncoding('utf8').on('data', (text: string) => {
      received += text;
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...headerLines] = received.slice(0, end).split('\r\n');
      const head = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const body = received.slice(end + 4);
      if (Buffer.byteLength(body) < Number(head['content-length'])) return;
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers: head, body: JSON.parse(body) });
    });
    socket.on('error', reject);
  });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG of random pixels (which do not compress), padded with a text chunk to exactly `bytes`. */
export function noisePng(bytes: number): Buffer {
  const width = 256;
  const height = Math.floor((bytes * 0.9) / (width * 3 + 1));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows))];
  const used = parts.reduce((sum, part) => sum + part.length, 0) + 12 + 12;
  if (used + 12 > bytes) throw new Error(`a ${bytes}-byte PNG is too small for its pixels`);
  parts.push(chunk('tEXt', Buffer.from(`Comment\0${'.'.repeat(bytes - used - 8)}`, 'latin1')), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}


/**
 * A valid grey PNG of `width` x `height` black pixels: its rows deflate to almost nothing, so
 * 20000x20000 (400 MB once decoded) is a file of a few hundred KB, a decompression bomb.
 */
export async function bombPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  // Deflated a thousand rows at a time, so that the test never holds the decoded image either.
  const deflate = createDeflate({ level: 9 });
  const compressed = buffer(deflate);
  const block = Buffer.alloc((width + 1) * 1000);
  for (let row = 0; row < height; row += 1000) {
    if (!deflate.write(block.subarray(0, (width + 1) * Math.min(1000, height - row)))) await once(deflate, 'drain');
  }
  deflate.end();
  const rows = await compressed;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}
