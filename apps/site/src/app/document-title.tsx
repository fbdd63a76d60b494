import { describeSitePath, documentTitle } from "@ct/contract/site-pages";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useLanguage } from "./language";
import { useLocation } from "./routing";

/** What a content page (a blog post) found at its path: its title, or null when there is nothing there. */
interface ContentTitle {
  path: string;
  title: string | null;
}

const ContentTitleContext = createContext<(content: ContentTitle) => void>(() => undefined);

/**
 * Keeps `document.title` on the page on view, in the current language: the page's title from the site's page table
 * (packages/contract/src/site-pages.ts, which the server reads for the first HTML too) followed by the site's name,
 * or, on a content page, the title its content reports through `useContentTitle`. Until that arrives, the title the
 * server wrote stays on the first page (it already names the post); after a navigation the page's own title shows.
 */
export function DocumentTitle({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { language } = useLanguage();
  const [content, setContent] = useState<ContentTitle | null>(null);
  const firstPath = useRef(pathname);

  useEffect(() => {
    const page = describeSitePath(pathname);
    const own = content?.path === pathname ? content : null;
    if (page.dynamic && own) {
      document.title = documentTitle(own.title ?? page.missingTitle[language], language);
      return;
    }
    if (page.dynamic && pathname === firstPath.current) return;
    firstPath.current = "";
    document.title = documentTitle(page.title ? page.title[language] : null, language);
  }, [pathname, language, content]);

  return <ContentTitleContext.Provider value={setContent}>{children}</ContentTitleContext.Provider>;
}

/**
 * A content page reports what it found: its title (a post's title), null when there is nothing at its address, or
 * undefined while it is still loading.
 */
export function useContentTitle(title: string | null | undefined): void {
  const report = useContext(ContentTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (title !== undefined) report({ path: pathname, title });
  }, [report, pathname, title]);
}
