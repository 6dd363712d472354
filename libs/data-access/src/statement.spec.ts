import { prepared, statementQuery } from './statement';

describe('statementQuery', () => {
  const statement = prepared('design-find', 'SELECT 1 WHERE $1::int = 1');

  it('names a prepared statement, so that node-postgres prepares it once per connection', () => {
    expect(statementQuery(statement, [1], true)).toEqual({ name: 'design-find', text: 'SELECT 1 WHERE $1::int = 1', values: [1] });
  });

  it('sends it unnamed when preparing is off (a pooler that cannot keep prepared statements)', () => {
    expect(statementQuery(statement, [1], false)).toEqual({ text: 'SELECT 1 WHERE $1::int = 1', values: [1] });
  });

  it('never names plain SQL text, which is planned at each call', () => {
    expect(statementQuery('SELECT 2', [], true)).toEqual({ text: 'SELECT 2', values: [] });
  });
});

describe('the SQL of this lib', () => {
  const sources = async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const files = (await readdir(__dirname, { recursive: true })).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
    return Promise.all(files.map((file) => readFile(path.join(__dirname, file), 'utf8')));
  };

  it('names each prepared statement once: node-postgres refuses a second text under a name a connection has prepared', async () => {
    const names = (await sources()).flatMap((source) => [...source.matchAll(/prepared\(\s*'([^']+)'/g)].map((match) => match[1]));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('casts no parameter straight to a type of the schema, which a prepared statement would keep past a migration or a restore', async () => {
    const casts = (await sources()).flatMap((source) => [...source.matchAll(/\$\d+::"\w+"/g)].map((match) => match[0]));
    expect(casts).toEqual([]);
  });
});
