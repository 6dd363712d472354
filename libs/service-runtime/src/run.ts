import type { DynamicModule } from '@nestjs/common';
import { type ConfigOf, natsSpecs, runtimeSpecs } from '@embed/config';
import type { BackendService } from '@embed/contracts';
import { loadConfigOrExit } from './config-or-exit';
import { startBackendService } from './start';

type Specs = Parameters<typeof loadConfigOrExit>[0];
export type BackendConfig<S extends Specs> = ConfigOf<typeof runtimeSpecs & typeof natsSpecs & S>;

/** The whole main.ts of a back-end service: read its configuration, then start it on NATS. */
export function runBackendService<S extends Specs>(
  service: BackendService,
  specs: S,
  moduleFor: (config: BackendConfig<S>) => DynamicModule,
): void {
  const config = loadConfigOrExit({ ...runtimeSpecs, ...natsSpecs, ...specs }) as BackendConfig<S>;
  const { NATS_URL, SHUTDOWN_GRACE_MS, OPS_PORT, OPS_HOST } = config as unknown as ConfigOf<typeof runtimeSpecs & typeof natsSpecs>;
  const ops = { port: OPS_PORT, host: OPS_HOST };
  startBackendService({ service, module: moduleFor(config), natsUrl: NATS_URL, shutdownGraceMs: SHUTDOWN_GRACE_MS, ops }).catch(
    (error: unknown) => {
      process.stderr.write(`${service} could not start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
