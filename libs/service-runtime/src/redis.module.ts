import { type DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';

/** The process's Redis connection; it reconnects on its own and closes on shutdown. */
export class RedisConnection extends Redis implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await this.quit().catch(() => this.disconnect());
  }
}

@Module({})
export class RedisModule {
  static forRoot(redisUrl: string): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [{ provide: RedisConnection, useFactory: () => new RedisConnection(redisUrl, { maxRetriesPerRequest: 1 }) }],
      exports: [RedisConnection],
    };
  }
}
