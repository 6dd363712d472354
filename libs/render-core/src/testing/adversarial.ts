import fc from 'fast-check';

// Test support: text that makes a backtracking regular expression take super-linear time.
// Such a pattern fails slowly on a long run of what one of its quantifiers takes (spaces,
// quotes, newlines, backslashes), after an opening it reads to its close (`url(`, `href=`,
// a bracket) and before a character it does not expect. So: an opening, one unit repeated
// to the length asked, a last character. Open tags repeated nest as deep as the length
// allows, which an HTML parser that keeps its open elements in an array pays for squared.

const OPENINGS = ['', '<a href=', 'href=', 'url(', 'style="background:url(', '{{', 'rgb(', '<p ', '&#', 'javascript:'];
const UNITS = [
  ' ', '\t', '\n', '\r\n', '\u00a0', '"', "'", '\\', '=', 'href=', ' href=', 'url(', 'url( ', '<a ', 'on', '[', '(', '{', '<',
  '[[', '((', '{{', '<<', ':', '/', '.', '-', '0', '0.', 'a', '&', ';', ',', '<b>', '<div>',
];
const LAST = ['', 'x', '!', '"', "'", ')', '>', '}', ']', '\n'];

/** Text of exactly `length` characters made to take a backtracking pattern the longest. */
export const adversarialText = (length: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...OPENINGS), fc.constantFrom(...UNITS), fc.constantFrom(...LAST))
    .map(([opening, unit, last]) => repeatTo(opening, unit, last, length));

/** Every opening with every unit, ended by a letter: the cases a random draw may miss, as fast-check examples. */
export const adversarialExamples = (length: number): [string][] =>
  OPENINGS.flatMap((opening) => UNITS.map((unit): [string] => [repeatTo(opening, unit, 'x', length)]));

// An address takes no spaces, <, > or " (the schema's address patterns).
const ADDRESS_UNITS = UNITS.filter((unit) => !/[\s<>"]/.test(unit));
const ADDRESS_LAST = LAST.filter((last) => !/[\s<>"]/.test(last));

/** An https address of exactly `length` characters with the same repetitions in its path. */
export const adversarialAddress = (length: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...ADDRESS_UNITS), fc.constantFrom(...ADDRESS_LAST))
    .map(([unit, last]) => repeatTo('https://x.example/', unit, last, length));

function repeatTo(opening: string, unit: string, last: string, length: number): string {
  const room = length - opening.length - last.length;
  return opening + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + last;
}

/** Runs `work` and fails if it took more than `boundMs` of CPU: a linear pass over the largest input is far under it, a quadratic one tens of seconds over. */
export function withinTime<T>(what: string, boundMs: number, work: () => T): T {
  // This process's CPU time, not the wall clock: other work on a loaded machine does not count.
  const start = process.cpuUsage();
  const result = work();
  const { user, system } = process.cpuUsage(start);
  const took = (user + system) / 1000;
  if (took > boundMs) throw new Error(`${what} took ${Math.round(took)} ms, over the ${boundMs} ms bound`);
  return result;
}
