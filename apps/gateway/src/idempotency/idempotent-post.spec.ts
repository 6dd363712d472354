import 'reflect-metadata';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { GATEWAY_CONTROLLERS } from '../gateway.module';
import { controllerRoutes } from '../openapi/controller-routes';
import { docsOf } from '../openapi/operation-doc';
import { IdempotencyInterceptor } from './idempotency.interceptor';

const routes = GATEWAY_CONTROLLERS.flatMap(controllerRoutes).map((route) => ({
  route: `${route.method} ${route.path}`,
  opened: docsOf(route.handler).security !== undefined,
  idempotent: ((Reflect.getMetadata(INTERCEPTORS_METADATA, route.handler) ?? []) as unknown[]).includes(IdempotencyInterceptor),
}));

describe('Idempotency-Key', () => {
  it('is taken by every POST a key or token opens (the OpenAPI document promises it), and by no other route', () => {
    const posts = routes.filter(({ route, opened }) => route.startsWith('POST ') && opened);
    expect(posts.length).toBeGreaterThanOrEqual(7);
    expect(routes.filter(({ idempotent }) => idempotent)).toEqual(posts.map((post) => ({ ...post, idempotent: true })));
  });
});
