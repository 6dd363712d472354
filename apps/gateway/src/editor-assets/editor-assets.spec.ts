import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CACHE_CONTROL, EditorAssets } from './editor-assets';

function builtEditor(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'editor-assets-'));
  mkdirSync(path.join(dir, 'app', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'embed.js'), 'window.EmbedEditor = {};'.repeat(20));
  writeFileSync(path.join(dir, 'app', 'index.html'), '<!doctype html><script src="assets/main-ABC.js"></script>');
  writeFileSync(path.join(dir, 'app', 'assets', 'main-ABC.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'app', 'assets', 'main-ABC.css'), 'body{}');
  writeFileSync(path.join(dir, 'app', 'assets', 'notes.txt'), 'not served');
  return dir;
}

describe('EditorAssets', () => {
  const assets = new EditorAssets(builtEditor());

  it('serves the SDK for five minutes to any page, gzipped when that is smaller', () => {
    expect(assets.sdk.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': CACHE_CONTROL.sdk, 'cross-origin-resource-policy': 'cross-origin' });
    expect(gunzipSync(assets.sdk.gzipped as Buffer).toString()).toBe(assets.sdk.body.toString());
  });

  it('serves the frame page uncached, under a policy that allows only its own scripts', () => {
    expect(assets.underApp('')).toBe(assets.page);
    expect(assets.underApp('index.html')).toBe(assets.page);
    const csp = assets.page.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'none'");
    expect(assets.page.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed scripts and styles for a year to any page, and nothing else', () => {
    expect(assets.underApp('assets/main-ABC.js')?.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': CACHE_CONTROL.immutable,
      'access-control-allow-origin': '*',
    });
    expect(assets.underApp('assets/main-ABC.css')?.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const other of ['assets/notes.txt', 'assets/../embed.js', '../embed.js', 'assets/', 'other.js']) expect(assets.underApp(other)).toBeUndefined();
  });

  it('refuses to start without a built editor', () => {
    expect(() => new EditorAssets(mkdtempSync(path.join(tmpdir(), 'empty-')))).toThrow(/no built editor/);
  });
});
