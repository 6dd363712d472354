import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { type OpenApiContract, openApiContract } from './openapi-contract';
import { sleep } from './stack';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  /** The raw body as received, before any parsing. */
  body: string;
  json: any;
  answer: string;
  at: number;
}

export interface Behaviour {
  /** One answer per arrival of each event id, the last one repeated: '200', '500', '302', 'hang'. */
  answers?: string[];
  delayMs?: number;
}

/** A free loopback port (to start a receiver on later, for refused-connection tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real receiver in its own process, as an integrator's server would be. Every delivery
 * it gets is checked against the `webhooks` of the gateway's OpenAPI document, as every
 * HTTP answer is (openapi-contract.ts): reading what it received, or stopping it, fails
 * the test once one did not keep to the document.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly problems: string[] = [];
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    contract: OpenApiContract,
  ) {
    child.on('message', (message: any) => {
      if (message.kind !== 'request') return;
      const problem = contract.webhookProblem(message.headers, message.body);
      if (problem) this.problems.push(`${message.path}: ${problem}`);
      this.received.push({ ...message, json: JSON.parse(message.body) });
    });
  }

  private keptToDocument(): void {
    if (this.problems.length > 0) throw new Error(`A webhook broke the OpenAPI document's webhooks:\n${this.problems.join('\n')}`);
  }

  static async start(port?: number): Promise<WebhookReceiver> {
    const child = fork(path.join(__dirname, 'webhook-receiver-process.mjs'), [], { stdio: 'inherit' });
    const listening = new Promise<number>((resolve, reject) => {
      child.on('message', (message: any) => message.kind === 'listening' && resolve(message.port));
      child.once('exit', (code) => reject(new Error(`webhook receiver exited with ${code}`)));
    });
    child.send({ kind: 'listen', port });
    const [contract, listeningOn] = await Promise.all([openApiContract(), listening]);
    return new WebhookReceiver(child, listeningOn, contract);
  }

  /** A URL of its own for one test, so tests never see each other's events. */
  url(name: string): string {
    return `http://127.0.0.1:${this.port}/${name}`;
  }

  behave(name: string, behaviour: Behaviour): void {
    this.child.send({ kind: 'behave', path: `/${name}`, behaviour });
  }

  at(name: string): ReceivedWebhook[] {
    this.keptToDocument();
    return this.received.filter((request) => request.path === `/${name}`);
  }

  /** Waits until `check` over the requests to `name` holds. */
  async waitFor(name: string, what: string, check: (requests: ReceivedWebhook[]) => boolean, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this.at(name))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} at /${name}; got ${this.at(name).length} request(s)`);
      await sleep(25);
    }
    return this.at(name);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    this.keptToDocument();
  }
}
