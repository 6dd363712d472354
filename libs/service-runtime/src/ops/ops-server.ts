import http from 'node:http';
import { metricsRegistry } from './metrics';
import { type ReadinessChecks, runReadinessChecks } from './readiness';

export interface OpsServerOptions {
  port: number;
  host: string;
  /** What this process needs to take work, each named on /readyz; liveness is only that it answers. */
  checks: ReadinessChecks;
}

/**
 * The operators' port, apart from the public API: `/healthz` (alive), `/readyz` (able to
 * take work) and `/metrics` (Prometheus). Port 0 turns it off.
 */
export class OpsServer {
  private server?: http.Server;
  private stopping = false;

  constructor(private readonly options: OpsServerOptions) {}

  async start(): Promise<void> {
    if (this.options.port === 0) return;
    this.server = http.createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject).listen(this.options.port, this.options.host, () => resolve());
    });
    // Kubernetes should stop counting on a replica the moment it is told to stop.
    process.once('SIGTERM', () => (this.stopping = true));
  }

  async close(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/metrics') {
      res.writeHead(200, { 'content-type': metricsRegistry.contentType });
      res.end(await metricsRegistry.metrics());
    } else if (path === '/healthz') {
      this.json(res, 200, { status: 'ok' });
    } else if (path === '/readyz') {
      const report = await runReadinessChecks(this.options.checks);
      const ready = !this.stopping && report.ready;
      this.json(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks: report.checks });
    } else {
      this.json(res, 404, { error: 'not found', code: 'not_found' });
    }
  }

  private json(res: http.ServerResponse, status: number, body: object): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}
