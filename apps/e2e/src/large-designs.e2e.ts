// @lane shared
import { call, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { download, noisePng, readPdf } from './file-exports-helpers';
import { isAlive, pidOf } from './support/stack';

/** The gateway's JSON body limit (docs/server-api.md). */
const BODY_LIMIT = 1024 * 1024;

/**
 * The email example with its hero image inline, grown so that `wrap(doc)` as JSON is
 * `bodyBytes` long: the largest design the gateway takes when `bodyBytes` is its limit.
 */
function designWithInlineImage(bodyBytes: number, wrap: (doc: object) => object) {
  const withImage = (png: Buffer) => {
    const doc = exampleDesign('email');
    doc.body.rows[1].columns[0].blocks[0].src = `data:image/png;base64,${png.toString('base64')}`;
    return doc;
  };
  const overhead = Buffer.byteLength(JSON.stringify(wrap(withImage(Buffer.alloc(0)))));
  // Base64 makes 4 characters of 3 bytes; the rest of the gap (under 4 bytes) is filled by the JSON's own spacing.
  const png = noisePng(Math.floor((bodyBytes - overhead) / 4) * 3);
  const doc = withImage(png);
  const body = JSON.stringify(wrap(doc));
  const padded = body.replace(/^\{/, `{${' '.repeat(bodyBytes - Buffer.byteLength(body))}`);
  return { doc, png, body: padded };
}

describe('the largest design the gateway takes (docs/server-api.md: bodies up to 1 MiB)', () => {
  const renderBody = (doc: object) => ({ doc });

  it('renders by /embed/v1/render, with the renderer still running', async () => {
    const { testKey } = newProject('email');
    const rendererPid = pidOf('renderer');
    const { png, body } = designWithInlineImage(BODY_LIMIT, renderBody);
    expect(Buffer.byteLength(body)).toBe(BODY_LIMIT);
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, rawBody: body, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(200);
    expect(answer.body.html).toContain(png.toString('base64'));
    expect(answer.body.chunks.body).toContain(png.toString('base64'));
    expect(answer.body.warnings.join(' ')).toMatch(/inline/i);
    expect(isAlive(rendererPid)).toBe(true);
  });

  it('is saved through the editor and exported as HTML and as a PDF showing its image', async () => {
    const { testKey } = newProject('email');
    const name = 'Largest';
    // The editor's save takes the document with its name, within the same limit.
    const { doc, png } = designWithInlineImage(BODY_LIMIT, (inner) => ({ name, doc: inner }));
    const design = await saveDesign(testKey, 'ann', name, doc);
    const exportAs = (format: string) =>
      call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, format } });
    const html = await exportAs('html');
    expect(html.status).toBe(200);
    expect(html.body.html).toContain(png.toString('base64'));
    const pdf = await exportAs('pdf');
    expect(pdf.status).toBe(200);
    const file = await download(pdf.body.url);
    expect(file.status).toBe(200);
    expect(readPdf(file.bytes).pages).toBeGreaterThanOrEqual(1);
    // Random pixels do not compress: a PDF without the image would be a few tens of kilobytes.
    expect(file.bytes.length).toBeGreaterThan(png.length / 2);
  });

  it('refuses a design just over the limit with 413 request_invalid, for render and save alike', async () => {
    const { testKey } = newProject('email');
    const { body } = designWithInlineImage(BODY_LIMIT + 1, renderBody);
    const render = await call('POST', '/embed/v1/render', { bearer: testKey, rawBody: body, headers: { 'content-type': 'application/json' } });
    expectError(render, 413, 'request_invalid');
    const name = 'Too large';
    // saveDesign sends the document without padding: 8 bytes over leaves it over whatever base64 rounds away.
    const { doc } = designWithInlineImage(BODY_LIMIT + 8, (inner) => ({ name, doc: inner }));
    await expect(saveDesign(testKey, 'ann', name, doc)).rejects.toThrow(/^create: 413 .*request_invalid/);
  });
});

describe('a design whose merged answer outgrows what NATS carries', () => {
  it('is a 400 naming the limit, and the renderer goes on rendering', async () => {
    const { testKey } = newProject('email');
    const rendererPid = pidOf('renderer');
    const doc = exampleDesign('email');
    // 3,000 tags of 2,000 characters each (in runs of the longest text a run may hold): 6 MB
    // of HTML, which the answer carries twice and its text once.
    doc.body.rows[1].columns[0].blocks[1].content = Array.from({ length: 5 }, () => ({ text: '{{contact.long}}'.repeat(600) }));
    const merge = { contact: { long: 'x'.repeat(2_000) } };
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc, merge } });
    expectError(answer, 400, 'request_invalid');
    expect(answer.body.error).toMatch(/larger than the 8 MB limit of one answer/);
    expect(isAlive(rendererPid)).toBe(true);
    const small = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: exampleDesign('email') } });
    expect(small.status).toBe(200);
  });
});
