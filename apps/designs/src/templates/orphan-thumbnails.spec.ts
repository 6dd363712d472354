import { ulid } from 'ulid';
import { orphanThumbnails, thumbnailMadeAt } from './orphan-thumbnails';

const at = (ms: number) => `templates/prj_1/test/tpl_1/tn_${ulid(ms).toLowerCase()}.png`;

describe('orphan template thumbnails', () => {
  const now = Date.parse('2026-11-29T01:00:00Z');
  const cutoff = now - 3_600_000;

  it('reads when a thumbnail was made from its id, and nothing from a key that is not a thumbnail', () => {
    expect(thumbnailMadeAt(at(now))).toBe(now);
    expect(thumbnailMadeAt('templates/prj_1/test/tpl_1/notes.txt')).toBeNull();
    expect(thumbnailMadeAt('templates/prj_1/test/tpl_1/tn_zzzzzzzzzzzzzzzzzzzzzzzzzz.png')).toBeNull();
  });

  it('takes every old thumbnail but the one the template holds, and none made within the grace', () => {
    const [held, stale, older, fresh] = [at(now - 7_200_000), at(now - 5_000_000), at(now - 9_000_000), at(now - 60_000)];
    expect(orphanThumbnails([held, stale, older, fresh], held, cutoff)).toEqual([stale, older]);
    // The template is gone: all its old thumbnails go, a fresh one (a create in flight) stays.
    expect(orphanThumbnails([held, fresh], null, cutoff)).toEqual([held]);
    expect(orphanThumbnails([], null, cutoff)).toEqual([]);
  });
});
