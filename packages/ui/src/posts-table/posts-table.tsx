import { Pencil, Trash2 } from "lucide-react";
import type * as React from "react";
import { Button, buttonVariants } from "../button";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";

/** One post as the admin list shows it (spec section 3, admin list item). */
export interface PostsTableRow {
  slug: string;
  title: string;
  author: string;
  published: boolean;
  /** ISO date; null or empty for a post never published (shown as '-'). */
  published_date: string | null;
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
  /** Shown for a post without a published date: '-'. */
  noDate: string;
  edit: string;
  delete: string;
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
};

/** An Edit link: named after its post ("Edit: Title") so the links of different rows are told apart. */
export type EditLinkProps = RenderLinkProps & { "aria-label": string };

const defaultRenderLink = ({ children, ...props }: EditLinkProps) => <a {...props}>{children}</a>;

const headingClass = "px-3 py-2 text-start font-semibold text-fg-muted";

/**
 * The admin list of posts (spec section 2): Title, Author, Status (Published green, Draft yellow), Published Date
 * ('-' when empty) and Actions (Edit, Delete).
 */
export function PostsTable({
  posts,
  labels,
  locale,
  editHref,
  onDelete,
  deletingSlug,
  renderLink = defaultRenderLink,
  className,
  ...props
}: PostsTableProps) {
  const dateFormat = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric" });
  const formatDate = (value: string | null) => {
    const date = value ? new Date(value) : null;
    return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : null;
  };
  return (
    <div
      data-slot="posts-table"
      className={cn("overflow-x-auto rounded-lg border border-line bg-surface", className)}
      {...props}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="bg-surface-muted">
          <tr className="border-b border-line">
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
              {labels.publishedDate}
            </th>
            <th scope="col" className={headingClass}>
              {labels.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => {
            const date = formatDate(post.published_date);
            return (
              <tr key={post.slug} data-slug={post.slug} className="border-b border-line last:border-b-0">
                <th scope="row" className="px-3 py-2 text-start font-semibold text-fg">
                  {post.title}
                </th>
                <td className="px-3 py-2 text-fg-soft">{post.author}</td>
                <td className="px-3 py-2">
                  <span
                    data-status={post.published ? "published" : "draft"}
                    className={cn(
                      "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
                      post.published
                        ? "bg-success-muted text-success-strong"
                        : "bg-warning-muted text-warning-strong",
                    )}
                  >
                    {post.published ? labels.published : labels.draft}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-fg-soft">
                  {date ? <time dateTime={post.published_date ?? undefined}>{date}</time> : labels.noDate}
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
