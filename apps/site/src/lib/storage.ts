import { isHydrating } from "./hydration";

/**
 * Browser storage that never throws: private modes and full quotas make localStorage fail, and the site must
 * keep working (it then forgets between visits).
 */
export const storage = {
  /** The stored value; nothing while a server-rendered page hydrates (see hydration.ts) or on the server. */
  get(key: string): string | null {
    if (isHydrating()) return null;
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};
