import { API_PREFIX, type RouteSpec, type ServiceManifest, type ServiceName } from '@giving/shared/manifest';

/** The HTTP API's route table, built from the manifests: `{param}` segments match one path segment. */
export interface CompiledRoute {
  service: ServiceName;
  route: RouteSpec;
  routeKey: string;
  pattern: RegExp;
  paramNames: string[];
  /** Literal segments rank above parameters, as HTTP API ranks the most specific route first. */
  specificity: number[];
}

export function compileRoutes(manifests: readonly ServiceManifest[]): CompiledRoute[] {
  const compiled: CompiledRoute[] = [];
  const keys = new Set<string>();
  for (const manifest of manifests) {
    for (const route of manifest.routes) {
      const fullPath = `${API_PREFIX}${route.path}`;
      const routeKey = `${route.method} ${fullPath}`;
      if (keys.has(routeKey)) throw new Error(`duplicate route ${routeKey}`);
      keys.add(routeKey);
      const paramNames: string[] = [];
      const segments = fullPath.split('/').filter(Boolean);
      const source = segments
        .map((segment) => {
          const param = /^\{([A-Za-z0-9_]+)\}$/.exec(segment);
          if (param) {
            paramNames.push(param[1] as string);
            return '/([^/]+)';
          }
          return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        })
        .join('');
      compiled.push({
        service: manifest.service,
        route,
        routeKey,
        pattern: new RegExp(`^${source}/?$`),
        paramNames,
        specificity: segments.map((s) => (s.startsWith('{') ? 0 : 1)),
      });
    }
  }
  return compiled.sort((a, b) => compareSpecificity(b.specificity, a.specificity));
}

function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

export type RouteMatch =
  | { kind: 'found'; compiled: CompiledRoute; pathParameters: Record<string, string> }
  | { kind: 'notFound' };

export function matchRoute(routes: readonly CompiledRoute[], method: string, path: string): RouteMatch {
  for (const compiled of routes) {
    if (compiled.route.method !== method) continue;
    const match = compiled.pattern.exec(path);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    compiled.paramNames.forEach((name, index) => {
      pathParameters[name] = decodeURIComponent(match[index + 1] as string);
    });
    return { kind: 'found', compiled, pathParameters };
  }
  return { kind: 'notFound' };
}
