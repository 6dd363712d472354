import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { finishSetup, loadConfigOrExit } from '@embed/service-runtime';
import { GatewayModule, gatewaySpecs } from './gateway.module';
import { createHttpAdapter } from './http/fastify';

async function main() {
  const config = loadConfigOrExit(gatewaySpecs);
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(config), createHttpAdapter(), { bufferLogs: true });
  finishSetup(app);
  await app.listen(config.HTTP_PORT, config.HTTP_HOST);
  app.get(Logger).log(`gateway listening on http://${config.HTTP_HOST}:${config.HTTP_PORT}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
