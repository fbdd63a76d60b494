/**
 * The site's router is React Router 7 (data mode): route objects with lazy screens, nested layouts, loaders that run
 * on the server for the first page and in the browser for the next ones, navigation state and scroll restoration.
 * Screens import routing from here, never from the package, so the choice stays in one place.
 *
 * Chosen over TanStack Router on what it costs and what it saves: the two weigh about the same (32.9 and 28.5 kB
 * gzip for the parts the site uses, measured with esbuild), but React Router's route objects, `lazy` and hooks are
 * the API the site's screens were already written against, and its static handler renders a matched route tree on
 * the server, loaders included, with the hydration data the browser router starts from.
 */
export {
  createBrowserRouter,
  Link,
  type LinkProps,
  type LoaderFunctionArgs,
  type Location,
  matchRoutes,
  Navigate,
  type NavigateFunction,
  NavLink,
  Outlet,
  type RouteObject,
  ScrollRestoration,
  useBlocker,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
export { RouterProvider } from "react-router/dom";
