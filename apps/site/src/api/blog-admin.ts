import type { BlogPost, BlogRevision, BlogRevisionList } from "@ct/contract";
import type { LoadResult, SaveRequest, SaveResult, UploadResult } from "@ct/machines";
import { validateToken } from "./admin";
import { api } from "./client";
import { CLIENT_KEY_HEADER } from "./positions";

/**
 * The editor's calls to /api/blog (spec section 7): create, update by the route slug, read a post for editing (with
 * the admin token, so drafts load) and upload an image. Each sends the client key plus the admin's bearer token
 * (spec section 6) and answers in the shapes the post-editor machine expects: a 401 becomes "unauthorized" (the
 * session ends), 400 and 409 become their own results, anything else rejects.
 */

function adminHeaders(token: string): Record<string, string> {
  return { ...CLIENT_KEY_HEADER, Authorization: `Bearer ${token}` };
}

function statusOf(error: unknown): number | null {
  return (error as { response?: Response }).response?.status ?? null;
}

/** The validator messages of a 400 answer: one per detail, else the message itself. */
async function validationMessages(error: unknown): Promise<string[]> {
  const response = (error as { response?: Response }).response;
  if (!response) return [];
  try {
    const body = (await response.clone().json()) as { message?: unknown; details?: unknown };
    if (Array.isArray(body.details)) {
      const messages = body.details
        .map((detail) => (detail as { message?: unknown }).message)
        .filter((message): message is string => typeof message === "string" && message !== "");
      if (messages.length > 0) return [...new Set(messages)];
    }
    return typeof body.message === "string" && body.message ? [body.message] : [];
  } catch {
    return [];
  }
}

/** GET /blog/posts/{slug} as the admin. A draft is a 404 to anyone else: a 404 with a refused token is a 401. */
export async function loadPostForEdit(token: string, slug: string): Promise<LoadResult> {
  try {
    const post = await api
      .get(`blog/posts/${encodeURIComponent(slug)}`, { headers: adminHeaders(token), retry: 0 })
      .json<BlogPost>();
    return {
      ok: true,
      post: {
        title: post.title,
        tags: post.tags ?? [],
        content: post.content,
        language: post.language,
        published: post.published,
        version: post.updated_at,
        created_at: post.created_at,
        settings: {
          excerpt: post.custom_excerpt ?? "",
          featuredImage: post.featured_image ?? "",
          seoTitle: post.seo_title ?? "",
          seoDescription: post.seo_description ?? "",
          socialImage: post.social_image ?? "",
        },
        publishAt: post.status === "scheduled" ? post.publish_at : null,
      },
    };
  } catch (error) {
    const status = statusOf(error);
    if (status === 401 || (status === 404 && !(await validateToken(token)))) {
      return { ok: false, reason: "unauthorized" };
    }
    throw error;
  }
}

/** True for a 409 about the slug asked for (`details` names `body.slug`). */
async function slugTaken(error: unknown): Promise<boolean> {
  const response = (error as { response?: Response }).response;
  if (!response) return false;
  try {
    const body = (await response.clone().json()) as { details?: unknown };
    return (
      Array.isArray(body.details) && body.details.some((d) => (d as { path?: unknown }).path === "body.slug")
    );
  } catch {
    return false;
  }
}

/**
 * The editor's message for a slug another post has (the server's 409 names the slug in English): the settings panel
 * marks the Slug field by it, and the alert shows it in the interface language.
 */
export const SLUG_TAKEN_MESSAGE = "The slug is taken by another post";

/** POST /blog/posts for a new post, PUT /blog/posts/{route slug} for an existing one. */
export async function savePost(token: string, request: SaveRequest): Promise<SaveResult> {
  const options = { headers: adminHeaders(token), json: request.body, retry: 0 };
  try {
    const post = await (request.routeSlug === null
      ? api.post("blog/posts", options)
      : api.put(`blog/posts/${encodeURIComponent(request.routeSlug)}`, options)
    ).json<BlogPost>();
    return { ok: true, slug: post.slug, version: post.updated_at };
  } catch (error) {
    switch (statusOf(error)) {
      case 401:
        return { ok: false, reason: "unauthorized" };
      case 409:
        // A slug another post has: the server's message says so (the field's own problem, not a concurrent edit).
        if (await slugTaken(error)) return { ok: false, reason: "invalid", messages: [SLUG_TAKEN_MESSAGE] };
        return { ok: false, reason: "conflict" };
      case 400:
        return { ok: false, reason: "invalid", messages: await validationMessages(error) };
      default:
        throw error;
    }
  }
}

/**
 * POST /blog/upload-image, multipart field `image` → `{ url }`. The server answers a path on this site
 * (`/uploads/...`), which is kept relative: it works wherever the site is served from.
 */
export async function uploadImage(token: string, file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append("image", file, file.name || "image");
  try {
    const { url } = await api
      .post("blog/upload-image", { headers: adminHeaders(token), body, retry: 0, timeout: 60_000 })
      .json<{ url: string }>();
    if (typeof url !== "string" || url === "") throw new Error("The upload answer has no url");
    return { ok: true, url };
  } catch (error) {
    if (statusOf(error) === 401) return { ok: false, reason: "unauthorized" };
    throw error;
  }
}

/** Why a history call gave nothing: the session ended (a 401), or anything else. */
export type RevisionsFailure = "unauthorized" | "failed";

/** GET /blog/posts/{slug}/revisions: the post's saved versions, newest first (admin only). */
export async function loadRevisions(
  token: string,
  slug: string,
): Promise<{ ok: true; revisions: BlogRevisionList["revisions"] } | { ok: false; reason: RevisionsFailure }> {
  try {
    const list = await api
      .get(`blog/posts/${encodeURIComponent(slug)}/revisions`, { headers: adminHeaders(token), retry: 0 })
      .json<BlogRevisionList>();
    return { ok: true, revisions: list.revisions };
  } catch (error) {
    return { ok: false, reason: statusOf(error) === 401 ? "unauthorized" : "failed" };
  }
}

/** GET /blog/posts/{slug}/revisions/{id}: one saved version with its body, to restore in the editor. */
export async function loadRevision(
  token: string,
  slug: string,
  id: number,
): Promise<{ ok: true; revision: BlogRevision } | { ok: false; reason: RevisionsFailure }> {
  try {
    const revision = await api
      .get(`blog/posts/${encodeURIComponent(slug)}/revisions/${id}`, {
        headers: adminHeaders(token),
        retry: 0,
      })
      .json<BlogRevision>();
    return { ok: true, revision };
  } catch (error) {
    return { ok: false, reason: statusOf(error) === 401 ? "unauthorized" : "failed" };
  }
}
