/** Spec section 2 (Shell): a link is active when the path equals it or begins with it followed by a slash. */
export function isActivePath(currentPath: string, href: string): boolean {
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
