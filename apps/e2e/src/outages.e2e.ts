// @lane serial: moves the stack onto a store it then stops.
// A dependency that stops under a running stack (a PostgreSQL failover, a Redis or NATS
// restart, the store away, Chromium crashing) must never crash a process or answer 500:
// a request that needs it answers 503 service_unavailable, which clients retry, one that
// does not keeps working, /readyz names what is missing, and everything recovers by
// itself once it is back.
import { spawnSync } from 'node:child_process';
import { BACKEND_SERVICES } from '@embed/contracts';
import { TINY_PNG } from './file-exports-helpers';
import { type ApiAnswer, call, EDITOR_SITE, editorSession, exampleDesign, expectError, newProject, retrying503, saveDesign, type TestProject } from './support/api';
import { type Dependency, startDependencies, stopDependency } from './support/infrastructure';
import { restartStoreUsers, S3Store } from './support/s3-store';
import { isAlive, opsUrl, pidOf, sleep, waitFor, waitUntilReady } from './support/stack';
import { freePort } from './support/webhook-receiver';

jest.setTimeout(120_000);

const SERVICES = ['gateway', ...BACKEND_SERVICES];

type Outage = Dependency | 'store';
type Request =
  | 'list designs'
  | 'list designs with a key not seen before'
  | 'mint a token'
  | 'render'
  | 'erase a person'
  | 'open the editor'
  | 'upload an image'
  | 'download an image'
  | 'export a PDF';

/**
 * What each request needs: while one of these is down it answers 503, otherwise it
 * works. Every key and editor token is checked in PostgreSQL (a gateway keeps a key a
 * second at most, so that revoking it takes effect); the services answer over NATS.
 * Redis is needed by none: it holds queues and rate counters, not the data a request
 * reads, and an erasure is marked in PostgreSQL and queued by the sweep once Redis is
 * back. An uploaded image is read from the store alone, without a key.
 */
const NEEDS: Record<Request, Outage[]> = {
  'list designs': ['postgres', 'nats'],
  'list designs with a key not seen before': ['postgres', 'nats'],
  'mint a token': ['postgres', 'nats'],
  render: ['postgres', 'nats'],
  'erase a person': ['postgres', 'nats'],
  'open the editor': ['postgres', 'nats'],
  'upload an image': ['postgres', 'nats', 'store'],
  'download an image': ['store'],
  'export a PDF': ['postgres', 'nats', 'store'],
};

/** What the own /readyz of each back-end service (its probe in Kubernetes) checks: NATS, and the store where it uses one. */
const OWN_CHECKS: Record<string, Outage[]> = { designs: ['nats', 'store'], renderer: ['nats', 'store'], erasure: ['nats', 'store'], 'webhook-dispatcher': ['nats'] };

interface Session {
  project: TestProject;
  token: string;
  designId: string;
  /** The address of an image uploaded before the outage. */
  imagePath: string;
}

async function newSession(): Promise<Session> {
  const project = newProject();
  const { token, editor } = await editorSession(project.testKey, 'outage-person');
  const { id: designId } = await saveDesign(project.testKey, 'outage-person');
  const uploaded = await editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${uploaded.text}`);
  return { project, token, designId, imagePath: new URL(uploaded.body.url).pathname };
}

/** The requests an integrator's server, the editor and a reader of an email make, each as one call. */
function requests({ project, token, designId, imagePath }: Session): Record<Request, () => Promise<ApiAnswer>> {
  const person = `/embed/v1/users/outage-person`;
  const editor = { bearer: token, headers: { origin: EDITOR_SITE } };
  let erasures = 0;
  return {
    'list designs': () => call('GET', `${person}/designs`, { bearer: project.testKey }),
    'list designs with a key not seen before': () => call('GET', `${person}/designs`, { bearer: project.liveKey }),
    'mint a token': () => call('POST', '/embed/v1/tokens', { bearer: project.testKey, body: { user: { id: 'outage-person' }, origin: EDITOR_SITE } }),
    render: () => call('POST', '/embed/v1/render', { bearer: project.testKey, body: { doc: exampleDesign('email') } }),
    'erase a person': () => call('DELETE', `/embed/v1/users/erased-in-an-outage-${++erasures}`, { bearer: project.testKey }),
    'open the editor': () => call('GET', '/editor/v1/designs', editor),
    'upload an image': () => call('POST', '/editor/v1/images', { ...editor, rawBody: TINY_PNG as unknown as string, headers: { ...editor.headers, 'content-type': 'image/png' } }),
    'download an image': () => call('GET', imagePath),
    'export a PDF': () => call('POST', `/embed/v1/designs/${designId}/export`, { bearer: project.testKey, body: { user: { id: 'outage-person' }, format: 'pdf' } }),
  };
}

describe.each<Outage>(['postgres', 'redis', 'nats', 'store'])('with %s stopped under the running stack', (outage) => {
  let session: Session;
  let pids: Record<string, number>;
  // The stack's own store is a folder; the store an operator sees go away is S3 (deploy/),
  // so for that outage the services that use the store move to one for the time of the test.
  let store: S3Store | undefined;
  const stop = () => (store ? store.stop() : stopDependency(outage as Dependency));
  const restart = async () => {
    if (store && !store.running) await store.start();
    if (!store) await startDependencies();
    await waitUntilReady();
  };

  beforeAll(async () => {
    await waitUntilReady();
    if (outage === 'store') {
      store = new S3Store(await freePort());
      await store.start();
      await restartStoreUsers(store.env);
    }
    session = await newSession();
    pids = Object.fromEntries(SERVICES.map((name) => [name, pidOf(name)]));
    await stop();
  });

  afterAll(async () => {
    try {
      await restart();
      if (store) await restartStoreUsers();
    } finally {
      await store?.stop();
    }
  });

  it("names it in the gateway's /readyz and in that of every service that checks it", async () => {
    const answer = await waitFor(`/readyz to name ${outage}`, async () => {
      const readiness = await call('GET', '/readyz');
      return readiness.status === 503 && readiness.body.checks[outage] !== 'up' ? readiness : false;
    });
    expectError(answer, 503, 'service_unavailable');
    for (const service of Object.keys(OWN_CHECKS).filter((name) => OWN_CHECKS[name].includes(outage))) {
      const own = await waitFor(`${service}'s /readyz to name ${outage}`, async () => {
        const readiness = await fetch(`${opsUrl(service)}/readyz`);
        const body = await readiness.json();
        return readiness.status === 503 && body.checks[outage] !== 'up' ? body : false;
      });
      expect({ service, status: own.status }).toEqual({ service, status: 'not ready' });
    }
  });

  // nats.js keeps a request while it reconnects, until the request's deadline: a token
  // waited about 5 s for its 503. The gateway knows the connection is lost, and says so at once.
  if (outage === 'nats') {
    it('answers 503 at once for every request that needs a service, once the gateway knows NATS is lost', async () => {
      for (const [what, send] of Object.entries(requests(session)).filter(([name]) => NEEDS[name as Request].includes('nats'))) {
        const started = Date.now();
        const answer = await send();
        expect({ what, status: answer.status, fast: Date.now() - started < 1000 }).toEqual({ what, status: 503, fast: true });
      }
    });
  }

  // The webhook dispatcher among them while Redis is away: it claims its deliveries from PostgreSQL.
  it('keeps every service whose own /readyz does not check it ready', async () => {
    for (const service of Object.keys(OWN_CHECKS).filter((name) => !OWN_CHECKS[name].includes(outage))) {
      const own = await fetch(`${opsUrl(service)}/readyz`);
      expect({ service, status: own.status }).toEqual({ service, status: 200 });
    }
  });

  // A request that does not need what is stopped may still be answered 503 on a busy machine
  // (a render that waited for a worker past its deadline), and is asked again as a client
  // does; one that needs it is answered 503 however often it is asked.
  it('answers 503 service_unavailable where it is needed and works where it is not, never 500', async () => {
    for (const [what, send] of Object.entries(requests(session))) {
      const needed = NEEDS[what as Request].includes(outage);
      const answer = needed ? await send() : await retrying503(send, 3);
      if (!needed) {
        expect({ what, answer: answer.status < 300 ? 'a success' : `${answer.status} ${answer.text}` }).toEqual({ what, answer: 'a success' });
      } else {
        expect({ what, status: answer.status, code: answer.body?.code }).toEqual({ what, status: 503, code: 'service_unavailable' });
        expectError(answer, 503, 'service_unavailable');
      }
    }
  });

  it('keeps every service running', () => {
    for (const name of SERVICES) expect({ name, alive: isAlive(pids[name]) }).toEqual({ name, alive: true });
  });

  it('recovers by itself once it is back, without any service restarting', async () => {
    await restart();
    for (const [what, send] of Object.entries(requests(session))) {
      await waitFor(`${what} to succeed again`, async () => (await send()).status < 300);
    }
    for (const name of SERVICES) expect({ name, pid: pidOf(name), alive: isAlive(pids[name]) }).toEqual({ name, pid: pids[name], alive: true });
  });
});

/** The renderer's Chromium processes: its browser and that browser's own children. */
function chromiumUnder(pid: number): number[] {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...chromiumUnder(child)]);
}

describe('with Chromium killed while PDF and PNG exports run', () => {
  let session: Session;
  let pids: Record<string, number>;
  const exportAs = (format: 'pdf' | 'png') => () =>
    call('POST', `/embed/v1/designs/${session.designId}/export`, { bearer: session.project.testKey, body: { user: { id: 'outage-person' }, format } });

  beforeAll(async () => {
    await waitUntilReady();
    session = await newSession();
    pids = Object.fromEntries(SERVICES.map((name) => [name, pidOf(name)]));
  });

  it('answers each export with its file or 503 service_unavailable, never 500', async () => {
    const running = Array.from({ length: 8 }, (_, i) => exportAs(i % 2 ? 'png' : 'pdf')());
    const killed: number[] = [];
    // Kill every Chromium process the renderer has, three times while the exports run.
    for (let kill = 0; kill < 3; kill++) {
      await sleep(400);
      const processes = chromiumUnder(pids.renderer);
      for (const pid of processes) spawnSync('kill', ['-KILL', String(pid)]);
      killed.push(...processes);
    }
    const answers = await Promise.all(running);
    expect(killed.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body.url).toEqual(expect.any(String));
      else expectError(answer, 503, 'service_unavailable');
    }
  });

  it('keeps every service running', () => {
    for (const name of SERVICES) expect({ name, alive: isAlive(pids[name]) }).toEqual({ name, alive: true });
  });

  it('makes PDFs and PNGs again by itself, in the same renderer process with a new browser', async () => {
    for (const format of ['pdf', 'png'] as const) await waitFor(`a ${format} export to succeed again`, async () => (await exportAs(format)()).status === 200);
    expect(chromiumUnder(pids.renderer).length).toBeGreaterThan(0);
    for (const name of SERVICES) expect({ name, pid: pidOf(name), alive: isAlive(pids[name]) }).toEqual({ name, pid: pids[name], alive: true });
  });
});
