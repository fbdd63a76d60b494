export { isActivePath } from "./active-path";
export { NavBar, type NavBarProps, type NavLink, type RenderLinkProps } from "./nav-bar";
