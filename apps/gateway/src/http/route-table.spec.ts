import { RouteTable } from './route-table';

describe('RouteTable', () => {
  const table = new RouteTable();
  table.add('GET', '/embed/v1/users/:userId/designs');
  table.add('HEAD', '/embed/v1/users/:userId/designs');
  table.add('GET', '/embed/v1/users/:userId/designs/:designId');
  table.add('POST', '/embed/v1/tokens');
  table.add('OPTIONS', '/editor/v1/*');

  it('finds the methods of a concrete path', () => {
    expect(table.methodsFor('/embed/v1/users/u%201/designs?limit=2')).toEqual(['GET']);
    expect(table.methodsFor('/embed/v1/tokens')).toEqual(['POST']);
    expect(table.methodsFor('/editor/v1/designs/abc')).toEqual(['OPTIONS']);
  });

  it('knows nothing of unknown paths', () => {
    expect(table.methodsFor('/embed/v1/nothing')).toEqual([]);
    expect(table.methodsFor('/embed/v1/users/u/designs/d/extra')).toEqual([]);
  });
});
