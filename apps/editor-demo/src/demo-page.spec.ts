import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pagePolicy, PUBLIC_DIR, renderPage } from './demo-page';

const template = readFileSync(path.join(PUBLIC_DIR, 'index.html'), 'utf8');

describe('the demo page', () => {
  it('loads the SDK from the service exactly as contracts §7 shows, and its own script', () => {
    const html = renderPage(template, { service: 'http://127.0.0.1:3000', hasExample: false });
    expect(html).toContain('<script src="http://127.0.0.1:3000/editor/v1/embed.js"></script>');
    expect(html).toContain('<script type="module" src="/demo.js"></script>');
    expect(html).not.toMatch(/%[A-Z_]+%/);
  });

  it('offers the example as a start only when it has one', () => {
    expect(renderPage(template, { service: 'http://s', hasExample: true })).toContain('href="/?new=example"');
    expect(renderPage(template, { service: 'http://s', hasExample: false })).not.toContain('?new=example');
  });

  it('cannot be made to run markup through the service address', () => {
    expect(renderPage(template, { service: 'http://s/"><script>', hasExample: false })).not.toContain('"><script>');
  });

  it('runs only its own scripts and the SDK, and frames only the service', () => {
    const policy = pagePolicy('http://127.0.0.1:3000');
    expect(policy).toContain("script-src 'self' http://127.0.0.1:3000;");
    expect(policy).toContain('frame-src http://127.0.0.1:3000;');
    expect(policy).not.toContain('unsafe');
  });
});
