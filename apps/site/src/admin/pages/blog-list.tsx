import type { BlogList } from "@ct/contract";
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
  Spinner,
} from "@ct/ui";
import { Plus, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminBlogApi, isUnauthorized } from "../../api/blog";
import { Link } from "../../app/routing";
import { useQuery } from "../../lib/use-query";
import { Page } from "../../pages/page";
import { renderRouterLink } from "../../training/site-link";
import { useAdminSessionEvents, useAdminToken } from "../session";

/** The list follows the search box after this pause. */
const SEARCH_DEBOUNCE_MS = 350;

type Notice = { kind: "success" | "error"; text: string } | null;

/**
 * /admin/blog (spec section 2, Admin blog list): every post, drafts included, with search (which goes back to page
 * 1), pages, Edit and Delete (after a confirmation; the list is reloaded afterwards).
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const token = useAdminToken() ?? "";
  const session = useAdminSessionEvents();
  const searchId = useId();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<PostsTableRow | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // Spec section 4: changing the search text resets the page to 1.
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const list = useQuery<BlogList>(JSON.stringify([token, page, search]), async (signal) => {
    try {
      return await adminBlogApi.list(token, { page, search }, signal);
    } catch (error) {
      if (isUnauthorized(error)) session.expire();
      throw error;
    }
  });

  // A page that no longer exists (its last post was deleted): show the last one there is.
  const totalPages = list.data?.total_pages ?? 0;
  useEffect(() => {
    if (list.status === "ready" && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [list.status, totalPages, page]);

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
  };

  const formatNumber = (n: number) => n.toLocaleString(i18n.language);
  const posts = list.data?.posts ?? [];

  return (
    <Page title={t("admin.blogTitle")}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <search className="flex flex-col gap-1 md:w-96">
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
                onChange={(event) => setText(event.target.value)}
                placeholder={t("admin.posts.searchPlaceholder")}
                className={`${inputClassName} ps-9`}
                autoComplete="off"
              />
            </div>
          </search>
          <Link to="/admin/blog/new" className={`${buttonVariants({ variant: "primary" })} no-underline`}>
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
            {search ? t("admin.posts.noMatches") : t("admin.posts.empty")}
          </p>
        ) : (
          <div aria-busy={list.status === "loading"} className="flex flex-col gap-4">
            <PostsTable
              posts={posts}
              labels={
                {
                  ...(t("admin.posts.table", { returnObjects: true }) as object),
                  ...(t("admin.postList.table", { returnObjects: true }) as object),
                } as PostsTableLabels
              }
              locale={i18n.language}
              editHref={(slug) => `/admin/blog/edit/${slug}`}
              onDelete={setConfirming}
              deletingSlug={deleting}
              renderLink={renderRouterLink}
            />
            <Pagination
              page={list.data.page}
              totalPages={list.data.total_pages}
              label={t("admin.posts.pagination.label")}
              previousLabel={t("admin.posts.pagination.previous")}
              nextLabel={t("admin.posts.pagination.next")}
              pageLabel={(n) => t("admin.posts.pagination.page", { page: formatNumber(n) })}
              formatNumber={formatNumber}
              onPageChange={setPage}
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
    </Page>
  );
}
