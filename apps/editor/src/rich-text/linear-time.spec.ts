import fc from 'fast-check';
import { documentColor, normalizeRuns, readRuns, readTextContent, sameRichText } from './read-runs';
import { element, runsView, textContentView, type ViewNode, ViewText } from './runs-view';

// The readers run on every key press over what the person typed or pasted, so they must
// take time linear in it: text and attributes made of repetitions that make a backtracking
// pattern try every split (100,000 pasted newlines took the layout-whitespace check 6.5 s)
// must be read within a bound that a linear pass meets many times over on a loaded machine.

// CPU time of this process, not the wall clock, so that other work on a loaded machine does
// not count (a fresh clone's full run once took 5.2 s of wall time for a 0.5 s pass); still
// far under the quadratic pass (77 s). The spec runs in Jest's Node, whose `process` the
// editor's browser types do not declare.
declare const process: { cpuUsage(since?: CpuUsage): CpuUsage };
interface CpuUsage {
  user: number;
  system: number;
}
const BOUND_MS = 5000;
// A paste is not bounded by the schema; a large one, the size of the largest html block.
const PASTE_LENGTH = 100_000;

const UNITS = ['\n', '\r\n', ' \n', ' ', '\t', '\u00a0', '\u200b', '"', "'", '\\', '(', '[', '{', '<', '{{', '{{a', 'rgb(', '0', '0.', '.', ',', ';', ':', 'a'];
const LAST = ['', 'x', ')', '\n', ';'];
const adversarial = fc
  .tuple(fc.constantFrom('', 'rgba(', 'rgb(0,0,0,', 'color:', '{{', '#'), fc.constantFrom(...UNITS), fc.constantFrom(...LAST))
  .map(([opening, unit, last]) => {
    const room = PASTE_LENGTH - opening.length - last.length;
    return opening + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + last;
  });
// Every unit after no opening, ended by a letter: the cases a random draw may miss.
const examples = UNITS.map((unit): [string] => [unit.repeat(Math.ceil(PASTE_LENGTH / unit.length)).slice(0, PASTE_LENGTH - 1) + 'x']);

function withinTime<T>(what: string, work: () => T): T {
  const start = process.cpuUsage();
  const result = work();
  const { user, system } = process.cpuUsage(start);
  const took = (user + system) / 1000;
  if (took > BOUND_MS) throw new Error(`${what} took ${Math.round(took)} ms, over the ${BOUND_MS} ms bound`);
  return result;
}

const text = (value: string) => new ViewText(value);
/** A paste: the text between blocks, inside a paragraph, in a list, and as the values of the attributes the reader reads. */
const pasted = (value: string): ViewNode =>
  element('div', {}, [
    element('p', {}, [text('a')]),
    text(value),
    element('p', { style: value }, [element('span', { style: `color: ${value}; font-weight: ${value}` }, [text(value)])]),
    element('font', { color: value }, [text('b')]),
    element('a', { href: value }, [text('c')]),
    element('ul', {}, [text(value), element('li', {}, [text(value), element('ol', {}, [element('li', {}, [text(value)])])])]),
    text(value),
  ]);

describe('the rich-text readers take time linear in what they read', () => {
  it('read pasted text and attributes within the bound', () => {
    fc.assert(
      fc.property(adversarial, (value) => {
        const tree = pasted(value);
        const content = withinTime('readTextContent', () => readTextContent(tree));
        const runs = withinTime('readRuns', () => readRuns(tree));
        withinTime('normalizeRuns', () => normalizeRuns(runs));
        withinTime('sameRichText', () => sameRichText(content, structuredClone(content)));
        withinTime('textContentView', () => textContentView(content));
        withinTime('runsView', () => runsView(runs));
        withinTime('documentColor', () => documentColor(value));
      }),
      { examples, numRuns: 30 },
    );
  });
});
