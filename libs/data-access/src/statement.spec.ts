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
