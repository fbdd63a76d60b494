import type { BlogBulkResult, BlogList, BlogTags } from "@ct/contract";
import { BLOG_POST_STATUSES, type BlogBulkAction, type BlogPostStatus } from "@ct/contract/blog-rules";
import {
  Alert,
  Button,
  buttonVariants,
  ConfirmDialog,
  inputClassName,
  Pagination,
  PostsTable,
  type PostsTableLabels,
  type PostsTableRow,
  SelectField,
  Spinner,
} from "@ct/ui";
import { Plus, Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminBlogApi, BlogApiError, isUnauthorized } from "../../api/blog";
import { Link, useSearchParams } from "../../app/routing";
import { useQuery } from "../../lib/use-query";
import { Page } from "../../pages/page";
import { renderRouterLink } from "../../training/site-link";
import { type AdminListQuery, adminListParams, adminListQueryOf, isFiltered } from "../list-query";
import { useAdminSessionEvents, useAdminToken } from "../session";

/** The list follows the search box after this pause. */
const SEARCH_DEBOUNCE_MS = 350;

type Notice = { kind: "success" | "error"; text: string } | null;

/** The status filter's choices: every status, then each one the contract knows (a new one shows up here). */
type StatusChoice = "all" | BlogPostStatus;
const STATUS_CHOICES: readonly StatusChoice[] = ["all", ...BLOG_POST_STATUSES];

/**
 * /admin/blog (spec section 2, Admin blog list): every post, drafts included, with search, a status filter (All,
 * Drafts, Published) and a tag filter, which go back to page 1; pages; Edit and Delete (after a confirmation; the
 * list is reloaded afterwards). The page, the search, the status and the tag live in the address, so a reload, Back
 * and a copied link give the same list. Posts can be selected (one by one, or all on the page) and published,
 * unpublished or deleted together; a status message then says what happened. On a phone the list is cards.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const token = useAdminToken() ?? "";
  const session = useAdminSessionEvents();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const query = adminListQueryOf(params);
  const { page, search, status, tag } = query;
  const [text, setText] = useState(search);
  // Whether the box holds typing not yet searched for: only typing starts a search, never the address changing.
  const typed = useRef(false);
  const [confirming, setConfirming] = useState<PostsTableRow | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  /** How many posts the open bulk-delete confirmation is about; null while it is closed. */
  const [confirmingBulk, setConfirmingBulk] = useState<number | null>(null);

  /** Shows another list: a new entry in the history (Back returns to this one), unless `replace`. */
  const show = (next: Partial<AdminListQuery>, replace = false) =>
    setParams(adminListParams({ ...query, ...next }), { replace, preventScrollReset: true });

  // The address changed from outside (Back, a link): the box shows its search (a trailing space being typed stays).
  useEffect(() => {
    typed.current = false;
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);

  // Spec section 4: changing the search text resets the page to 1. Refining a search replaces its history entry.
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (!typed.current || text.trim() === search) return;
    const timer = setTimeout(
      () => showRef.current({ search: text.trim(), page: 1 }, search !== "" && text.trim() !== ""),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, search]);

  const list = useQuery<BlogList>(JSON.stringify([token, page, search, status, tag]), async (signal) => {
    try {
      return await adminBlogApi.list(token, { page, search, status, tag }, signal);
    } catch (error) {
      if (isUnauthorized(error)) session.expire();
      throw error;
    }
  });
  // Every post's tags, drafts' too, for the tag filter; a failure only leaves the filter out.
  const tags = useQuery<BlogTags>(JSON.stringify(["tags", token]), (signal) =>
    adminBlogApi.tags(token, signal),
  );

  // A page that no longer exists (its last post was deleted): show the last one there is.
  const totalPages = list.data?.total_pages ?? 0;
  useEffect(() => {
    if (list.status === "ready" && totalPages > 0 && page > totalPages)
      showRef.current({ page: totalPages }, true);
  }, [list.status, totalPages, page]);

  // The selection holds posts of the page shown: those that left it (another page, a filter, deleted) drop out.
  const shown = list.data?.posts;
  useEffect(() => {
    const here = new Set((shown ?? []).map((post) => post.slug));
    setSelected((current) =>
      [...current].every((slug) => here.has(slug))
        ? current
        : new Set([...current].filter((slug) => here.has(slug))),
    );
  }, [shown]);

  const remove = async (post: PostsTableRow) => {
    setDeleting(post.slug);
    setNotice(null);
    try {
      await adminBlogApi.remove(token, post.slug);
      setNotice({ kind: "success", text: t("admin.posts.deleted", { title: post.title }) });
    } catch (error) {
      if (isUnauthorized(error)) {
        session.expire();
        return;
      }
      setNotice({ kind: "error", text: t("admin.posts.deleteFailed") });
    } finally {
      setDeleting(null);
    }
    list.reload();
    tags.reload();
  };

  const outcome = (result: BlogBulkResult) => {
    const done = t(`admin.postList.bulk.done.${result.action}`, { count: result.changed.length });
    if (result.action === "delete" || result.unchanged.length === 0) return done;
    return `${done} ${t(`admin.postList.bulk.unchanged.${result.action}`, { count: result.unchanged.length })}`;
  };

  const runBulk = async (action: BlogBulkAction) => {
    const slugs = [...selected];
    if (slugs.length === 0) return;
    setBulkBusy(true);
    setNotice(null);
    try {
      const result = await adminBlogApi.bulk(token, action, slugs);
      setSelected(new Set());
      setNotice({ kind: "success", text: outcome(result) });
    } catch (error) {
      if (isUnauthorized(error)) {
        session.expire();
        return;
      }
      const missing = error instanceof BlogApiError && error.kind === "not-found";
      setNotice({
        kind: "error",
        text: t(missing ? "admin.postList.bulk.missing" : "admin.postList.bulk.failed"),
      });
    } finally {
      setBulkBusy(false);
    }
    list.reload();
    tags.reload();
  };

  const formatNumber = (n: number) => n.toLocaleString(i18n.language);
  const posts = list.data?.posts ?? [];
  const filtered = isFiltered(query);
  const tagNames = (tags.data?.tags ?? []).map((entry) => entry.name);
  // A tag from the address that no post has (any more) stays choosable, so the filter shows what is applied.
  const tagOptions = tag && !tagNames.includes(tag) ? [tag, ...tagNames] : tagNames;
  const labels = {
    ...(t("admin.posts.table", { returnObjects: true }) as object),
    ...(t("admin.postList.table", { returnObjects: true }) as object),
  } as PostsTableLabels;
  const count = selected.size;

  return (
    <Page title={t("admin.blogTitle")}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <search
            aria-label={t("admin.postList.filters.label")}
            className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end"
          >
            <div className="flex flex-col gap-1 md:w-80">
              <label htmlFor={searchId} className="text-sm font-semibold text-fg-soft">
                {t("admin.posts.searchLabel")}
              </label>
              <div className="relative">
                <Search
                  aria-hidden
                  className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-fg-faint"
                />
                <input
                  id={searchId}
                  type="search"
                  value={text}
                  onChange={(event) => {
                    typed.current = true;
                    setText(event.target.value);
                  }}
                  placeholder={t("admin.posts.searchPlaceholder")}
                  className={`${inputClassName} ps-9`}
                  autoComplete="off"
                />
              </div>
            </div>
            <SelectField<StatusChoice>
              label={t("admin.postList.filters.status")}
              value={status ?? "all"}
              options={STATUS_CHOICES.map((value) => ({
                value,
                label: t(`admin.postList.filters.statuses.${value}`),
              }))}
              onValueChange={(value) => show({ status: value === "all" ? null : value, page: 1 })}
            />
            {tagOptions.length > 0 ? (
              <SelectField<string>
                label={t("admin.postList.filters.tag")}
                value={tag}
                options={[
                  { value: "", label: t("admin.postList.filters.allTags") },
                  ...tagOptions.map((name) => ({ value: name, label: name })),
                ]}
                onValueChange={(value) => show({ tag: value, page: 1 })}
              />
            ) : null}
            {filtered ? (
              <Link to="/admin/blog" className={`${buttonVariants({ variant: "ghost" })} no-underline`}>
                {t("admin.postList.filters.clear")}
              </Link>
            ) : null}
          </search>
          <Link
            to="/admin/blog/new"
            className={`${buttonVariants({ variant: "primary" })} shrink-0 self-start no-underline lg:self-auto`}
          >
            <Plus aria-hidden />
            {t("admin.posts.create")}
          </Link>
        </div>

        {notice ? <Alert variant={notice.kind}>{notice.text}</Alert> : null}

        {list.status === "error" ? (
          <Alert variant="error" className="flex flex-wrap items-center justify-between gap-3">
            <span className="font-semibold">{t("admin.posts.fetchFailed")}</span>
            <Button variant="secondary" size="sm" onClick={list.reload}>
              {t("admin.posts.retry")}
            </Button>
          </Alert>
        ) : list.data === null ? (
          <Spinner label={t("admin.posts.loading")} layout="inline" className="w-full py-12" />
        ) : posts.length === 0 ? (
          <p role="status" className="m-0 rounded-lg border border-line bg-surface p-6 text-fg-muted">
            {status || tag
              ? t("admin.postList.filters.noMatches")
              : search
                ? t("admin.posts.noMatches")
                : t("admin.posts.empty")}
          </p>
        ) : (
          <div aria-busy={list.status === "loading" || bulkBusy} className="flex flex-col gap-4">
            <PostsTable
              posts={posts}
              labels={labels}
              locale={i18n.language}
              editHref={(slug) => `/admin/blog/edit/${slug}`}
              onDelete={setConfirming}
              deletingSlug={deleting}
              renderLink={renderRouterLink}
              selected={selected}
              onSelectionChange={setSelected}
              selectionDisabled={bulkBusy}
              selectionActions={
                <fieldset className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0">
                  <legend className="sr-only">{t("admin.postList.bulk.label")}</legend>
                  <span className="text-sm text-fg-muted" aria-live="polite">
                    {count > 0 ? t("admin.postList.bulk.selected", { count }) : null}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={count === 0 || bulkBusy}
                    onClick={() => void runBulk("publish")}
                  >
                    {t("admin.postList.bulk.publish")}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={count === 0 || bulkBusy}
                    onClick={() => void runBulk("unpublish")}
                  >
                    {t("admin.postList.bulk.unpublish")}
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={count === 0 || bulkBusy}
                    onClick={() => setConfirmingBulk(count)}
                  >
                    {t("admin.postList.bulk.delete")}
                  </Button>
                </fieldset>
              }
            />
            <Pagination
              page={list.data.page}
              totalPages={list.data.total_pages}
              label={t("admin.posts.pagination.label")}
              previousLabel={t("admin.posts.pagination.previous")}
              nextLabel={t("admin.posts.pagination.next")}
              pageLabel={(n) => t("admin.posts.pagination.page", { page: formatNumber(n) })}
              formatNumber={formatNumber}
              onPageChange={(next) => show({ page: next })}
            />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t("admin.posts.confirm.message")}
        description={t("admin.posts.confirm.detail", { title: confirming?.title ?? "" })}
        cancelLabel={t("admin.posts.confirm.cancel")}
        confirmLabel={t("admin.posts.confirm.confirm")}
        onConfirm={() => {
          if (confirming) void remove(confirming);
        }}
      />
      <ConfirmDialog
        open={confirmingBulk !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingBulk(null);
        }}
        title={t("admin.postList.bulk.confirm.title", { count: confirmingBulk ?? count })}
        description={t("admin.postList.bulk.confirm.detail", { count: confirmingBulk ?? count })}
        cancelLabel={t("admin.postList.bulk.confirm.cancel")}
        confirmLabel={t("admin.postList.bulk.confirm.confirm")}
        onConfirm={() => void runBulk("delete")}
      />
    </Page>
  );
}
