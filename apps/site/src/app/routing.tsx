/**
 * The site's router: the small part of react-router's API the site uses (route objects with lazy screens, nested
 * layouts with <Outlet>, Link/NavLink/Navigate, location, params, search params, navigation state), in a few
 * kilobytes instead of react-router's ~30 kB gzip, which alone would spend a fifth of the JavaScript budget of
 * the home and training screens (issue 8: 170 kB). Screens import from here, never from a router package.
 *
 * Navigation runs in a React transition: the current screen stays on view (and `useNavigation().state` is
 * "loading") until the next screen's chunk has loaded, as with react-router's lazy routes.
 */
import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
} from "react";
import { matchRoutes, type RouteMatch, type RouteObject } from "./route-match";

export type { RouteObject } from "./route-match";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that led here carried (`navigate(to, { state })`). */
  state: unknown;
  /** Unique per history entry. */
  key: string;
  /** The navigation asked to keep the scroll position. */
  preventScrollReset: boolean;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (a filter or page change within one screen). */
  preventScrollReset?: boolean;
}

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

// ---------------------------------------------------------------------------------------------------------------
// History: one store over window.history, shared by every hook.

interface HistoryState {
  usr: unknown;
  key: string;
  /** preventScrollReset */
  psr?: boolean;
}

let current: Location | null = null;
const listeners = new Set<() => void>();

function readLocation(): Location {
  const state = window.history.state as Partial<HistoryState> | null;
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: state?.usr ?? null,
    key: typeof state?.key === "string" ? state.key : "default",
    preventScrollReset: state?.psr === true,
  };
}

function notify(): void {
  current = readLocation();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("popstate", notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", notify);
  };
}

function snapshot(): Location {
  current ??= readLocation();
  return current;
}

export function createPath(to: To): string {
  if (typeof to === "string") return to;
  return `${to.pathname ?? window.location.pathname}${to.search ?? ""}${to.hash ?? ""}`;
}

function push(to: To, options: NavigateOptions = {}): void {
  const state: HistoryState = {
    usr: options.state ?? null,
    key: Math.random().toString(36).slice(2, 10),
    ...(options.preventScrollReset ? { psr: true } : {}),
  };
  const href = createPath(to);
  const replace = options.replace ?? href === `${window.location.pathname}${window.location.search}`;
  if (replace) window.history.replaceState(state, "", href);
  else window.history.pushState(state, "", href);
  notify();
}

// ---------------------------------------------------------------------------------------------------------------
// Router

interface RouterContextValue {
  location: Location;
  navigate: (to: To, options?: NavigateOptions) => void;
  pending: boolean;
}

const RouterContext = createContext<RouterContextValue | null>(null);

interface MatchContextValue {
  params: Record<string, string>;
  outlet: ReactNode;
}

const MatchContext = createContext<MatchContextValue>({ params: {}, outlet: null });

export interface Router {
  routes: RouteObject[];
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return { routes };
}

const lazyComponents = new WeakMap<RouteObject, ComponentType>();

/** The screen of a route: its element, or its lazy module's `Component` (loaded once, then cached). */
function elementOf(route: RouteObject): ReactNode {
  if (route.element !== undefined) return route.element;
  const load = route.lazy;
  if (!load) return <Outlet />;
  let Screen = lazyComponents.get(route);
  if (!Screen) {
    Screen = lazy(async () => ({ default: (await load()).Component }));
    lazyComponents.set(route, Screen);
  }
  return <Screen />;
}

function renderMatches(matches: RouteMatch[]): ReactNode {
  let outlet: ReactNode = null;
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index] as RouteMatch;
    outlet = (
      <MatchContext.Provider value={{ params: match.params, outlet }}>
        {elementOf(match.route)}
      </MatchContext.Provider>
    );
  }
  return outlet;
}

/** Keeps each history entry's scroll position: back/forward restore it; a new page starts at the top. */
function useScrollRestoration(location: Location, pending: boolean): void {
  const [positions] = useState(() => new Map<string, number>());
  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const save = () => positions.set(snapshot().key, window.scrollY);
    window.addEventListener("scroll", save, { passive: true });
    return () => window.removeEventListener("scroll", save);
  }, [positions]);
  useLayoutEffect(() => {
    if (pending || location.preventScrollReset) return;
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, positions.get(location.key) ?? 0);
  }, [location.key, location.hash, location.preventScrollReset, pending, positions]);
}

export function RouterProvider({ router, fallback = null }: { router: Router; fallback?: ReactNode }) {
  const live = useSyncExternalStore(subscribe, snapshot);
  // The location on view moves to the live one inside a transition, so a lazy screen suspends without blanking.
  const [shown, setShown] = useState(live);
  const [pending, startNavigation] = useTransition();
  useEffect(() => {
    if (live !== shown) startNavigation(() => setShown(live));
  }, [live, shown]);
  useScrollRestoration(shown, pending);

  const navigate = useCallback(
    (to: To, options?: NavigateOptions) => startTransition(() => push(to, options)),
    [],
  );
  const value = useMemo(() => ({ location: shown, navigate, pending }), [shown, navigate, pending]);
  const matches = useMemo(() => matchRoutes(router.routes, shown.pathname), [router.routes, shown.pathname]);
  return (
    <RouterContext.Provider value={value}>
      <Suspense fallback={fallback}>{renderMatches(matches)}</Suspense>
    </RouterContext.Provider>
  );
}

function useRouter(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error("Router hooks must be used inside <RouterProvider>");
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Hooks and components

/** The child route's screen inside a layout route. */
export function Outlet() {
  return <>{useContext(MatchContext).outlet}</>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams<
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>(): T {
  return useContext(MatchContext).params as T;
}

export function useNavigate(): NavigateFunction {
  const { navigate } = useRouter();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === "number") window.history.go(to);
      else navigate(to, options);
    },
    [navigate],
  ) as NavigateFunction;
}

/** `{ state: "loading" }` while the next screen's code loads, as react-router's `useNavigation`. */
export function useNavigation(): { state: "idle" | "loading" } {
  return { state: useRouter().pending ? "loading" : "idle" };
}

type SearchInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === "function" ? next(new URLSearchParams(window.location.search)) : next;
      const search = new URLSearchParams(value).toString();
      navigate({ pathname: window.location.pathname, search: search ? `?${search}` : "" }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const { navigate } = useRouter();
  // Once per mount: the props are new objects on every render (`state={{ from: location }}`), and navigating again
  // on each render would restart the navigation forever.
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    navigate(to, { replace: replace ?? false, state });
  });
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === "_self")
  );
}

/** An anchor that navigates inside the app on a plain click; new tabs and the like work as for any link. */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const href = createPath(to);
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        navigate(to, { replace: replace ?? false, state });
      }}
    />
  );
}

/** A Link marked `aria-current="page"` while the location is its path or below it (`end`: only its path). */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const path = createPath(props.to).split(/[?#]/)[0] ?? "";
  const active = pathname === path || (!end && pathname.startsWith(path.endsWith("/") ? path : `${path}/`));
  return <Link {...props} aria-current={active ? "page" : undefined} />;
}

/** For tests and non-React code: where the app is. */
export function currentLocation(): Location {
  return snapshot();
}

export type { ReactNode };
