import { Pencil, Trash2 } from "lucide-react";
import type * as React from "react";
import { Button, buttonVariants } from "../button";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";
import { TagChips } from "../tag-chips";

/** One post as the admin list shows it (spec section 3, admin list item), with its tags. */
export interface PostsTableRow {
  slug: string;
  title: string;
  author: string;
  published: boolean;
  /** ISO date; null or empty for a post never published (shown as '-'). */
  published_date: string | null;
  /** A scheduled post's publish time (ISO date): shown as Scheduled, with that date. */
  publish_at?: string | null | undefined;
  tags: readonly string[];
}

export interface PostsTableLabels {
  caption: string;
  title: string;
  author: string;
  status: string;
  publishedDate: string;
  actions: string;
  published: string;
  draft: string;
  /** A post that goes out by itself at its publish time (rows with `publish_at`). */
  scheduled?: string;
  /** Shown for a post without a published date: '-'. */
  noDate: string;
  edit: string;
  delete: string;
  tags: string;
  /** Read for a post without tags. */
  noTags: string;
  /** A post's checkbox is named "Select: Title"; the column of checkboxes is named by it too. */
  select: string;
  /** The checkbox that selects every post of the page. */
  selectAll: string;
}

export type PostsTableProps = Omit<React.ComponentProps<"div">, "children"> & {
  posts: readonly PostsTableRow[];
  labels: PostsTableLabels;
  /** Language of the dates, e.g. "en" or "ar". */
  locale: string;
  /** The editor of a post: /admin/blog/edit/{slug}. */
  editHref: (slug: string) => string;
  onDelete: (post: PostsTableRow) => void;
  /** The post being deleted: its Delete button is disabled meanwhile. */
  deletingSlug?: string | null | undefined;
  /** Renders the Edit links; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: EditLinkProps) => React.ReactNode;
  /**
   * The slugs of the selected posts. With `onSelectionChange`, every post has a checkbox and the list a "select all
   * on this page" above it, beside `selectionActions` (the bulk actions).
   */
  selected?: ReadonlySet<string> | undefined;
  onSelectionChange?: ((selected: ReadonlySet<string>) => void) | undefined;
  selectionActions?: React.ReactNode;
  /** Checkboxes cannot be changed meanwhile (a bulk action is running). */
  selectionDisabled?: boolean | undefined;
};

/** An Edit link: named after its post ("Edit: Title") so the links of different rows are told apart. */
export type EditLinkProps = RenderLinkProps & { "aria-label": string };

const defaultRenderLink = ({ children, ...props }: EditLinkProps) => <a {...props}>{children}</a>;

const headingClass = "px-3 py-2 text-start font-semibold text-fg-muted";
const checkboxClass = "size-4 shrink-0 accent-brand disabled:opacity-60";

/**
 * The admin list of posts (spec section 2): Title, Author, Status (Published green, Draft yellow), Tags, Published
 * Date ('-' when empty) and Actions (Edit, Delete). Below 768 px it is a list of cards instead (title, status, date,
 * tags, Edit and Delete), which a phone shows without scrolling sideways; from 768 px the table. With a selection,
 * each post has a checkbox and "select all on this page" sits above the list with the actions on the selection.
 */
export function PostsTable({
  posts,
  labels,
  locale,
  editHref,
  onDelete,
  deletingSlug,
  renderLink = defaultRenderLink,
  selected,
  onSelectionChange,
  selectionActions,
  selectionDisabled = false,
  className,
  ...props
}: PostsTableProps) {
  const dateFormat = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric" });
  const formatDate = (value: string | null) => {
    const date = value ? new Date(value) : null;
    return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : null;
  };
  const selectable = onSelectionChange !== undefined;
  const chosen = selected ?? new Set<string>();
  const chosenHere = posts.filter((post) => chosen.has(post.slug)).length;
  const allChosen = posts.length > 0 && chosenHere === posts.length;
  const toggle = (slug: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(slug);
    else next.delete(slug);
    onSelectionChange?.(next);
  };
  const toggleAll = (on: boolean) => {
    const next = new Set(chosen);
    for (const post of posts) {
      if (on) next.add(post.slug);
      else next.delete(post.slug);
    }
    onSelectionChange?.(next);
  };

  const checkbox = (post: PostsTableRow, className?: string) => (
    <input
      type="checkbox"
      checked={chosen.has(post.slug)}
      disabled={selectionDisabled}
      onChange={(event) => toggle(post.slug, event.currentTarget.checked)}
      aria-label={`${labels.select}: ${post.title}`}
      className={cn(checkboxClass, className)}
    />
  );
  const scheduled = (post: PostsTableRow) => !post.published && Boolean(post.publish_at);
  const status = (post: PostsTableRow) => (
    <span
      data-status={post.published ? "published" : scheduled(post) ? "scheduled" : "draft"}
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        post.published
          ? "bg-success-muted text-success-strong"
          : scheduled(post)
            ? "bg-info-muted text-info-strong"
            : "bg-warning-muted text-warning-strong",
      )}
    >
      {post.published
        ? labels.published
        : scheduled(post)
          ? (labels.scheduled ?? labels.draft)
          : labels.draft}
    </span>
  );
  /** The published date; for a scheduled post, the date it goes out. */
  const date = (post: PostsTableRow) => {
    const when = scheduled(post) ? (post.publish_at ?? null) : post.published_date;
    const shown = formatDate(when);
    return shown ? <time dateTime={when ?? undefined}>{shown}</time> : labels.noDate;
  };
  const tags = (post: PostsTableRow) =>
    post.tags.length > 0 ? (
      <TagChips tags={post.tags} label={labels.tags} />
    ) : (
      <span className="sr-only">{labels.noTags}</span>
    );
  const actions = (post: PostsTableRow, className?: string) => (
    <div className={cn("flex flex-wrap gap-2", className)}>
      {renderLink({
        href: editHref(post.slug),
        className: cn(buttonVariants({ variant: "secondary", size: "sm" }), "no-underline"),
        "aria-label": `${labels.edit}: ${post.title}`,
        children: (
          <>
            <Pencil aria-hidden />
            {labels.edit}
          </>
        ),
      })}
      <Button
        variant="danger"
        size="sm"
        disabled={deletingSlug === post.slug}
        onClick={() => onDelete(post)}
        aria-label={`${labels.delete}: ${post.title}`}
      >
        <Trash2 aria-hidden />
        {labels.delete}
      </Button>
    </div>
  );

  return (
    <div data-slot="posts-table" className={cn("flex min-w-0 flex-col gap-3", className)} {...props}>
      {selectable ? (
        <div
          data-slot="posts-selection"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line bg-surface px-3 py-2"
        >
          <label className="inline-flex items-center gap-2 text-sm font-semibold text-fg-soft">
            <input
              type="checkbox"
              checked={allChosen}
              ref={(element) => {
                if (element) element.indeterminate = chosenHere > 0 && !allChosen;
              }}
              disabled={selectionDisabled || posts.length === 0}
              onChange={(event) => toggleAll(event.currentTarget.checked)}
              className={checkboxClass}
            />
            {labels.selectAll}
          </label>
          {selectionActions}
        </div>
      ) : null}

      {/* A phone: one card a post, everything in reach without scrolling sideways. */}
      <ul
        aria-label={labels.caption}
        data-slot="posts-cards"
        className="m-0 flex list-none flex-col gap-3 p-0 md:hidden"
      >
        {posts.map((post) => (
          <li
            key={post.slug}
            data-slug={post.slug}
            className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface p-4"
          >
            <div className="flex min-w-0 items-start gap-3">
              {selectable ? checkbox(post, "mt-0.5") : null}
              <p className="m-0 min-w-0 font-semibold text-fg [overflow-wrap:anywhere]">{post.title}</p>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-soft">
              {status(post)}
              <span>
                <span className="sr-only">{labels.publishedDate}: </span>
                {date(post)}
              </span>
            </div>
            {tags(post)}
            {actions(post)}
          </li>
        ))}
      </ul>

      <div className="hidden overflow-x-auto rounded-lg border border-line bg-surface md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{labels.caption}</caption>
          <thead className="bg-surface-muted">
            <tr className="border-b border-line">
              {selectable ? (
                <th scope="col" className={cn(headingClass, "w-10")}>
                  <span className="sr-only">{labels.select}</span>
                </th>
              ) : null}
              <th scope="col" className={headingClass}>
                {labels.title}
              </th>
              <th scope="col" className={headingClass}>
                {labels.author}
              </th>
              <th scope="col" className={headingClass}>
                {labels.status}
              </th>
              <th scope="col" className={headingClass}>
                {labels.tags}
              </th>
              <th scope="col" className={headingClass}>
                {labels.publishedDate}
              </th>
              <th scope="col" className={headingClass}>
                {labels.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <tr key={post.slug} data-slug={post.slug} className="border-b border-line last:border-b-0">
                {selectable ? <td className="px-3 py-2">{checkbox(post, "align-middle")}</td> : null}
                <th scope="row" className="px-3 py-2 text-start font-semibold text-fg">
                  {post.title}
                </th>
                <td className="px-3 py-2 text-fg-soft">{post.author}</td>
                <td className="px-3 py-2">{status(post)}</td>
                <td className="px-3 py-2">{tags(post)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-fg-soft">{date(post)}</td>
                <td className="px-3 py-2">{actions(post, "lg:flex-nowrap")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
