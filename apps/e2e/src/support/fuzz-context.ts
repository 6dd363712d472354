import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DesignDocument } from '@embed/design-document';
import { withEveryCharacterClass } from '@embed/render-core/testing';
import { TINY_PNG } from '../file-exports-helpers';
import { call, EDITOR_SITE, editorSession, exampleDesign, newProject, saveDesign } from './api';
import type { FuzzContext } from './fuzz-requests';
import { admin, sleep, testPorts } from './stack';

/** Retries a setup call answered 503 (the spec's "nothing was changed; retry"), as a busy machine may answer at first. */
async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt === 5 || !/: 503 /.test(String(error))) throw error;
      await sleep(500 * attempt);
    }
  }
}

async function created(answer: Promise<{ status: number; text: string; body: any }>): Promise<any> {
  const { status, text, body } = await answer;
  if (status !== 201) throw new Error(`setup: ${status} ${text}`);
  return body;
}

/** The import fixtures, one of each format: a fuzzed import then reaches deep into a converter, whatever it does to them. */
const importSources = () => {
  const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../../libs/design-import/src/fixtures', name), 'utf8');
  return [fixture('newsletter.mjml'), fixture('newsletter.html'), JSON.parse(fixture('newsletter.unlayer.json')), JSON.parse(fixture('newsletter.beefree.json'))];
};

/** The stack's people, designs, credentials and files that valid requests can name. */
export async function fuzzContext(components: FuzzContext['components']): Promise<FuzzContext> {
  const project = newProject('email');
  const revoked = admin('key', 'create', '--project', project.projectId, '--env', 'test').json;
  admin('key', 'revoke', '--key-id', revoked.keyId);
  const { token, editor } = await retried(() => editorSession(project.testKey, 'fuzz-editor'));
  const own: string[] = [];
  for (const name of ['One', 'Two', 'Three']) own.push((await retried(() => created(editor('POST', '/designs', { body: { name, doc: exampleDesign('email') } })))).id);
  const other = (await retried(() => saveDesign(project.testKey, 'fuzz-other'))).id as string;
  const image = await retried(() => created(editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } })));
  const fileKey = new URL(image.url).pathname.replace('/files/v1/', '');
  const projectImage = await retried(() => created(call('POST', '/embed/v1/images', { bearer: project.testKey, rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } })));
  const template = await retried(() => created(call('POST', '/embed/v1/templates', { bearer: project.testKey, body: { name: 'Fuzz', doc: exampleDesign('email') } })));
  const footer = exampleDesign('email').body.rows.at(-1);
  const projectRow = await retried(() => created(call('POST', '/embed/v1/rows', { bearer: project.testKey, body: { name: 'Fuzz', row: footer } })));
  const ownRow = await retried(() => created(editor('POST', '/rows', { body: { name: 'Fuzz', row: footer } })));
  return {
    port: testPorts.http,
    components,
    credentials: { secretKey: project.testKey, editorToken: token, refused: [revoked.secret, 'sk_test_0000', 'et_0000', ''] },
    origin: EDITOR_SITE,
    known: {
      // The editor's person is never erased by the fuzzer, so editor calls keep reaching the services.
      userId: ['fuzz-other', 'never-seen'],
      designId: [other, own[0], '0'.repeat(26)],
      id: [...own, other],
      templateId: [template.id, `tpl_${'0'.repeat(26)}`],
      // The person's upload (its id is its file's name), the project's image, and one that does not exist.
      imageId: [path.basename(fileKey).replace(/\.\w+$/, ''), projectImage.id, `img_${'0'.repeat(26)}`],
      rowId: [projectRow.id, ownRow.id, `row_${'0'.repeat(26)}`],
      // A row of the project's mode, so that a POST or PUT of a row reaches the designs service.
      row: [footer, { columns: [] }],
      file: ['', 'index.html'],
      key: [fileKey],
      'user.id': ['fuzz-editor', 'fuzz-other'],
      origin: [EDITOR_SITE, 'http://localhost:3000'],
      // The project's mode holding every class of character in every field: it renders and saves like any other.
      doc: [exampleDesign('email'), exampleDesign('page'), withEveryCharacterClass(exampleDesign('email') as DesignDocument)],
      source: importSources(),
      // A brand kit's palette and fonts that the kit takes, so that a PUT reaches the designs service.
      colors: [['#1f5f4a', '#ffffff', 'transparent'], []],
      fonts: [[{ stack: 'Inter, Helvetica, Arial, sans-serif', url: 'https://fonts.googleapis.com/css2?family=Inter&display=swap' }, { stack: 'Georgia, serif' }]],
    },
    image: TINY_PNG,
  };
}
