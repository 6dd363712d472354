import type { DynamicModule } from '@nestjs/common';
import { type ConfigOf, natsSpecs, runtimeSpecs } from '@embed/config';
import type { BackendService } from '@embed/contracts';
import { loadConfigOrExit, startBackendService } from './start';

type Specs = Parameters<typeof loadConfigOrExit>[0];
export type BackendConfig<S extends Specs> = ConfigOf<typeof runtimeSpecs & typeof natsSpecs & S>;

/** The whole main.ts of a back-end service: read its configuration, then start it on NATS. */
export function runBackendService<S extends Specs>(
  service: BackendService,
  specs: S,
  moduleFor: (config: BackendConfig<S>) => DynamicModule,
): void {
  const config = loadConfigOrExit({ ...runtimeSpecs, ...natsSpecs, ...specs }) as BackendConfig<S>;
  const { NATS_URL, SHUTDOWN_GRACE_MS } = config as unknown as ConfigOf<typeof runtimeSpecs & typeof natsSpecs>;
  startBackendService({ service, module: moduleFor(config), natsUrl: NATS_URL, shutdownGraceMs: SHUTDOWN_GRACE_MS }).catch(
    (error: unknown) => {
      process.stderr.write(`${service} could not start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
