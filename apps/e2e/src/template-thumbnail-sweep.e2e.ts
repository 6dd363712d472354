// @lane serial: stops the designs replica and starts one with a short thumbnail sweep
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import { call, exampleDesign, newProject } from './support/api';
import { download } from './file-exports-helpers';
import { stackEnv, startService, stopReplica, waitFor } from './support/stack';

/**
 * Template thumbnails that no template holds (a crash between storing a new one and
 * recording it, a delete the store failed) are removed by the designs service's sweep
 * once an hour old (docs/server-api.md, Templates); a template's own thumbnail and one
 * just made stay. Before the sweep, such files stayed in the store for ever.
 */
describe('the sweep of template thumbnails no template holds', () => {
  const stored = (key: string) => path.join(stackEnv().STORAGE_DIR, key);
  const plant = (key: string) => {
    mkdirSync(path.dirname(stored(key)), { recursive: true });
    writeFileSync(stored(key), Buffer.from('png'));
  };
  const thumbnailId = (agoMs: number) => `tn_${ulid(Date.now() - agoMs).toLowerCase()}`;

  it('removes old thumbnails of templates gone or replaced, and keeps the held and the fresh ones', async () => {
    const { projectId, testKey } = newProject('email');
    const template = await call('POST', '/embed/v1/templates', { bearer: testKey, body: { name: 'Kept', doc: exampleDesign('email') } });
    expect(template.status).toBe(201);
    const folder = `templates/${projectId}/test`;
    const stale = `${folder}/${template.body.id}/${thumbnailId(2 * 3_600_000)}.png`;
    const gone = `${folder}/tpl_${ulid(Date.now() - 3 * 3_600_000).toLowerCase()}/${thumbnailId(3 * 3_600_000)}.png`;
    const fresh = `${folder}/tpl_${ulid().toLowerCase()}/${thumbnailId(0)}.png`;
    for (const key of [stale, gone, fresh]) plant(key);

    const sweeper = startService('designs', { replica: true, env: { TEMPLATE_THUMBNAIL_SWEEP_MS: '500' } });
    try {
      await waitFor('the orphan thumbnails to be deleted', async () => !existsSync(stored(stale)) && !existsSync(stored(gone)), 30_000);
      expect(existsSync(stored(fresh))).toBe(true);
      expect(existsSync(path.dirname(stored(gone)))).toBe(false);
      expect((await download(template.body.thumbnailUrl)).status).toBe(200);
    } finally {
      await stopReplica(sweeper);
    }
  });
});
