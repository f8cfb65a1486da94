import type { RequestRoute } from '@hapi/hapi';

/** A concrete URL for a route path: every {param} gets a plausible value. */
export function urlFor(route: RequestRoute): string {
  return route.path.replace(/\{(\w+)\*?\??\}/g, (_, name: string) =>
    name.endsWith('Id') || name === 'id' ? '1' : 'x',
  );
}
