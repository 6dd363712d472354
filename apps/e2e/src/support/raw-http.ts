import { connect } from 'node:net';

/** A request written byte for byte: nothing is checked or fixed on the way, as a hostile client sends it. */
export interface RawRequest {
  method: string;
  /** The request target exactly as written on the request line. */
  target: string;
  /** Written in this order; repeats and odd values are kept. */
  headers: [string, string][];
  body?: Buffer;
  /** HTTP version on the request line. */
  version?: string;
}

export interface RawAnswer {
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Map<string, string>;
  body: Buffer;
  text: string;
}

/** The first answer on a connection, or why there was none. */
export type RawOutcome = { answer: RawAnswer } | { failure: string };

const HEAD_END = Buffer.from('\r\n\r\n');

/** The request's bytes. Header values are latin1 so that any byte can be sent. */
export function requestBytes(request: RawRequest): Buffer {
  const head = `${request.method} ${request.target} HTTP/${request.version ?? '1.1'}\r\n${request.headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), request.body ?? Buffer.alloc(0)]);
}

/** Sends one request on its own connection and reads the first final answer (1xx answers are skipped). */
export function sendRaw(port: number, request: RawRequest, timeoutMs = 20_000): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // Written, not ended: Node's server takes a half-closed connection for an aborted request.
    const socket = connect(port, '127.0.0.1', () => socket.write(requestBytes(request)));
    const finish = (outcome: RawOutcome) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish(parseOrFail(Buffer.concat(chunks), request.method, `no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const answer = parseAnswer(Buffer.concat(chunks), request.method);
      if (answer) finish({ answer });
    });
    // The server may close right after answering, or reset a connection it refused: what it wrote still counts.
    socket.on('close', () => finish(parseOrFail(Buffer.concat(chunks), request.method, 'the connection closed without an answer')));
    socket.on('error', () => undefined);
  });
}

function parseOrFail(bytes: Buffer, method: string, failure: string): RawOutcome {
  const answer = parseAnswer(bytes, method, true);
  return answer ? { answer } : { failure: bytes.length ? `${failure}; received ${JSON.stringify(bytes.toString('latin1').slice(0, 300))}` : failure };
}

/** The first final answer in these bytes, once all of it has arrived (`closed`: no more will come); null until then. */
export function parseAnswer(bytes: Buffer, method: string, closed = false): RawAnswer | null {
  let start = 0;
  for (;;) {
    const headEnd = bytes.indexOf(HEAD_END, start);
    if (headEnd < 0) return null;
    const [statusLine, ...lines] = bytes.subarray(start, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const bodyStart = headEnd + HEAD_END.length;
    if (status >= 100 && status < 200) {
      start = bodyStart;
      continue;
    }
    const body = method === 'HEAD' || status === 204 || status === 304 ? Buffer.alloc(0) : readBody(bytes.subarray(bodyStart), headers, closed);
    return body && { status, headers, body, text: body.toString('utf8') };
  }
}

function readBody(rest: Buffer, headers: Map<string, string>, closed: boolean): Buffer | null {
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) return dechunk(rest);
  const length = headers.get('content-length');
  // Without a length, the body runs to the end of the connection.
  if (length === undefined) return closed ? rest : null;
  return rest.length >= Number(length) ? rest.subarray(0, Number(length)) : null;
}

function dechunk(rest: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n', offset);
    if (lineEnd < 0) return null;
    const size = parseInt(rest.subarray(offset, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts);
    if (rest.length < lineEnd + 2 + size + 2) return null;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}
