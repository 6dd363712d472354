import { oneOf, parseFlags, UsageError } from './cli-args';
import { eventsFlag, originFlag, webhookUrlFlag } from './commands/validators';

const spec = { name: { type: 'string', required: true }, site: { type: 'string', multiple: true }, off: { type: 'boolean' } } as const;

describe('parseFlags', () => {
  it('reads strings, repeated flags and booleans', () => {
    expect(parseFlags(['--name', 'A', '--site', 'x', '--site', 'y', '--off'], spec, 'usage')).toEqual({ name: 'A', site: ['x', 'y'], off: true });
  });

  it.each([
    [[], /missing --name/],
    [['--name', ''], /--name must not be empty/],
    [['--name', 'A', '--other', '1'], /Unknown option '--other'/],
    [['--name', 'A', 'stray'], /stray/],
  ])('refuses %j, repeating the usage', (argv, message) => {
    expect(() => parseFlags(argv, spec, 'the usage line')).toThrow(message);
    expect(() => parseFlags(argv, spec, 'the usage line')).toThrow(/usage: the usage line/);
  });
});

describe('flag values', () => {
  it('checks choices', () => {
    expect(oneOf('env', 'live', ['test', 'live'])).toBe('live');
    expect(() => oneOf('env', 'prod', ['test', 'live'])).toThrow(UsageError);
  });

  it('defaults events to every kind and refuses unknown ones', () => {
    expect(eventsFlag(undefined)).toEqual(['design.saved', 'design.deleted', 'export.created', 'user.erased']);
    expect(eventsFlag('user.erased, design.saved,user.erased')).toEqual(['user.erased', 'design.saved']);
    expect(() => eventsFlag('ping')).toThrow(/--events must be one of/);
    expect(() => eventsFlag(' , ')).toThrow(/at least one/);
  });

  it('normalises origins and refuses what is not one', () => {
    expect(originFlag('origin', 'HTTPS://Example.com:443/a')).toBe('https://example.com');
    expect(() => originFlag('origin', 'example.com')).toThrow(/--origin must be an origin/);
  });

  it('accepts only absolute http(s) webhook URLs', () => {
    expect(webhookUrlFlag('https://hooks.example.com/x')).toBe('https://hooks.example.com/x');
    expect(() => webhookUrlFlag('/relative')).toThrow(UsageError);
    expect(() => webhookUrlFlag('ftp://hooks.example.com')).toThrow(/http or https/);
  });
});
