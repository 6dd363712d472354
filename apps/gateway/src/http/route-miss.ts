import { ApiError } from './api-error';
import { type RouteTable, routerPath } from './route-table';

export const BAD_URL_MESSAGE = 'the path is not a valid URL: a percent escape (%XX) is malformed or does not decode to UTF-8 text';

/** Whether the path decodes to text, as the router must decode it. */
export function isDecodablePath(url: string): boolean {
  try {
    decodeURIComponent(routerPath(url));
    return true;
  } catch {
    return false;
  }
}

export interface RouteMiss {
  error: ApiError;
  /** The methods the path has, for the Allow header of a 405. */
  allow?: string[];
}

/**
 * The answer to a request no route took. A path that does not decode is 400 whatever the
 * method (the router answers so only for methods it has routes for); a path that has other
 * methods is 405 naming them; anything else is 404, including a path whose methods
 * include the one asked for (a pattern such as `*` matched, yet the router found nothing).
 */
export function routeMiss(method: string, url: string, routes: RouteTable): RouteMiss {
  if (!isDecodablePath(url)) return { error: new ApiError(400, 'request_invalid', BAD_URL_MESSAGE) };
  const allow = routes.methodsFor(url);
  const asked = method === 'HEAD' ? 'GET' : method;
  if (allow.length === 0 || allow.includes(asked)) return { error: new ApiError(404, 'not_found', `Cannot ${method} ${routerPath(url)}`) };
  return { error: new ApiError(405, 'method_not_allowed', `${method} is not allowed here; use ${allow.join(' or ')}.`), allow };
}
