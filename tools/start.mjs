// `npm start`: the whole system on this machine, in the foreground until Ctrl-C.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seedDemoLibrary } from './lib/demo-library.mjs';
import { stopInfrastructure, withDatabase } from './lib/infra.mjs';
import { infrastructurePlan } from './lib/install.mjs';
import { isPortOpen, log, run, waitFor } from './lib/process.mjs';
import { profile, repoRoot } from './lib/profiles.mjs';
import { demoSpec, demoUrl, SERVICES, serviceSpec, stopProcesses, superviseService, waitUntilReady } from './lib/services.mjs';
import { prepareStack } from './lib/stack.mjs';

const p = profile('start');
const demoFile = path.join(p.dataDir, 'demo-project.json');
const DEMO_WEBHOOK_URL = process.env.DEMO_WEBHOOK_URL ?? 'http://localhost:9000/webhooks';

function admin(...args) {
  const main = path.join(repoRoot, 'dist', 'apps', 'admin', 'src', 'main.js');
  return JSON.parse(run(process.execPath, [main, ...args], { quiet: true, env: { ...process.env, ...p.env } }));
}

function projectExists(projectId) {
  return withDatabase(p, p.database, async (client) => (await client.query('SELECT 1 FROM "Project" WHERE id = $1', [projectId])).rowCount === 1);
}

/** The demo project is made once; its secrets are kept in the ignored data folder to be shown again. */
async function ensureDemoProject() {
  if (existsSync(demoFile)) {
    const demo = JSON.parse(readFileSync(demoFile, 'utf8'));
    if (await projectExists(demo.projectId)) return demo;
  }
  log('creating the demo project');
  const created = admin('project', 'create', '--name', 'Demo', '--mode', 'email', '--test-site', demoUrl(p), '--webhook-url', DEMO_WEBHOOK_URL);
  const demo = { projectId: created.projectId, testKey: created.keys.test.secret, webhookSecret: created.webhook.secret, webhookUrl: created.webhook.url };
  writeFileSync(demoFile, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}

/**
 * The demo project's templates, made once (a demo project made by a release before them
 * gets them on its next start). A stack that cannot make them yet (the renderer still
 * starting) starts without them, and the next start tries again.
 */
async function ensureDemoLibrary(demo) {
  if (demo.librarySeeded) return;
  try {
    await seedDemoLibrary(p.baseUrl, demo.testKey);
    writeFileSync(demoFile, `${JSON.stringify({ ...demo, librarySeeded: true }, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    log(`the demo project's templates were not made (${error.message}); the next start tries again`);
  }
}

// What this run started, so that Ctrl-C or a failure at any point stops exactly that.
const startedInfrastructure = [];
const supervised = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  // No service is restarted from here on, so the pids stopped are the last ones.
  await stopProcesses(supervised.map((service) => service.stop()));
  await stopInfrastructure(startedInfrastructure);
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (const port of [p.ports.http, p.ports.demo]) {
    if (await isPortOpen(port)) throw new Error(`port ${port} is already in use: is another \`npm start\` running?`);
  }

  await prepareStack(p, { started: startedInfrastructure });
  if (stopping) return;
  // The browser found on this machine (a Mac's Chrome, say) for the renderer's PDFs and PNGs.
  const { chromium } = infrastructurePlan();
  // A service that exits is started again with backoff (tools/lib/restart-policy.mjs); the rest stay up.
  for (const name of SERVICES) {
    const onExit = ({ code, signal, delayMs }) =>
      log(`${name} exited (${code ?? signal}); starting it again in ${delayMs / 1000} s; see ${p.logDir}/${name}.log`);
    supervised.push(superviseService(serviceSpec(name, p, chromium ? { CHROMIUM_PATH: chromium } : {}), { onExit }));
  }

  log(`waiting for ${p.baseUrl}/readyz (service logs in ${path.relative(repoRoot, p.logDir)}/)`);
  await waitUntilReady(p.baseUrl);
  const demo = await ensureDemoProject();
  await ensureDemoLibrary(demo);
  const onDemoExit = ({ code, signal, delayMs }) =>
    log(`the editor demo exited (${code ?? signal}); starting it again in ${delayMs / 1000} s; see ${p.logDir}/editor-demo.log`);
  supervised.push(superviseService(demoSpec(p, { secretKey: demo.testKey }), { onExit: onDemoExit }));
  await waitFor(`the editor demo on port ${p.ports.demo}`, () => isPortOpen(p.ports.demo), 30_000, 200);
  process.stdout.write(
    [
      '',
      'The stack is up; Ctrl-C stops it.',
      `Base URL:        ${p.baseUrl}`,
      `Test key:        ${demo.testKey}`,
      `Webhook secret:  ${demo.webhookSecret}`,
      `Project id:      ${demo.projectId}`,
      `Editor demo:    ${demoUrl(p)}`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  process.stderr.write(`npm start failed: ${error.message}\n`);
  void stop(1);
});
