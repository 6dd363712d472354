// @lane static: reads the repository and runs its tools; needs no stack.
// docs/configuration.md is generated from the code that reads each variable: it must be
// what the code reads now, and every variable read must be documented on its spec.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './support/stack';

describe('the configuration reference', () => {
  it('lists every variable every program reads, each with its meaning, as the code has them', () => {
    const check = spawnSync(process.execPath, [path.join(repoRoot, 'tools', 'config-reference.mjs'), '--check'], { encoding: 'utf8' });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
