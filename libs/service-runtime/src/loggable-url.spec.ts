import { loggableUrl } from './loggable-url';

describe('loggableUrl', () => {
  it.each([
    ['/embed/v1/users/ann', '/embed/v1/users/[redacted]'],
    ['/embed/v1/users/ann/designs?limit=10', '/embed/v1/users/[redacted]/designs?limit=10'],
    ['/embed/v1/users/ann/designs/01ABC', '/embed/v1/users/[redacted]/designs/01ABC'],
    ['/embed/v1/users/a%2Fb%3Fc/designs', '/embed/v1/users/[redacted]/designs'],
    ['/embed/v1/%75sers/ann', '/embed/v1/%75sers/[redacted]'],
    ['/embed/v1/users/%E2%9C%93%ZZ', '/embed/v1/users/[redacted]'],
    ['/embed/v1/users/', '/embed/v1/users/[redacted]'],
    ['/files/v1/exports/prj/test/psn/exp.pdf?expires=1&name=Sale.pdf&sig=abc', '/files/v1/exports/prj/test/psn/exp.pdf?expires=1&name=Sale.pdf&sig=%5Bredacted%5D'],
    ['/files/v1/x.pdf?sig=a&sig=b&SIG=c', '/files/v1/x.pdf?sig=%5Bredacted%5D&SIG=%5Bredacted%5D'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });

  it('keeps addresses that name no person and carry no signature as they are', () => {
    for (const url of ['/embed/v1/designs/01ABC/export', '/editor/v1/images', '/readyz', '/embed/v1/tokens?x=1']) expect(loggableUrl(url)).toBe(url);
  });

  it('never lets an id through, whatever characters it holds', () => {
    for (const id of ['ann@example.com', 'a b', '../../etc', 'ø', 'users', 'x?sig=1', '%', 'a'.repeat(256)]) {
      const logged = loggableUrl(`/embed/v1/users/${encodeURIComponent(id)}/designs?limit=5`);
      expect(logged).toBe('/embed/v1/users/[redacted]/designs?limit=5');
    }
  });
});
