import { CalendarDays } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/cn";
import type { RenderLinkProps } from "../nav-bar";
import { TagChips } from "../tag-chips";

export type PostCardProps = Omit<React.ComponentProps<"article">, "children"> & {
  title: string;
  /** The post page, /blog/{slug}. */
  href: string;
  excerpt: string;
  /** The post's tags; when it has none, `fallbackTag` is shown instead. */
  tags: readonly string[];
  /** 'Chess' (spec section 9). */
  fallbackTag: string;
  /** Accessible name of the tag list, e.g. "Tags". */
  tagsLabel: string;
  /** ISO date of publication; nothing is shown without one. */
  publishedDate?: string | null | undefined;
  /** Language of the date, e.g. "en" or "ar". */
  locale: string;
  /** A picture above the title (decorative: the title says what the post is). */
  image?: string | null | undefined;
  /** The language the post is written in ("en", "ar"): its title and excerpt carry it as `lang`. */
  contentLanguage?: string | undefined;
  /**
   * Says the post is in another language than the page, e.g. "English" on the Arabic index: shown as a small badge
   * beside the date. Nothing is shown without it.
   */
  languageBadge?: string | null | undefined;
  /** Heading level of the title, to fit the page's outline. Default 2. */
  headingLevel?: 2 | 3;
  /** Renders the title link; the site passes its router's Link. Defaults to a plain anchor. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
};

const defaultRenderLink = ({ children, ...props }: RenderLinkProps) => <a {...props}>{children}</a>;

/** A post in the blog index: title (the link to the post, covering the whole card), date, excerpt and tags. */
export function PostCard({
  title,
  href,
  excerpt,
  tags,
  fallbackTag,
  tagsLabel,
  publishedDate,
  locale,
  image,
  contentLanguage,
  languageBadge,
  headingLevel = 2,
  renderLink = defaultRenderLink,
  className,
  ...props
}: PostCardProps) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const date = publishedDate ? new Date(publishedDate) : null;
  const validDate = date && !Number.isNaN(date.getTime()) ? date : null;
  return (
    <article
      data-slot="post-card"
      aria-labelledby={headingId}
      className={cn(
        "relative flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand hover:shadow-md",
        className,
      )}
      {...props}
    >
      {image ? <img src={image} alt="" className="aspect-video w-full object-cover" loading="lazy" /> : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        {/* The title and excerpt take their own direction (dir="auto"): an English post on the Arabic index reads
            left to right with its ellipsis at its end, an Arabic one on the English index right to left. */}
        <Heading
          id={headingId}
          dir="auto"
          lang={contentLanguage}
          className="m-0 text-xl leading-snug font-bold text-fg"
        >
          {renderLink({
            href,
            // The link's box stretches over the card, so the whole card opens the post.
            className:
              "text-inherit no-underline outline-none after:absolute after:inset-0 after:content-[''] hover:underline",
            children: title,
          })}
        </Heading>
        {validDate || languageBadge ? (
          <p className="m-0 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-fg-subtle">
            {validDate ? (
              <>
                <CalendarDays aria-hidden className="size-4 shrink-0" />
                <time dateTime={publishedDate ?? undefined} className="me-1.5">
                  {new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric" }).format(
                    validDate,
                  )}
                </time>
              </>
            ) : null}
            {languageBadge ? (
              <span
                data-slot="post-card-language"
                className="rounded-full border border-line-strong px-2 py-px text-xs font-semibold text-fg-muted"
              >
                {languageBadge}
              </span>
            ) : null}
          </p>
        ) : null}
        <p dir="auto" lang={contentLanguage} className="m-0 flex-1 text-fg-muted">
          {excerpt}
        </p>
        <TagChips tags={tags.length > 0 ? tags : [fallbackTag]} label={tagsLabel} />
      </div>
    </article>
  );
}
