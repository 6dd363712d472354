import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { newProject, type TestProject } from './api';
import { baseUrl, testPorts, waitFor } from './stack';

const repoRoot = path.resolve(__dirname, '../../../..');

/**
 * The demo integrator site of `npm start` (apps/editor-demo, as compiled into dist/) on the
 * profile's demo port, for a fresh email project that allows it as a test site; it acts for
 * one person. Started as `npm start` starts it, with the example email to start from.
 */
export class DemoSite {
  private constructor(
    private readonly child: ChildProcess,
    readonly project: TestProject,
    readonly userId: string,
  ) {}

  readonly url = `http://localhost:${testPorts.demo}`;

  static async start(userId: string, ...projectFlags: string[]): Promise<DemoSite> {
    const url = `http://localhost:${testPorts.demo}`;
    if (await fetch(url).then(() => true, () => false)) throw new Error(`${url} already answers: stop the demo site a previous run left behind`);
    const project = newProject('email', '--test-site', url, ...projectFlags);
    const child = spawn(process.execPath, [path.join(repoRoot, 'dist/apps/editor-demo/src/main.js')], {
      env: {
        ...process.env,
        DEMO_PORT: String(testPorts.demo),
        EMBED_BASE_URL: baseUrl(),
        DEMO_SECRET_KEY: project.testKey,
        DEMO_USER_ID: userId,
        DEMO_EXAMPLE_FILE: path.join(repoRoot, 'docs/examples/designs/email.json'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const site = new DemoSite(child, project, userId);
    await waitFor('the demo site to answer', async () => (await fetch(url).catch(() => null))?.status === 200);
    return site;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** Opens the demo page at `address` (`/?new=blank`, `/?design=<id>`) and waits until the editor can be used. */
export async function openDemo(page: Page, site: DemoSite, address: string): Promise<void> {
  await page.goto(`${site.url}${address}`);
  await waitFor('the editor to open in the demo page', async () => page.evaluate(() => Boolean((window as any).embedEditor)), 30_000);
}

/** The design the demo page's address names once its first save made it (`?design=<id>`). */
export function designInAddress(page: Page): Promise<string> {
  return waitFor('the saved design in the address', async () => new URL(page.url()).searchParams.get('design') ?? false);
}
