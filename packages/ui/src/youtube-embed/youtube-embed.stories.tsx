import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { YouTubeEmbed } from "./youtube-embed";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A YouTube player for a blog post (spec section 2): 16:9, at most 560 px wide, from the
privacy-enhanced host (youtube-nocookie.com), loaded only when scrolled near. Under it, a link to the video on YouTube
(in a new tab), so the video can be watched where the player cannot load (blocked, offline, no third-party frames). A
URL that is not a video shows a red message instead.

**Do**
- Pass the URL as the author pasted it: short links, watch, embed and /v/ addresses are all understood.
- Give a \`title\` that says what the video is when it is known ("Lucena position explained"), else "YouTube video":
  it names the frame for screen readers.

**Don't**
- Don't embed other video sites with it: anything but YouTube shows \`invalidMessage\`.
- Don't drop the Watch on YouTube link to save room: it is the way to the video when the player is blocked.`;

const meta = {
  title: "Blog/YouTubeEmbed",
  component: YouTubeEmbed,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    title: "",
    invalidMessage: "",
    watchLabel: "",
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <YouTubeEmbed
        {...args}
        {...textsOr(args, {
          title: t("post.video.title"),
          invalidMessage: t("post.video.invalid"),
          watchLabel: t("post.video.watch"),
        })}
      />
    );
  },
} satisfies Meta<typeof YouTubeEmbed>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A video in a narrow column (the player shrinks, the Watch link under it) and an address that is not a video. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants>
      <Variant label="Video, narrow">
        <FromStory meta={meta} story={Narrow} globals={context.globals} />
      </Variant>
      <Variant label="Invalid URL" className="w-[320px]">
        <FromStory meta={meta} story={InvalidUrl} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Video, narrow", "Invalid URL"]);
    const video = within(shown["Video, narrow"] as HTMLElement);
    await expect(video.getByTitle(t("post.video.title")).tagName).toBe("IFRAME");
    await expect(video.getByRole("link", { name: t("post.video.watch") })).toBeVisible();
    await expect(within(shown["Invalid URL"] as HTMLElement).getByRole("alert")).toHaveTextContent(
      t("post.video.invalid"),
    );
    await expect(shown["Invalid URL"]?.querySelector("iframe")).toBeNull();
  },
};

/**
 * A watch URL becomes a lazy, privacy-enhanced 16:9 player at most 560 px wide, with a link to the video on YouTube
 * under it: where the player cannot load (as here, offline), the link is how the video is watched.
 */
export const WatchUrl: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const frame = within(canvasElement).getByTitle(t("post.video.title"));
    await expect(frame.tagName).toBe("IFRAME");
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    await expect(frame).toHaveAttribute("loading", "lazy");
    await expect(frame).toHaveAttribute("allowfullscreen");
    const box = frame.getBoundingClientRect();
    await expect(box.width).toBe(560);
    await expect(Math.round(box.height)).toBe(315);
    await expect(within(canvasElement).queryByRole("alert")).toBeNull();
    const link = within(canvasElement).getByRole("link", { name: t("post.video.watch") });
    await expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toBeVisible();
    // Under the player, not beside it.
    await expect(link.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.bottom);
  },
};

export const ShortUrl: Story = {
  args: { url: "https://youtu.be/dQw4w9WgXcQ?t=42" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).getByTitle(t("post.video.title"))).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    // The link goes to the video's page, without the start time or the short host.
    await expect(within(canvasElement).getByRole("link", { name: t("post.video.watch") })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
  },
};

/** Narrower containers keep 16:9. */
export const Narrow: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <div className="w-[320px]">
        <YouTubeEmbed
          {...args}
          {...textsOr(args, {
            title: t("post.video.title"),
            invalidMessage: t("post.video.invalid"),
            watchLabel: t("post.video.watch"),
          })}
        />
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const box = within(canvasElement).getByTitle(t("post.video.title")).getBoundingClientRect();
    await expect(box.width).toBe(320);
    await expect(Math.round(box.height)).toBe(180);
  },
};

/** Anything that is not a YouTube video: a red message, no frame. */
export const InvalidUrl: Story = {
  args: { url: "https://vimeo.com/123456" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const alert = within(canvasElement).getByRole("alert");
    await expect(alert).toHaveTextContent(t("post.video.invalid"));
    // The danger token: Tailwind's red-700 in the light theme (6.5:1 on white), a light red in the dark one.
    const dark = document.documentElement.dataset.theme === "dark";
    await expect(getComputedStyle(alert).color).toBe(
      dark ? "rgb(248, 113, 113)" : "oklch(0.505 0.213 27.518)",
    );
    await expect(canvasElement.querySelector("iframe")).toBeNull();
    await expect(within(canvasElement).queryByRole("link")).toBeNull();
  },
};

export const Arabic: Story = {
  ...ARABIC_STORY,
  play: WatchUrl.play,
};

export const ArabicInvalid: Story = {
  args: { url: "youtube.com/watch?v=short" },
  ...ARABIC_STORY,
  play: InvalidUrl.play,
};
