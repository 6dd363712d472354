import { quotaValue } from './quota.commands';

describe('quotaValue', () => {
  it('takes a whole number, 0 included, or "default"', () => {
    expect(quotaValue('personImages', '0')).toBe(0);
    expect(quotaValue('personImageBytes', '5000000000')).toBe(5_000_000_000);
    expect(quotaValue('projectDesigns', 'default')).toBeNull();
  });

  it.each([['personImages', '-1'], ['personImages', '1.5'], ['personImages', '1e3'], ['personDesigns', '2147483648'], ['projectImageBytes', '1000000000000000'], ['personImages', '']] as const)(
    'refuses %s %j, naming the flag',
    (name, value) => {
      expect(() => quotaValue(name, value)).toThrow(/^--(person|project)-[a-z-]+ must be a whole number from 0 to \d+, or "default"/);
    },
  );
});
