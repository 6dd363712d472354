import { exportKey, imageKey, isImageKey, isStagingKey, isStorageKey, ownerPrefixes, stagingKey, templateThumbnailKey, thumbnailKeyOf } from './storage-keys';

describe('storage keys', () => {
  const scope = { projectId: 'prj_01kb6s2bz1c1vq0k3yq8p2m4nd', environment: 'test' as const };

  it('takes a template’s thumbnail as a key storage makes, signed like an export (not a public image)', () => {
    const key = templateThumbnailKey(scope, 'tpl_01kb6s2c0k8e4x7a4mf3q9vz1r', 'tn_01kb6s2c0kq4e8h2n6m0x3a5bt');
    expect(key).toBe('templates/prj_01kb6s2bz1c1vq0k3yq8p2m4nd/test/tpl_01kb6s2c0k8e4x7a4mf3q9vz1r/tn_01kb6s2c0kq4e8h2n6m0x3a5bt.png');
    expect(isStorageKey(key)).toBe(true);
    expect(isImageKey(key)).toBe(false);
    expect(isStorageKey(exportKey({ ...scope, personId: 'psn_1' }, 'exp_1', 'png'))).toBe(true);
  });

  it('keeps an image’s thumbnail beside it, public and under its person’s prefix, staged beside its staged file', () => {
    const owner = { ...scope, personId: 'psn_01kb6s2c0k8e4x7a4mf3q9vz1r' };
    const thumbnail = thumbnailKeyOf(imageKey(owner, 'img_01kb6s2c0kq4e8h2n6m0x3a5bt', 'jpg'));
    expect(thumbnail).toBe('images/prj_01kb6s2bz1c1vq0k3yq8p2m4nd/test/psn_01kb6s2c0k8e4x7a4mf3q9vz1r/img_01kb6s2c0kq4e8h2n6m0x3a5bt-thumb.webp');
    expect([isStorageKey(thumbnail), isImageKey(thumbnail), ownerPrefixes(owner).some((prefix) => thumbnail.startsWith(prefix))]).toEqual([true, true, true]);
    expect(isStagingKey(thumbnailKeyOf(stagingKey(owner, 'img_01kb6s2c0kq4e8h2n6m0x3a5bt', 'png')))).toBe(true);
  });

  it('refuses keys outside the known folders, with a path climb or an unknown extension', () => {
    for (const key of ['templates/a/b/c/../d.png', 'templates/a/b/c.png', 'thumbnails/a/b/c/d.png', 'templates/a/b/c/d.exe', 'templates/a/b//d.png']) expect(isStorageKey(key)).toBe(false);
  });
});
