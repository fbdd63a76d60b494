import type { BlogPost } from "@ct/contract";
import { blogLanguageDirection } from "@ct/contract/blog-rules";
import { Alert, Button, PostBody, Spinner, TagChips } from "@ct/ui";
import { ArrowLeft, CalendarDays, User } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BlogApiError, blogApi, publicBlogApi } from "../api/blog";
import { serverApiOf } from "../api/client";
import { useContentTitle } from "../app/document-title";
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useParams } from "../app/routing";
import { formatLongDate, usePostBodyTexts } from "../blog/texts";
import { useQuery } from "../lib/use-query";
import { renderRouterLink } from "../training/site-link";
import { Page } from "./page";

function BackToBlog() {
  const { t } = useTranslation();
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1.5 font-semibold text-brand underline-offset-2 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
      {t("post.backToBlog")}
    </Link>
  );
}

/**
 * The post, loaded by the server as it renders the page, which carries it (entry-server.tsx): the screen starts from
 * it. `found: false` when there is no such published post. In the browser there is nothing to do: the screen loads it.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const client = serverApiOf(context);
  const slug = params.slug ?? "";
  if (!client) return null;
  try {
    return { slug, found: true as const, post: await publicBlogApi(client).get(slug) };
  } catch (error) {
    if (error instanceof BlogApiError && error.kind === "not-found") return { slug, found: false as const };
    return null;
  }
}

/** /blog/{slug} (spec section 2): 'Loading post...', then the post, 'Error: ' + message, or 'Post not found'. */
export function Component() {
  const { t, i18n } = useTranslation();
  const { slug = "" } = useParams();
  const first = useLoaderData<typeof loader>();
  const post = useQuery<BlogPost>(
    slug,
    (signal) => blogApi.get(slug, signal),
    first === null
      ? null
      : first.found
        ? { key: first.slug, data: first.post }
        : { key: first.slug, error: new BlogApiError("not-found", 404) },
  );
  const texts = usePostBodyTexts();
  const navigate = useNavigate();

  // A slug the post had before it was renamed answers the post itself: the address bar then shows its current one.
  const current = post.status === "ready" && post.data ? post.data.slug : null;
  useEffect(() => {
    if (current !== null && current !== slug)
      navigate(`/blog/${encodeURIComponent(current)}`, { replace: true });
  }, [current, slug, navigate]);

  // The document's title: the post's, or 'Post not found' (see app/document-title.tsx).
  const missing =
    post.status === "error" && post.error instanceof BlogApiError && post.error.kind === "not-found";
  // The SEO title when the post has one, as the server wrote it in the first page's <title>.
  useContentTitle(
    post.status === "ready" && post.data
      ? post.data.seo_title || post.data.title
      : missing
        ? null
        : undefined,
  );

  if (post.status !== "ready" || post.data === null) {
    if (post.status === "error") {
      const error = post.error;
      if (error instanceof BlogApiError && error.kind === "not-found") {
        return (
          <Page title={t("post.notFound")} width="post">
            <p className="mt-0 mb-6 text-fg-muted">{t("post.notFoundBody")}</p>
            <BackToBlog />
          </Page>
        );
      }
      const message = error instanceof BlogApiError ? t("post.fetchFailed") : t("post.genericError");
      return (
        <main id="main" className="mx-auto flex w-full max-w-post flex-col items-start gap-4 px-4 py-8">
          <Alert variant="error" className="w-full">
            <p className="m-0 font-semibold">{t("post.error", { message })}</p>
          </Alert>
          <div className="flex flex-wrap items-center gap-4">
            <Button variant="secondary" onClick={post.reload}>
              {t("post.retry")}
            </Button>
            <BackToBlog />
          </div>
        </main>
      );
    }
    return (
      <main id="main" className="mx-auto flex w-full max-w-post flex-col items-center gap-3 px-4 py-16">
        <Spinner label={t("post.loading")} layout="inline" aria-hidden />
        <p role="status" className="m-0 text-fg-muted">
          {t("post.loading")}
        </p>
      </main>
    );
  }

  const data = post.data;
  const date = formatLongDate(data.published_date, i18n.language);
  const direction = blogLanguageDirection(data.language);
  return (
    // A post is written in one language: its title and body carry it and read in its direction (an Arabic post
    // right to left on the English site, an English one left to right on the Arabic site), the page around them in
    // the site's.
    <Page title={data.title} width="post" titleDirection={direction} titleLanguage={data.language}>
      <article className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <p className="m-0 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-fg-muted">
            <span className="inline-flex items-center gap-1.5">
              <User aria-hidden className="size-4 shrink-0" />
              <span className="sr-only">{t("post.author")}: </span>
              <span>{data.author}</span>
            </span>
            {date ? (
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden className="size-4 shrink-0" />
                <span className="sr-only">{t("post.published")}: </span>
                <time dateTime={data.published_date ?? undefined}>{date}</time>
              </span>
            ) : null}
          </p>
          <TagChips
            tags={data.tags}
            label={t("post.tagsLabel")}
            hrefFor={(tag) => `/blog?tag=${encodeURIComponent(tag)}`}
            renderLink={renderRouterLink}
          />
        </div>
        {data.featured_image ? (
          <img
            src={data.featured_image}
            alt={data.title}
            className="max-h-[400px] w-full rounded-lg object-cover"
          />
        ) : null}
        <PostBody
          dir={direction}
          lang={data.language}
          html={data.content}
          diagram={texts.diagram}
          video={texts.video}
          table={texts.table}
          renderLink={renderRouterLink}
        />
        <footer className="border-t border-line pt-6">
          <BackToBlog />
        </footer>
      </article>
    </Page>
  );
}
