/**
 * The full path of every screen (leaf route) of the member app's route tree, as TanStack Router writes it
 * ("/chat/$id"). Joined from each route's own path here: a route's `fullPath` is set only when a router is made
 * from the tree, and a second router made from the app's tree in the same process breaks the app's own.
 */
export async function memberAppPaths(): Promise<Set<string>> {
  const { routeTree } = await import('../router');
  type Node = { options?: { path?: string }; children?: unknown };
  const paths = new Set<string>();
  const walk = (route: Node, parent: string) => {
    const own = route.options?.path?.replace(/^\/|\/$/g, '');
    const full = own ? `${parent.replace(/\/$/, '')}/${own}` : parent;
    const children = route.children as Record<string, Node> | Node[] | undefined;
    const list = Array.isArray(children) ? children : children ? Object.values(children) : [];
    if (list.length === 0) paths.add(full);
    for (const child of list) walk(child, full);
  };
  walk(routeTree as never, '/');
  // A tree read wrongly would make every test of it pass with nothing to check.
  if (paths.size < 10) throw new Error(`the member app's route tree gave ${paths.size} screens`);
  return paths;
}
