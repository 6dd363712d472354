import { isJournalOp } from './journal';
import { envelope, isEnvelope, PROTOCOL, PROTOCOL_VERSION } from './messages';

describe('editor protocol envelopes', () => {
  it('recognises its own messages', () => {
    expect(isEnvelope(envelope({ type: 'hello' }))).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['another protocol', { protocol: 'other', version: PROTOCOL_VERSION, type: 'hello' }],
    ['another version', { protocol: PROTOCOL, version: PROTOCOL_VERSION + 1, type: 'hello' }],
    ['no type', { protocol: PROTOCOL, version: PROTOCOL_VERSION }],
  ])('ignores %s', (_name, data) => {
    expect(isEnvelope(data)).toBe(false);
  });
});

describe('journal operations', () => {
  it.each(['open', 'record', 'confirm', 'unsaved', 'entry', 'rekey'])('lets the frame ask for %s', (op) => {
    expect(isJournalOp(op)).toBe(true);
  });

  it.each(['forget', 'pending', 'constructor', '__proto__', 'toString', 7])('refuses %s', (op) => {
    expect(isJournalOp(op)).toBe(false);
  });
});
