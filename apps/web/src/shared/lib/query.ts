/**
 * SPEC §2: "Query parsing merges the page's own URL query with the route query." The native
 * shells open local pages with their own query (e.g. ?platform=ios) while the router may carry
 * another; both are read, and the route's value wins when a name is in both.
 */
export function mergeQuery(pageSearch: string, routeSearch: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(pageSearch)) out[k] = v;
  for (const [k, v] of new URLSearchParams(routeSearch)) out[k] = v;
  return out;
}
