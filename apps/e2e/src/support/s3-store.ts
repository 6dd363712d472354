import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { profileName, repoRoot, restartServices, waitFor } from './stack';

/** The services that open the store (libs/storage), and so move with it. */
export const STORE_USERS = ['gateway', 'designs', 'renderer', 'erasure'];
const BUCKET = 'embed-files';

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * An S3-compatible store (s3rver, in a process of its own) for the stack's files, as
 * Kubernetes and compose run it (STORAGE_DRIVER=s3): the store whose outage an operator
 * meets is S3 or MinIO going away, its connections refused. Its data stays in its folder
 * across a stop, as a real store's does.
 */
export class S3Store {
  private server?: ChildProcess;
  private readonly directory = path.join(repoRoot, '.local', profileName, 's3rver');

  constructor(readonly port: number) {
    mkdirSync(this.directory, { recursive: true });
  }

  /** What a service needs to use this store, its credentials being s3rver's fixed ones. */
  get env(): Record<string, string> {
    return {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${this.port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }

  async start(): Promise<void> {
    const bin = path.join(repoRoot, 'node_modules', 's3rver', 'bin', 's3rver.js');
    const args = [bin, '-d', this.directory, '-a', '127.0.0.1', '-p', String(this.port), '--silent', '--configure-bucket', BUCKET];
    this.server = spawn(process.execPath, args, { stdio: 'ignore' });
    await waitFor(`s3rver to listen on ${this.port}`, () => answers(this.port));
  }

  /** Kills the store outright, as a crash or a lost network would; returns once its port refuses connections. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    await waitFor(`port ${this.port} to refuse connections`, async () => !(await answers(this.port)));
  }

  get running(): boolean {
    return this.server !== undefined;
  }
}

/** Restarts every service that uses the store with `env` over the stack's own settings (none: back to the stack's own store). */
export const restartStoreUsers = (env: Record<string, string> = {}) => restartServices(STORE_USERS, env);
