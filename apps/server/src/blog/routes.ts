import {
  blogBulkInputSchema,
  blogBulkResultSchema,
  blogListQuerySchema,
  blogListSchema,
  blogPostInputSchema,
  blogPostSchema,
  blogSlugParamsSchema,
  blogTagsQuerySchema,
  blogTagsSchema,
} from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { adminReads, requireWriter } from "../auth/writer";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { routesOn } from "../http/route";
import { BlogRepository } from "./repository";

const postNotFound = () => notFound("Post not found");

/**
 * /api/blog (spec section 7, Blog). Reads are public but show drafts only to an admin (a valid bearer token or the
 * server's API key); writes need one of those. Answers are never cached: an admin's list differs from a visitor's,
 * and a visitor must see a post as soon as it is published.
 */
export async function blogRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const posts = new BlogRepository(context.db);
  const guard = requireWriter(context.writer);
  /** True for an admin caller, false for a visitor (no credentials); a stale token or wrong key is a 401. */
  const isAdmin = adminReads(app, context.writer);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Blog";

  route({
    method: "GET",
    url: "/blog/posts",
    tag,
    summary:
      "Posts, newest first, a page at a time; search (title and text, any case, Arabic too) and tag filters; " +
      "language_first=ar (or en) lists the posts in that language first, then the others. " +
      "Visitors get published posts only; an admin gets drafts too unless published_only=true, and may filter by " +
      "status (draft, scheduled or published; ignored for visitors, an unknown one is a 400). A scheduled post " +
      "is not public until the server publishes it at its publish_at",
    query: blogListQuerySchema,
    response: blogListSchema,
    handler: async ({ query, request }) => {
      const admin = await isAdmin(request);
      return posts.list({
        page: query.page,
        perPage: query.per_page,
        search: query.search,
        tag: query.tag,
        includeDrafts: query.published_only !== true && admin,
        languageFirst: query.language_first,
        status: admin ? query.status : undefined,
      });
    },
  });

  route({
    method: "POST",
    url: "/blog/posts/bulk",
    tag,
    summary:
      "Publish, unpublish or delete up to 100 posts by slug (admin token or API key), all or nothing: answers the " +
      "posts changed and those already as asked; a slug no post has is a 404 naming it, and nothing changes",
    guard,
    body: blogBulkInputSchema,
    response: blogBulkResultSchema,
    handler: ({ body }) => posts.bulk(body.action, body.slugs),
  });

  route({
    method: "GET",
    url: "/blog/posts/:slug",
    tag,
    summary:
      "One post with its sanitised HTML; a draft is found only by an admin. A slug the post had before it was " +
      "renamed answers the post too (its `slug` is the current one, which the site then shows)",
    params: blogSlugParamsSchema,
    response: blogPostSchema,
    handler: async ({ params, request }) => {
      const post = await posts.getOrRenamed(params.slug);
      if (!post || (!post.published && !(await isAdmin(request)))) throw postNotFound();
      return post;
    },
  });

  route({
    method: "POST",
    url: "/blog/posts",
    tag,
    summary:
      "Create a post (admin token or API key). Its slug comes from `slug` or the title; a taken slug gets -2, -3, " +
      "... A refused post is a 400 whose message joins the validator's messages with ', '. With published false " +
      "and a publish_at (later than now), the post is scheduled: the server publishes it at that time",
    guard,
    body: blogPostInputSchema,
    response: blogPostSchema,
    status: 201,
    handler: ({ body }) => posts.create(body),
  });

  route({
    method: "PUT",
    url: "/blog/posts/:slug",
    tag,
    summary:
      "Replace a post (admin token or API key). A `slug` other than its own renames it (a slug another post has " +
      "is a 409; the old slug keeps leading to the post). With `updated_at` (the version loaded), a post " +
      "changed since answers 409 and nothing is written",
    guard,
    params: blogSlugParamsSchema,
    body: blogPostInputSchema,
    response: blogPostSchema,
    handler: async ({ params, body }) =>
      (await posts.update(params.slug, body, body.updated_at)) ?? Promise.reject(postNotFound()),
  });

  route({
    method: "DELETE",
    url: "/blog/posts/:slug",
    tag,
    summary: "Delete a post (admin token or API key): 204",
    guard,
    params: blogSlugParamsSchema,
    response: z.undefined(),
    status: 204,
    handler: async ({ params }) => {
      if (!(await posts.remove(params.slug))) throw postNotFound();
      return undefined;
    },
  });

  route({
    method: "GET",
    url: "/blog/tags",
    tag,
    summary:
      "Tags of published posts with how many posts carry each, most used first; include_drafts=true counts the " +
      "drafts' tags too, for an admin only",
    query: blogTagsQuerySchema,
    response: blogTagsSchema,
    handler: async ({ query, request }) =>
      posts.tags(200, { includeDrafts: query.include_drafts === true && (await isAdmin(request)) }),
  });
}
