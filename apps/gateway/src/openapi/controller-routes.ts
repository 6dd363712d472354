import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';

/** One route of a controller, as Nest registers it, with the DTO classes of its inputs. */
export interface ControllerRoute {
  method: string;
  /** Fastify's form: `/embed/v1/users/:userId`, `*` for the rest of the path. */
  path: string;
  handler: object;
  body?: Type;
  params?: Type;
  query?: Type;
}

const joinPath = (...parts: (string | undefined)[]) =>
  `/${parts
    .flatMap((part) => (part ?? '').split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Reads routes from the same decorator metadata Nest builds its router from. */
export function controllerRoutes(controller: Type): ControllerRoute[] {
  const base: string | undefined = Reflect.getMetadata(PATH_METADATA, controller);
  const prototype = controller.prototype as Record<string, object>;
  return Object.getOwnPropertyNames(prototype).flatMap((name) => {
    const handler = prototype[name];
    const method: RequestMethod | undefined = typeof handler === 'function' ? Reflect.getMetadata(METHOD_METADATA, handler) : undefined;
    if (method === undefined || name === 'constructor') return [];
    const route: ControllerRoute = { method: RequestMethod[method], path: joinPath(base, Reflect.getMetadata(PATH_METADATA, handler)), handler };
    const types: Type[] = Reflect.getMetadata('design:paramtypes', prototype, name) ?? [];
    const args: Record<string, { index: number; data?: unknown }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
    for (const [key, { index, data }] of Object.entries(args)) {
      // Only whole-DTO arguments (`@Body() body: Dto`) describe an input; custom decorators are skipped.
      if (data !== undefined) throw new Error(`${controller.name}.${name}: describe inputs with one DTO class, not @${key}('${String(data)}')`);
      const kind = Number(key.split(':')[0]);
      if (kind === RouteParamtypes.BODY) route.body = types[index];
      if (kind === RouteParamtypes.PARAM) route.params = types[index];
      if (kind === RouteParamtypes.QUERY) route.query = types[index];
    }
    return [route];
  });
}
