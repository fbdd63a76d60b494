import type { BlogLanguage, BlogList, BlogTags } from "@ct/contract";
import { Alert, Button, inputClassName, Pagination, PostCard, Spinner } from "@ct/ui";
import { Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { blogApi, publicBlogApi } from "../api/blog";
import { serverApiOf } from "../api/client";
import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from "../app/routing";
import { useQuery } from "../lib/use-query";
import { renderRouterLink } from "../training/site-link";
import { Page } from "./page";

/** Typing in the search box updates the list after this pause. */
const SEARCH_DEBOUNCE_MS = 350;

/** Page, search and tag as the address gives them. */
function queryOf(params: URLSearchParams) {
  return {
    page: Math.max(1, Math.floor(Number(params.get("page")) || 1)),
    search: params.get("search") ?? "",
    tag: params.get("tag") ?? "",
  };
}

type ListQuery = ReturnType<typeof queryOf> & { languageFirst: BlogLanguage };
const listKey = ({ page, search, tag, languageFirst }: ListQuery) =>
  JSON.stringify([page, search, tag, languageFirst]);

/** The page's language as a post language: its posts are listed first. */
const languageOf = (language: unknown): BlogLanguage => (language === "ar" ? "ar" : "en");
const TAGS_KEY = "tags";

/**
 * The page's first reads (its list and the tags), loaded by the server as it renders the page, which carries them
 * (entry-server.tsx); the screen starts from them instead of asking again. In the browser there is nothing to do:
 * the screen loads what it shows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const client = serverApiOf(context);
  if (!client) return null;
  const read = publicBlogApi(client);
  const query = {
    ...queryOf(new URL(request.url).searchParams),
    languageFirst: languageOf((context as { language?: unknown } | null)?.language),
  };
  const [list, tags] = await Promise.all([read.list(query).catch(() => null), read.tags().catch(() => null)]);
  return { key: listKey(query), list, tags };
}

/** Reads page, search and tag from the address, so links, reloads and the back button keep them. */
function useBlogQuery() {
  const [params, setParams] = useSearchParams();
  const { page, search, tag } = queryOf(params);

  /** The address for a query; empty values and page 1 are left out. */
  const hrefFor = (next: { page?: number; search?: string; tag?: string }) => {
    const query = new URLSearchParams();
    const nextSearch = (next.search ?? search).trim();
    const nextTag = next.tag ?? tag;
    const nextPage = next.page ?? page;
    if (nextSearch) query.set("search", nextSearch);
    if (nextTag) query.set("tag", nextTag);
    if (nextPage > 1) query.set("page", String(nextPage));
    const text = query.toString();
    return text ? `/blog?${text}` : "/blog";
  };

  /** A new search or tag starts again at page 1 (and keeps the scroll position). */
  const setFilters = (next: { search?: string; tag?: string }, replace: boolean) => {
    const href = hrefFor({ ...next, page: 1 });
    setParams(new URLSearchParams(href.split("?")[1] ?? ""), { replace, preventScrollReset: true });
  };

  return { page, search, tag, hrefFor, setFilters };
}

/** /blog (spec section 2): heading, intro, search and tag filter, the post cards and the pages. */
export function Component() {
  const { t, i18n } = useTranslation();
  const query = useBlogQuery();
  const { page, search, tag } = query;
  const languageFirst = languageOf(i18n.language);
  const first = useLoaderData<typeof loader>();
  const posts = useQuery<BlogList>(
    listKey({ page, search, tag, languageFirst }),
    (signal) => blogApi.list({ page, search, tag, languageFirst }, signal),
    first?.list ? { key: first.key, data: first.list } : null,
  );
  const tags = useQuery<BlogTags>(
    TAGS_KEY,
    (signal) => blogApi.tags(signal),
    first?.tags ? { key: TAGS_KEY, data: first.tags } : null,
  );
  const filtered = search !== "" || tag !== "";
  const formatNumber = (n: number) => n.toLocaleString(i18n.language);

  return (
    <Page title={t("blog.title")}>
      <p className="mt-0 mb-6 max-w-3xl text-lg text-fg-muted">{t("blog.intro")}</p>
      <BlogFilters
        search={search}
        tag={tag}
        tags={tags.data?.tags ?? []}
        onSearch={(value, replace) => query.setFilters({ search: value }, replace)}
        onTag={(value) => query.setFilters({ tag: value }, false)}
        clearHref={filtered ? "/blog" : null}
      />
      <section aria-label={t("blog.postsLabel")} aria-busy={posts.status === "loading"} className="mt-6">
        {posts.status === "error" ? (
          <Alert variant="error" title={t("blog.error")} className="flex flex-col items-start gap-3">
            <p className="m-0">{t("blog.errorBody")}</p>
            <Button variant="secondary" size="sm" onClick={posts.reload}>
              {t("blog.retry")}
            </Button>
          </Alert>
        ) : posts.data === null ? (
          <Spinner label={t("blog.loading")} layout="inline" className="w-full py-16" />
        ) : posts.data.posts.length === 0 ? (
          filtered ? (
            <div role="status" className="py-12 text-center">
              <p className="m-0 text-lg text-fg-muted">{t("blog.noMatches")}</p>
              <Link to="/blog" className="mt-2 inline-block font-semibold text-brand underline">
                {t("blog.clearFilters")}
              </Link>
            </div>
          ) : (
            <div role="status" className="py-12 text-center">
              <h2 className="m-0 text-2xl font-bold text-fg">{t("blog.empty")}</h2>
              <p className="mt-2 mb-0 text-fg-muted">{t("blog.emptyBody")}</p>
            </div>
          )
        ) : (
          <>
            <ul className="m-0 grid list-none gap-6 p-0 md:grid-cols-2 xl:grid-cols-3">
              {posts.data.posts.map((post) => (
                <li key={post.slug}>
                  <PostCard
                    title={post.title}
                    href={`/blog/${post.slug}`}
                    excerpt={post.excerpt}
                    tags={post.tags}
                    fallbackTag={t("blog.fallbackTag")}
                    tagsLabel={t("blog.tagsLabel")}
                    publishedDate={post.published_date}
                    locale={i18n.language}
                    image={post.featured_image}
                    contentLanguage={post.language}
                    languageBadge={
                      post.language === languageFirst ? null : t(`blog.language.${post.language}`)
                    }
                    renderLink={renderRouterLink}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              className="mt-8"
              page={posts.data.page}
              totalPages={posts.data.total_pages}
              label={t("blog.pagination.label")}
              previousLabel={t("blog.pagination.previous")}
              nextLabel={t("blog.pagination.next")}
              pageLabel={(n) => t("blog.pagination.page", { page: formatNumber(n) })}
              formatNumber={formatNumber}
              hrefFor={(n) => query.hrefFor({ page: n })}
              renderLink={renderRouterLink}
            />
          </>
        )}
      </section>
    </Page>
  );
}

interface BlogFiltersProps {
  search: string;
  tag: string;
  tags: readonly { name: string; count: number }[];
  /** `replace`: a refinement of a search already in the address replaces its history entry. */
  onSearch: (value: string, replace: boolean) => void;
  onTag: (value: string) => void;
  clearHref: string | null;
}

/** The search box (applied as the reader types, after a pause, or on Enter) and the tag filter. */
function BlogFilters({ search, tag, tags, onSearch, onTag, clearHref }: BlogFiltersProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const tagId = useId();
  const headingId = useId();
  const [text, setText] = useState(search);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  // Whether the box holds typing not yet searched for: only typing starts a search, never the address changing.
  const typed = useRef(false);

  // The address changed from outside (back button, a link): show its search (a trailing space being typed stays).
  useEffect(() => {
    typed.current = false;
    setText((current) => (current.trim() === search.trim() ? current : search));
  }, [search]);

  useEffect(() => {
    if (!typed.current || text.trim() === search.trim()) return;
    const timer = setTimeout(() => onSearchRef.current(text, search !== ""), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() !== search.trim()) onSearch(text, search !== "");
  };

  const options =
    tag && !tags.some((entry) => entry.name === tag) ? [{ name: tag, count: 0 }, ...tags] : tags;

  return (
    <search aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t("blog.filters")}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-semibold text-fg-soft">
            {t("blog.searchLabel")}
          </label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-fg-faint"
            />
            <input
              id={searchId}
              type="search"
              name="search"
              value={text}
              onChange={(event) => {
                typed.current = true;
                setText(event.target.value);
              }}
              placeholder={t("blog.searchPlaceholder")}
              className={`${inputClassName} ps-9`}
              autoComplete="off"
            />
          </div>
        </div>
        {options.length > 0 ? (
          <div className="flex flex-col gap-1 md:w-64">
            <label htmlFor={tagId} className="text-sm font-semibold text-fg-soft">
              {t("blog.tagLabel")}
            </label>
            <select
              id={tagId}
              name="tag"
              value={tag}
              onChange={(event) => onTag(event.target.value)}
              className={inputClassName}
            >
              <option value="">{t("blog.allTags")}</option>
              {options.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {t("blog.tagOption", { tag: entry.name, count: entry.count })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {clearHref ? (
          <Link
            to={clearHref}
            className="inline-flex h-10 items-center font-semibold text-brand underline underline-offset-2"
          >
            {t("blog.clearFilters")}
          </Link>
        ) : null}
      </form>
    </search>
  );
}
