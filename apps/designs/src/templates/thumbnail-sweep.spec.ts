import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ulid } from 'ulid';
import type { TemplatesRepository } from '@embed/data-access';
import { FilesystemStorage } from '@embed/storage';
import { ThumbnailSweep } from './thumbnail-sweep';

const HOUR = 3_600_000;
const thumbnail = (template: string, madeAt: number, environment = 'test') => `templates/prj_1/${environment}/${template}/tn_${ulid(madeAt).toLowerCase()}.png`;

// Against the filesystem driver on a real directory; the templates are what the database would answer.
describe('the sweep of template thumbnails no template holds', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'thumbnails-'));
  const storage = new FilesystemStorage(root, 'secret');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const now = Date.now();
  const held = thumbnail('tpl_kept', now - 3 * HOUR);
  const templates = { thumbnailKeys: async () => new Map([['tpl_kept', held]]) } as unknown as TemplatesRepository;
  const sweep = new ThumbnailSweep(templates, storage, 60_000);
  const stored = (key: string) => existsSync(path.join(root, key));

  it('removes old thumbnails no template holds, a bounded number a pass, until none is left, and keeps the held and the fresh ones', async () => {
    const stale = thumbnail('tpl_kept', now - 2 * HOUR);
    const gone = [thumbnail('tpl_gone', now - 5 * HOUR), thumbnail('tpl_gone', now - 4 * HOUR)];
    const fresh = thumbnail('tpl_new', now - 60_000);
    const unknown = 'templates/prj_1/nowhere/tpl_x/tn_1.png';
    for (const key of [held, stale, ...gone, fresh, unknown]) await storage.put(key, Buffer.from('png'), 'image/png');

    expect(await sweep.sweep(now - HOUR, 2)).toBe(2);
    expect(await sweep.sweep(now - HOUR, 2)).toBe(1);
    expect(await sweep.sweep(now - HOUR, 2)).toBe(0);
    expect([stale, ...gone].map(stored)).toEqual([false, false, false]);
    expect([held, fresh, unknown].map(stored)).toEqual([true, true, true]);
    // The gone template's folder went with its last thumbnail.
    expect(existsSync(path.join(root, 'templates/prj_1/test/tpl_gone'))).toBe(false);
  });
});
