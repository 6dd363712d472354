import { isEraseUserRequest } from './erase-request';

const person = { projectId: 'prj_1', environment: 'live', userId: 'ann' };

describe('isEraseUserRequest', () => {
  it('accepts a person scope and nothing else', () => {
    expect(isEraseUserRequest({ person })).toBe(true);
    expect(isEraseUserRequest({ person: { ...person, userId: 'u'.repeat(256) } })).toBe(true);
  });

  it.each([
    null,
    'ann',
    {},
    { person, extra: 1 },
    { person: { ...person, email: 'a@b.example' } },
    { person: { ...person, environment: 'staging' } },
    { person: { ...person, userId: '' } },
    { person: { ...person, userId: 'u'.repeat(257) } },
    { person: { ...person, projectId: 7 } },
  ])('refuses %j', (payload) => {
    expect(isEraseUserRequest(payload)).toBe(false);
  });
});
