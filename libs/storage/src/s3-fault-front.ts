import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

/**
 * A test double for what s3rver cannot do: it answers every DeleteObjects with all keys
 * deleted and has no versioning (GetBucketVersioning is NotImplemented). This small HTTP
 * front passes every request on to s3rver unchanged, except that it keeps the keys it
 * has `refusals` left for out of each DeleteObjects and answers an `<Error>` for each of them, as S3 does
 * for a key it may not delete (AccessDenied in a 200 answer), and that it answers
 * GetBucketVersioning with `versioning` when that is set. Tests of the S3 driver only.
 */
export class S3FaultFront {
  /** Keys it refuses to delete, with how many more times (Infinity: always). */
  readonly refusals = new Map<string, number>();
  versioning: 'Enabled' | 'Suspended' | null = null;
  /** How many times each key was named in a DeleteObjects. */
  readonly deleteAsks = new Map<string, number>();
  private readonly server = http.createServer((request, response) => void this.answer(request, response));

  constructor(private readonly target: number) {}

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const query = new URL(request.url ?? '/', 'http://front').searchParams;
    if (request.method === 'GET' && query.has('versioning') && this.versioning) {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(`<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Status>${this.versioning}</Status></VersioningConfiguration>`);
      return;
    }
    let body = await buffer(request);
    const refused: string[] = [];
    if (request.method === 'POST' && query.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]);
      for (const key of keys) this.deleteAsks.set(key, (this.deleteAsks.get(key) ?? 0) + 1);
      for (const key of keys) {
        const left = this.refusals.get(key) ?? 0;
        if (left > 0) refused.push(key);
        this.refusals.set(key, left - 1);
      }
      const kept = keys.filter((key) => !refused.includes(key));
      body = Buffer.from(`<Delete><Quiet>true</Quiet>${kept.map((key) => `<Object><Key>${key}</Key></Object>`).join('')}</Delete>`);
      if (kept.length === 0) return this.deleteResult(response, refused, '');
    }
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'content-md5' && !name.startsWith('x-amz-checksum') && name !== 'x-amz-sdk-checksum-algorithm'));
    const forwarded = http.request({ host: '127.0.0.1', port: this.target, method: request.method, path: request.url, headers: { ...headers, 'content-length': String(body.length) } }, async (answer) => {
      const got = await buffer(answer);
      if (refused.length === 0) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        response.end(got);
        return;
      }
      const text = got.toString('utf8');
      this.deleteResult(response, refused, text.slice(text.indexOf('>', text.indexOf('<DeleteResult')) + 1, text.lastIndexOf('</DeleteResult>')));
    });
    forwarded.end(body);
  }

  private deleteResult(response: http.ServerResponse, refused: string[], deleted: string): void {
    const errors = refused.map((key) => `<Error><Key>${key}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`).join('');
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}${errors}</DeleteResult>`);
  }
}
