// @lane serial: adds a renderer replica that sweeps every export.
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { call, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { stackEnv, startService, stopReplica, waitFor } from './support/stack';
import { download } from './file-exports-helpers';

/**
 * Exported files on the filesystem driver are deleted once past their retention
 * (docs/file-exports.md). A renderer sweeps at start-up and then every
 * EXPORT_SWEEP_INTERVAL_MS: a second renderer, sweeping every half second beside the
 * stack's own, shows both the sweep and that two sweepers get along.
 */
describe('expired export files on the filesystem driver', () => {
  const fileOf = (url: string) => path.join(stackEnv().STORAGE_DIR, decodeURIComponent(new URL(url).pathname.slice('/files/v1/'.length)));

  it('are deleted from disk by a sweep, while files still within their retention stay', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'ann', 'Sweep', exampleDesign('email'));
    const exportPdf = async () => (await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, format: 'pdf' } })).body.url as string;
    const [expiredUrl, liveUrl] = [await exportPdf(), await exportPdf()];
    // Written 24 h and 2 min ago: past the default 24 h retention and the sweep's minute of grace.
    const writtenAt = new Date(Date.now() - (24 * 60 + 2) * 60_000);
    utimesSync(fileOf(expiredUrl), writtenAt, writtenAt);

    const sweeper = startService('renderer', { replica: true, env: { EXPORT_SWEEP_INTERVAL_MS: '500' } });
    try {
      await waitFor('the expired file to be deleted', async () => !existsSync(fileOf(expiredUrl)), 30_000);
      expect(existsSync(fileOf(liveUrl))).toBe(true);
      expect((await download(liveUrl)).status).toBe(200);
      expectError(await call('GET', new URL(expiredUrl).pathname + new URL(expiredUrl).search), 404, 'not_found');
    } finally {
      await stopReplica(sweeper);
    }
  });
});
