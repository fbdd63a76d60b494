import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PostCard } from "./post-card";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A post in the blog index: title (the link to the post, covering the whole card), date, excerpt
and tags. Cards sit in a grid of equal heights; the title and excerpt take their own direction, so an English post on
the Arabic index still reads left to right.

**Do**
- Pass \`contentLanguage\` with the post's language and, when it differs from the page's, a \`languageBadge\`
  ("English" on the Arabic index), so the reader knows before opening it.
- Set \`headingLevel\` to fit the page's outline: 2 under the page's title, 3 under a section heading.
- Pass the tags as they are: with none, the card shows \`fallbackTag\` ('Chess').

**Don't**
- Don't put other links or buttons in the card: the title's link covers the whole card, so a second target would sit
  under it.
- Don't give the picture a description: it is decorative, the title says what the post is.`;

const meta = {
  title: "Blog/PostCard",
  component: PostCard,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    title: "Five ideas behind the Sicilian Defence",
    href: "/blog/five-ideas-behind-the-sicilian-defence",
    excerpt:
      "After 1.e4 c5 Black fights for the centre from the side. Here is what both players aim for in the first ten moves.",
    tags: ["Openings", "Sicilian"],
    fallbackTag: "",
    tagsLabel: "",
    publishedDate: "2025-03-14T09:30:00.000Z",
    locale: "",
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <div className="max-w-sm">
        <PostCard
          {...args}
          {...textsOr(args, {
            fallbackTag: t("blog.fallbackTag"),
            tagsLabel: t("blog.tagsLabel"),
            locale: i18n.language,
          })}
        />
      </div>
    );
  },
} satisfies Meta<typeof PostCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_CARDS = [
  { label: "Default", story: () => Default },
  { label: "Fallback tag", story: () => FallbackTag },
  { label: "Without date", story: () => WithoutDate },
];

/** A post with its tags and date, one without tags (the fallback tag), and one without a date. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      {OVERVIEW_CARDS.map(({ label, story }) => (
        <Variant key={label} label={label} className="items-stretch">
          <FromStory meta={meta} story={story()} globals={context.globals} />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_CARDS.map(({ label }) => label),
    );
    await expect(within(canvasElement).getAllByRole("article")).toHaveLength(3);
    const tags = (label: string) =>
      within(
        within(shown[label] as HTMLElement).getByRole("list", { name: t("blog.tagsLabel") }),
      ).getAllByRole("listitem");
    await expect(tags("Default")).toHaveLength(2);
    await expect(tags("Fallback tag")[0]).toHaveTextContent(t("blog.fallbackTag"));
    await expect((shown.Default as HTMLElement).querySelector("time")).not.toBeNull();
    await expect((shown["Without date"] as HTMLElement).querySelector("time")).toBeNull();
  },
};

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const card = canvas.getByRole("article", { name: "Five ideas behind the Sicilian Defence" });
    const link = within(card).getByRole("link", { name: "Five ideas behind the Sicilian Defence" });
    await expect(link).toHaveAttribute("href", "/blog/five-ideas-behind-the-sicilian-defence");
    await expect(within(card).getByText(/fights for the centre/)).toBeVisible();
    const tags = within(card).getByRole("list", { name: t("blog.tagsLabel") });
    await expect(within(tags).getAllByRole("listitem")).toHaveLength(2);
    const date = card.querySelector("time");
    await expect(date).toHaveAttribute("dateTime", "2025-03-14T09:30:00.000Z");
    await expect(date?.textContent).toBe(
      new Intl.DateTimeFormat(globals.locale === "ar" ? "ar" : "en", {
        year: "numeric",
        month: "long",
        day: "numeric",
      }).format(new Date("2025-03-14T09:30:00.000Z")),
    );
  },
};

/** A post without tags shows the fallback tag 'Chess'. */
export const FallbackTag: Story = {
  args: { tags: [] },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const tags = within(canvasElement).getByRole("list", { name: t("blog.tagsLabel") });
    await expect(within(tags).getByRole("listitem")).toHaveTextContent(t("blog.fallbackTag"));
  },
};

export const WithoutDate: Story = {
  args: { publishedDate: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("time")).toBeNull();
  },
};

export const Arabic: Story = {
  args: {
    title: "خمس أفكار وراء الدفاع الصقلي",
    href: "/blog/post",
    excerpt:
      "بعد 1.e4 c5 يقاتل الأسود على المركز من الجناح. إليك ما يسعى إليه الطرفان في النقلات العشر الأولى.",
    tags: [],
  },
  ...ARABIC_STORY,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "خمس أفكار وراء الدفاع الصقلي" })).toHaveAttribute(
      "href",
      "/blog/post",
    );
    await expect(canvas.getByRole("listitem")).toHaveTextContent(t("blog.fallbackTag"));
    await expect(canvasElement.querySelector("time")?.textContent).toContain(
      (2025).toLocaleString("ar", { useGrouping: false }),
    );
  },
};

/** One post of each language, for the stories of a post in the page's language or the other one. */
const POSTS = {
  en: {
    title: "Five ideas behind the Sicilian Defence",
    excerpt:
      "After 1.e4 c5 Black fights for the centre from the side. Here is what both players aim for in the first ten moves.",
    contentLanguage: "en",
  },
  ar: {
    title: "خمس أفكار وراء الدفاع الصقلي",
    excerpt:
      "بعد 1.e4 c5 يقاتل الأسود على المركز من الجناح. إليك ما يسعى إليه الطرفان في النقلات العشر الأولى.",
    contentLanguage: "ar",
  },
} as const;
const otherLanguage = (locale: unknown) => (locale === "ar" ? "en" : "ar");

/**
 * A post in the other language than the page's (an English post on the Arabic index, an Arabic one on the English
 * index): a small badge names its language, and its title and excerpt carry `lang` and read in its direction.
 */
export const OtherLanguage: Story = {
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const post = POSTS[otherLanguage(i18n.language)];
    return (
      <div className="max-w-sm">
        <PostCard
          {...args}
          {...post}
          fallbackTag={t("blog.fallbackTag")}
          tagsLabel={t("blog.tagsLabel")}
          locale={i18n.language}
          languageBadge={t(`blog.language.${post.contentLanguage}`)}
        />
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const post = POSTS[otherLanguage(globals.locale)];
    const card = within(canvasElement).getByRole("article", { name: post.title });
    await expect(within(card).getByText(t(`blog.language.${post.contentLanguage}`))).toBeVisible();
    const heading = within(card).getByRole("heading");
    await expect(heading).toHaveAttribute("lang", post.contentLanguage);
    await expect(within(card).getByText(post.excerpt)).toHaveAttribute("lang", post.contentLanguage);
    await expect(getComputedStyle(heading).direction).toBe(post.contentLanguage === "ar" ? "rtl" : "ltr");
  },
};

/** A post in the page's own language: no badge. */
export const SameLanguage: Story = {
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <div className="max-w-sm">
        <PostCard
          {...args}
          {...POSTS[i18n.language === "ar" ? "ar" : "en"]}
          fallbackTag={t("blog.fallbackTag")}
          tagsLabel={t("blog.tagsLabel")}
          locale={i18n.language}
        />
      </div>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const language = globals.locale === "ar" ? "ar" : "en";
    await expect(canvasElement.querySelector("[data-slot=post-card-language]")).toBeNull();
    await expect(within(canvasElement).getByRole("heading")).toHaveAttribute("lang", language);
  },
};
