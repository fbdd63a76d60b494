import type { BlogBulkResult, BlogList, BlogPost, BlogTags } from "@ct/contract";
import {
  BLOG_PAGE_SIZE,
  type BlogBulkAction,
  type BlogLanguage,
  type BlogPostStatus,
} from "@ct/contract/blog-rules";
import type { KyInstance } from "ky";
import { api } from "./client";
import { CLIENT_KEY_HEADER } from "./positions";

/**
 * Client of /api/blog (spec section 7). Public reads need no credentials (the server lists published posts only);
 * admin calls send the client key and the admin's bearer token, so drafts are listed too and deletes are allowed.
 * The server validates its answers against the contract's schemas; the site trusts those types and ships no zod.
 */

/** Why a blog call failed, as the screens tell it apart. */
export type BlogErrorKind = "not-found" | "unauthorized" | "failed";

export class BlogApiError extends Error {
  constructor(
    readonly kind: BlogErrorKind,
    readonly status: number | null,
    cause?: unknown,
  ) {
    super(kind === "not-found" ? "Not found" : kind === "unauthorized" ? "Unauthorized" : "Request failed", {
      cause,
    });
    this.name = "BlogApiError";
  }
}

/** A 401 on an admin call: the token expired or was revoked on the server; the session must end. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof BlogApiError && error.kind === "unauthorized";
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = (error as { response?: Response }).response?.status ?? null;
    // A malformed slug is refused with 400 before the lookup: for a reader it is the same missing post.
    const kind: BlogErrorKind =
      status === 404 || status === 400 ? "not-found" : status === 401 ? "unauthorized" : "failed";
    throw new BlogApiError(kind, status, error);
  }
}

export interface BlogListParams {
  page?: number;
  search?: string | undefined;
  tag?: string | undefined;
  perPage?: number;
  /** The reader's language: its posts come first (`language_first`). */
  languageFirst?: BlogLanguage | undefined;
  /** The admin's status filter; left out, every status. */
  status?: BlogPostStatus | null | undefined;
}

function listQuery({
  page = 1,
  search,
  tag,
  perPage = BLOG_PAGE_SIZE,
  languageFirst,
  status,
}: BlogListParams) {
  const query: Record<string, string | number> = { page, per_page: perPage };
  if (search?.trim()) query.search = search.trim();
  if (tag?.trim()) query.tag = tag.trim();
  if (languageFirst) query.language_first = languageFirst;
  if (status) query.status = status;
  return query;
}

function adminHeaders(token: string): Record<string, string> {
  return { ...CLIENT_KEY_HEADER, Authorization: `Bearer ${token}` };
}

/** The public reads through a client: the site's own, or the server's while it renders a page (entry-server.tsx). */
export function publicBlogApi(client: KyInstance) {
  return {
    /** Published posts, newest first: GET /blog/posts. */
    list: (params: BlogListParams = {}, signal?: AbortSignal) =>
      call(() =>
        client
          .get("blog/posts", { searchParams: listQuery(params), ...(signal ? { signal } : {}) })
          .json<BlogList>(),
      ),
    /** One published post: GET /blog/posts/{slug}; a missing one is a "not-found" BlogApiError. */
    get: (slug: string, signal?: AbortSignal) =>
      call(() =>
        client.get(`blog/posts/${encodeURIComponent(slug)}`, signal ? { signal } : {}).json<BlogPost>(),
      ),
    /** Tags of published posts with their counts, most used first: GET /blog/tags. */
    tags: (signal?: AbortSignal) =>
      call(() => client.get("blog/tags", signal ? { signal } : {}).json<BlogTags>()),
  };
}

export const blogApi = publicBlogApi(api);

export const adminBlogApi = {
  /** Every post, drafts included, newest first. */
  list: (token: string, params: BlogListParams = {}, signal?: AbortSignal) =>
    call(() =>
      api
        .get("blog/posts", {
          headers: adminHeaders(token),
          searchParams: listQuery(params),
          retry: 0,
          ...(signal ? { signal } : {}),
        })
        .json<BlogList>(),
    ),
  /** One post, a draft too. */
  get: (token: string, slug: string, signal?: AbortSignal) =>
    call(() =>
      api
        .get(`blog/posts/${encodeURIComponent(slug)}`, {
          headers: adminHeaders(token),
          retry: 0,
          ...(signal ? { signal } : {}),
        })
        .json<BlogPost>(),
    ),
  /** Tags of every post, drafts too, with their counts: GET /blog/tags?include_drafts=true. */
  tags: (token: string, signal?: AbortSignal) =>
    call(() =>
      api
        .get("blog/tags", {
          headers: adminHeaders(token),
          searchParams: { include_drafts: "true" },
          retry: 0,
          ...(signal ? { signal } : {}),
        })
        .json<BlogTags>(),
    ),
  /**
   * POST /blog/posts/bulk: publish, unpublish or delete several posts, all or nothing. A slug no post has any more
   * is a "not-found" BlogApiError (and nothing changed).
   */
  bulk: (token: string, action: BlogBulkAction, slugs: readonly string[]) =>
    call(() =>
      api
        .post("blog/posts/bulk", { headers: adminHeaders(token), json: { action, slugs }, retry: 0 })
        .json<BlogBulkResult>(),
    ),
  /** DELETE /blog/posts/{slug}. */
  remove: (token: string, slug: string) =>
    call(async () => {
      await api.delete(`blog/posts/${encodeURIComponent(slug)}`, { headers: adminHeaders(token), retry: 0 });
    }),
};
