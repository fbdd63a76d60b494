export { isActivePath } from "./active-path";
export { NavBar, type NavBarProps, type NavLink, type NavMenu, type RenderLinkProps } from "./nav-bar";
