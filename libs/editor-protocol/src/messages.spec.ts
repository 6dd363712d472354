import { isJournalOp } from './journal';
import { envelope, isEditorApiPath, isEnvelope, PROTOCOL, PROTOCOL_VERSION } from './messages';

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

describe('editor API paths', () => {
  it.each(['/editor/v1/designs', '/editor/v1/designs/01J/revisions', '/editor/v1/images'])('lets the frame call %s', (path) => {
    expect(isEditorApiPath(path)).toBe(true);
  });

  it.each(['/embed/v1/tokens', '/editor/v1/../../embed/v1/users/x', '//evil.example/editor/v1/', 'https://evil.example/editor/v1/designs', '/editor/v1//x'])(
    'refuses %s',
    (path) => {
      expect(isEditorApiPath(path)).toBe(false);
    },
  );
});

describe('journal operations', () => {
  it.each(['open', 'record', 'confirm', 'unsaved', 'entry', 'rekey'])('lets the frame ask for %s', (op) => {
    expect(isJournalOp(op)).toBe(true);
  });

  it.each(['forget', 'pending', 'constructor', '__proto__', 'toString', 7])('refuses %s', (op) => {
    expect(isJournalOp(op)).toBe(false);
  });
});
