import { RouteTable } from './route-table';
import { isDecodablePath, routeMiss } from './route-miss';

describe('routeMiss', () => {
  const table = new RouteTable();
  table.add('GET', '/editor/v1/app/*');
  table.add('OPTIONS', '/editor/v1/*');
  table.add('DELETE', '/embed/v1/users/:userId');
  table.add('GET', '/files/v1/*');

  it('answers a path that does not decode 400, whatever the method', () => {
    for (const method of ['GET', 'PATCH', 'PUT']) {
      expect(routeMiss(method, '/editor/v1/app/%ED%A0%80', table).error).toMatchObject({ status: 400, code: 'request_invalid' });
    }
    expect(routeMiss('PATCH', '/embed/v1/users/%C0%AF', table).error.status).toBe(400);
  });

  it('answers 405 with the methods of a path that has others', () => {
    expect(routeMiss('PATCH', '/embed/v1/users/u1?x=1', table)).toMatchObject({ error: { status: 405, code: 'method_not_allowed' }, allow: ['DELETE'] });
    expect(routeMiss('PATCH', 'http://127.0.0.1/embed/v1/users/u1#x', table)).toMatchObject({ error: { status: 405 }, allow: ['DELETE'] });
  });

  it('never answers 405 naming the method that was asked for: that is a path with nothing at it', () => {
    expect(routeMiss('GET', '/files/v1/', table).error).toMatchObject({ status: 404, code: 'not_found', message: 'Cannot GET /files/v1/' });
    expect(routeMiss('HEAD', '/files/v1/', table).error.status).toBe(404);
  });

  it('answers 404 for a path no route has', () => {
    expect(routeMiss('GET', '/embed/v1/nothing', table).error).toMatchObject({ status: 404, code: 'not_found' });
    expect(routeMiss('OPTIONS', '/editor/v1/x/../designs', table).error.status).toBe(404);
  });
});

describe('isDecodablePath', () => {
  it('refuses malformed escapes, overlong encodings and encoded surrogates, in the path only', () => {
    expect(['/a/%E0%A4%A', '/a/%C0%AF', '/a/%ED%A0%80', '/a/%', '/a/%FF'].filter(isDecodablePath)).toEqual([]);
    expect(isDecodablePath('/a/%C3%A9%2F')).toBe(true);
    expect(isDecodablePath('/a?cursor=%ZZ')).toBe(true);
  });
});
