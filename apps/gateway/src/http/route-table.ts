/** The routes the server has, by method, so that a known path with the wrong method answers 405. */
export class RouteTable {
  private readonly routes: { method: string; url: string; pattern: RegExp }[] = [];

  add(method: string, url: string): void {
    // Fastify patterns: `:name` is one path segment, `*` the rest of the path.
    const source = url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.routes.push({ method: method.toUpperCase(), url, pattern: new RegExp(`^${source}/?$`) });
  }

  /** Every route, as registered (`:name` and `*` patterns). */
  list(): { method: string; url: string }[] {
    return this.routes.map(({ method, url }) => ({ method, url }));
  }

  /** Methods that have a route for this path (without its query). */
  methodsFor(path: string): string[] {
    const bare = path.split('?')[0];
    const methods = this.routes.filter((route) => route.pattern.test(bare)).map((route) => route.method);
    return [...new Set(methods)].filter((method) => method !== 'HEAD').sort();
  }
}
