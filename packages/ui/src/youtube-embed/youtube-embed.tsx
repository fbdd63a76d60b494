import { youtubeEmbedUrl, youtubeVideoId } from "@ct/contract/blog-rules";
import { ExternalLink } from "lucide-react";
import type * as React from "react";
import { cn } from "../lib/cn";

/** The video's own page on YouTube. */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

export type YouTubeEmbedProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** A YouTube short-link, watch, embed or /v/ URL (spec section 5). */
  url: string;
  /** Accessible name of the player frame, e.g. "YouTube video". */
  title: string;
  /** Shown in red instead of the player when the URL is not a YouTube video: 'Invalid YouTube URL'. */
  invalidMessage: string;
  /** Text of the link to the video on YouTube under the player, e.g. "Watch on YouTube". */
  watchLabel: string;
};

/**
 * A YouTube player for a blog post (spec section 2): 16:9, at most 560 px wide, from the privacy-enhanced host
 * (youtube-nocookie.com), loaded only when scrolled near. Under it, a link to the video on YouTube (in a new tab),
 * so the video can be watched where the player cannot load (blocked, offline, no third-party frames). A URL that is
 * not a video shows a red message instead.
 */
export function YouTubeEmbed({
  url,
  title,
  invalidMessage,
  watchLabel,
  className,
  ...props
}: YouTubeEmbedProps) {
  const id = youtubeVideoId(url);
  return (
    <div
      data-slot="youtube-embed"
      data-valid={id !== null}
      className={cn("w-full max-w-[560px]", className)}
      {...props}
    >
      {id === null ? (
        <p role="alert" className="m-0 font-semibold text-danger">
          {invalidMessage}
        </p>
      ) : (
        <>
          <div className="relative aspect-video w-full overflow-hidden rounded-md bg-media">
            <iframe
              src={youtubeEmbedUrl(id)}
              title={title}
              loading="lazy"
              allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="absolute inset-0 size-full border-0"
            />
          </div>
          <a
            href={youtubeWatchUrl(id)}
            target="_blank"
            rel="noopener noreferrer"
            data-slot="youtube-embed-link"
            className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand underline underline-offset-2 hover:no-underline"
          >
            {watchLabel}
            <ExternalLink aria-hidden className="size-3.5 shrink-0 rtl:-scale-x-100" />
          </a>
        </>
      )}
    </div>
  );
}
