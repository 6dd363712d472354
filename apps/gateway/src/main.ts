import './tracing';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { finishSetup, loadConfigOrExit, OpsServer } from '@embed/service-runtime';
import { registerEditorCors } from './editor/editor-cors';
import { EditorSites } from './editor/editor-sites';
import { GatewayModule, gatewaySpecs } from './gateway.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { createHttpAdapter } from './http/fastify';
import { RouteTable } from './http/route-table';

async function main() {
  const config = loadConfigOrExit(gatewaySpecs);
  const routes = new RouteTable();
  const adapter = createHttpAdapter(routes);
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(config), adapter, { bufferLogs: true });
  registerEditorCors(adapter.getInstance(), app.get(EditorSites));
  app.useGlobalFilters(new ApiExceptionFilter(routes));
  finishSetup(app, config.SHUTDOWN_GRACE_MS);
  await app.listen(config.HTTP_PORT, config.HTTP_HOST);
  // Readiness of its dependencies is the public /readyz; the ops port serves metrics and liveness.
  await new OpsServer({ port: config.OPS_PORT, host: config.OPS_HOST, checks: {} }).start();
  app.get(Logger).log(`gateway listening on http://${config.HTTP_HOST}:${config.HTTP_PORT}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
