import type { ComponentType, ReactNode } from "react";

/** A route as the site declares it (the shape of react-router's route objects, the parts the site uses). */
export interface RouteObject {
  /** Relative to the parent route; `:name` captures a segment; `*` matches the rest. */
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Loads the screen's module (a chunk of its own), which exports `Component`. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The chain of routes (outermost first) that renders `pathname`, or [] when nothing matches. Static segments beat
 * parameters, parameters beat `*`, because routes are tried in that order of specificity at each level.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] {
  return matchLevel(routes, segmentsOf(pathname), {}) ?? [];
}

function score(route: RouteObject): number {
  if (route.index) return 3;
  const segments = segmentsOf(route.path ?? "");
  if (segments.includes("*")) return 0;
  if (segments.some((segment) => segment.startsWith(":"))) return 1;
  return 2;
}

function matchLevel(
  routes: RouteObject[],
  segments: string[],
  params: Record<string, string>,
): RouteMatch[] | null {
  const ordered = [...routes].sort((a, b) => score(b) - score(a));
  for (const route of ordered) {
    if (route.index) {
      if (segments.length === 0) return [{ route, params }];
      continue;
    }
    const own = segmentsOf(route.path ?? "");
    const captured: Record<string, string> = { ...params };
    let consumed = 0;
    let ok = true;
    for (const part of own) {
      if (part === "*") {
        captured["*"] = segments.slice(consumed).map(decode).join("/");
        consumed = segments.length;
        break;
      }
      const segment = segments[consumed];
      if (segment === undefined) {
        ok = false;
        break;
      }
      if (part.startsWith(":")) captured[part.slice(1)] = decode(segment);
      else if (part.toLowerCase() !== segment.toLowerCase()) {
        ok = false;
        break;
      }
      consumed += 1;
    }
    if (!ok) continue;
    const rest = segments.slice(consumed);
    if (route.children?.length) {
      const inner = matchLevel(route.children, rest, captured);
      if (inner) return [{ route, params: captured }, ...inner];
      continue;
    }
    if (rest.length === 0) return [{ route, params: captured }];
  }
  return null;
}
