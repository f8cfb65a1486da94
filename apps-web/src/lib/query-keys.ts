import { endpoints, urlFor, type RouteName } from '@msp/shared/browser';

/**
 * The cache key of a read: the endpoint's path, then whatever tells one answer from another (a
 * page, an id). Every read, public or admin, is keyed this way, so a change on one side
 * invalidates the other's copy by naming the same endpoint.
 */
export function queryKey<const Parts extends readonly unknown[]>(
  name: RouteName,
  ...parts: Parts
): readonly [string, ...Parts] {
  return [endpoints[name].path, ...parts];
}

/** The cache key of a read keyed by its filled-in address, as the results pages are. */
export function urlKey(name: RouteName, params: Record<string, string | number>): readonly [string] {
  return [urlFor(name, params)];
}
