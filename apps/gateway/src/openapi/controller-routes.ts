import { RequestMethod, type Type } from '@nestjs/common';
import type { TSchema } from '@sinclair/typebox';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { InputPipe } from '../http/inputs';

/** One route of a controller, as Nest registers it, with the registry's schemas of its inputs. */
export interface ControllerRoute {
  method: string;
  /** Fastify's form: `/embed/v1/users/:userId`, `*` for the rest of the path. */
  path: string;
  handler: object;
  body?: TSchema;
  params?: TSchema;
  query?: TSchema;
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
    const args: Record<string, { index: number; data?: unknown; pipes?: unknown[] }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
    for (const [key, { data, pipes = [] }] of Object.entries(args)) {
      const kind = Number(key.split(':')[0]);
      const input = pipes.find((pipe): pipe is InputPipe => pipe instanceof InputPipe);
      // A body, path or query is taken whole and checked by a schema of the registry (BodyOf,
      // ParamsOf, QueryOf), so that the document shows its rule; custom decorators are skipped.
      if ([RouteParamtypes.BODY, RouteParamtypes.PARAM, RouteParamtypes.QUERY].includes(kind) && (!input || data !== undefined)) {
        throw new Error(`${controller.name}.${name}: take a body, path or query whole with BodyOf, ParamsOf or QueryOf and a schema of libs/contracts/src/http-inputs.ts`);
      }
      if (input?.kind === 'body') route.body = input.schema;
      if (input?.kind === 'path') route.params = input.schema;
      if (input?.kind === 'query') route.query = input.schema;
    }
    return [route];
  });
}
