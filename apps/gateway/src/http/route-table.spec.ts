import { RouteTable } from './route-table';

describe('RouteTable', () => {
  const table = new RouteTable();
  table.add('GET', '/embed/v1/users/:userId/designs');
  table.add('HEAD', '/embed/v1/users/:userId/designs');
  table.add('GET', '/embed/v1/users/:userId/designs/:designId');
  table.add('POST', '/embed/v1/tokens');
  table.add('OPTIONS', '/editor/v1/*');
  table.add('GET', '/editor/v1/designs/:id');
  table.add('GET', '/files/v1/*');

  it('finds the methods of a concrete path', () => {
    expect(table.methodsFor('/embed/v1/users/u%201/designs?limit=2')).toEqual(['GET']);
    expect(table.methodsFor('/embed/v1/tokens')).toEqual(['POST']);
    expect(table.methodsFor('/editor/v1/designs/abc')).toEqual(['GET', 'OPTIONS']);
    expect(table.methodsFor('/embed/v1/tokens#top?x=1')).toEqual(['POST']);
    // As the router reads it: an absolute-form target's path.
    expect(table.methodsFor('http://127.0.0.1:3000/embed/v1/tokens')).toEqual(['POST']);
  });

  it('knows nothing of unknown paths', () => {
    expect(table.methodsFor('/embed/v1/nothing')).toEqual([]);
    expect(table.methodsFor('/embed/v1/users/u/designs/d/extra')).toEqual([]);
    // An empty parameter names nothing.
    expect(table.methodsFor('/embed/v1/users//designs')).toEqual([]);
    expect(table.methodsFor('/files/v1/')).toEqual([]);
    expect(table.methodsFor('/files/v1/exports/a/b.pdf')).toEqual(['GET']);
    // The editor answers preflights on any of its paths; that alone does not make a path known.
    expect(table.methodsFor('/editor/v1/designs/abc/..')).toEqual([]);
  });
});
