import { BLOG_LIMITS, type BlogPostStatus, isBlogPostStatus } from "@ct/contract/blog-rules";

/**
 * What the admin's post list shows, as its address holds it (`/admin/blog?search=…&status=draft&tag=…&page=2`), so a
 * reload, the Back button and a copied link give the same list.
 */
export interface AdminListQuery {
  page: number;
  search: string;
  /** null: every status. */
  status: BlogPostStatus | null;
  tag: string;
}

/** The largest page the API accepts. */
const MAX_PAGE = 100_000;
/** The longest search the API accepts. */
const MAX_SEARCH = 200;

/**
 * The list an address asks for. What the API would refuse is read as its default instead (a page that is no number,
 * a status it does not know, an over-long search or tag), so an edited or stale link still shows a list.
 */
export function adminListQueryOf(params: URLSearchParams): AdminListQuery {
  // Decimal digits only, as the API reads page numbers ("1e3" and "+2" are refused there).
  const digits = params.get("page") ?? "";
  const page = /^[1-9][0-9]{0,5}$/.test(digits) ? Number(digits) : 0;
  const status = params.get("status");
  const tag = (params.get("tag") ?? "").trim();
  return {
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    search: (params.get("search") ?? "").trim().slice(0, MAX_SEARCH),
    status: isBlogPostStatus(status) ? status : null,
    tag: tag.length <= BLOG_LIMITS.tagMax ? tag : "",
  };
}

/** The address's query for a list: defaults (page 1, no search, every status, every tag) are left out. */
export function adminListParams(query: AdminListQuery): URLSearchParams {
  const params = new URLSearchParams();
  const search = query.search.trim();
  const tag = query.tag.trim();
  if (search) params.set("search", search);
  if (query.status) params.set("status", query.status);
  if (tag) params.set("tag", tag);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** True when the list is narrowed by anything but its page. */
export function isFiltered(query: AdminListQuery): boolean {
  return query.search !== "" || query.status !== null || query.tag !== "";
}
