/**
 * The path of a request target as the router reads it: an absolute-form target's origin
 * left out, up to its query or fragment.
 */
export const routerPath = (url: string) => url.replace(/^https?:\/\/.*?\//, '/').split(/[?#]/)[0];

/** The routes the server has, by method, so that a known path with the wrong method answers 405. */
export class RouteTable {
  private readonly routes: { method: string; url: string; pattern: RegExp }[] = [];

  add(method: string, url: string): void {
    // Fastify patterns: `:name` is one path segment, `*` the rest of the path; neither
    // empty, as the document's path parameters (`/files/v1/` names no file).
    const source = url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.routes.push({ method: method.toUpperCase(), url, pattern: new RegExp(`^${source}/?$`) });
  }

  /** Every route, as registered (`:name` and `*` patterns). */
  list(): { method: string; url: string }[] {
    return this.routes.map(({ method, url }) => ({ method, url }));
  }

  /**
   * Methods that have a route for this path (without its query). A path that only the
   * editor's catch-all preflight answers is no resource of ours: none, so it is a 404.
   */
  methodsFor(path: string): string[] {
    const bare = routerPath(path);
    const methods = [...new Set(this.routes.filter((route) => route.pattern.test(bare)).map((route) => route.method))].filter((method) => method !== 'HEAD');
    return methods.every((method) => method === 'OPTIONS') ? [] : methods.sort();
  }
}
