import { readFileSync } from 'node:fs';
import type { Frame } from 'playwright-core';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations in the editor's frame, as `rule: target` lines. */
export async function seriousViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(AXE);
  const results = (await frame.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}
