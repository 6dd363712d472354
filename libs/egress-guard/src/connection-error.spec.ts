import { connectionErrorMessage } from './connection-error';

const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}:9000`), { code: 'ECONNREFUSED' });

describe('connectionErrorMessage', () => {
  it('names every address tried when all of a host’s addresses failed (an AggregateError has no message of its own)', () => {
    const error = Object.assign(new AggregateError([refused('127.0.0.1'), refused('::1')], ''), { code: 'ECONNREFUSED' });
    expect(connectionErrorMessage(error)).toBe('connect ECONNREFUSED 127.0.0.1:9000; connect ECONNREFUSED ::1:9000');
  });

  it('falls back on the error code when the attempts say nothing', () => {
    expect(connectionErrorMessage(Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
  });

  it('keeps any other error’s message, and says what a thrown non-error is', () => {
    expect(connectionErrorMessage(refused('127.0.0.1'))).toBe('connect ECONNREFUSED 127.0.0.1:9000');
    expect(connectionErrorMessage(new AggregateError([refused('::1')], 'two failed'))).toBe('two failed');
    expect(connectionErrorMessage('socket hang up')).toBe('socket hang up');
  });
});
