import type { RenderLinkProps } from "@ct/ui";
import { Link } from "../app/routing";

/** The router's Link for components that take a `renderLink` (module and phase cards). */
export function renderRouterLink({ href, className, children, ...rest }: RenderLinkProps) {
  return (
    <Link to={href} className={className} {...rest}>
      {children}
    </Link>
  );
}
