import { OPENINGS } from "@ct/chess";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { BookOpen, Languages, Lightbulb } from "lucide-react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { FeatureList } from "./feature-list";

const IDS = ["phases", "hints", "explanations", "languages", "blog", "editor"] as const;

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A grid of features: icon, title and a sentence or two each; one column on phones, two from 768
px, three from 1024 px. A feature with an \`href\` is a card link: its title is the link, stretched over the whole
card. Use it on the about page, for what the trainer offers (three levels of hints, the openings, the blog).

**Do**
- Give each feature a short title ("Three levels of hints") and a sentence that says what the player gets from it.
- Give an \`href\` when the feature has a page of its own, with the site's router link as \`renderLink\`.
- Set \`headingLevel\` under the section's heading: 3 under a level 2 heading, 4 under a level 3.

**Don't**
- Don't put buttons or other links in a description: a card with an \`href\` is one link already.
- Don't give the icons a meaning of their own: they are decorative and hidden from screen readers.`;

const meta = {
  title: "Content/FeatureList",
  component: FeatureList,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { features: [] },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <FeatureList
        {...args}
        features={
          // Features edited in Controls replace the locale's; none (the default) shows them.
          args.features.length > 0
            ? args.features
            : IDS.map((id) => ({
                id,
                title: t(`about.features.items.${id}.title`),
                description: t(`about.features.items.${id}.description`, { openings: OPENINGS.length }),
              }))
        }
      />
    );
  },
} satisfies Meta<typeof FeatureList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The plain list, with decorative icons, and with links (each linked card one link). */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Plain" className="items-stretch">
        <FromStory meta={meta} story={{ args: { features: [] } }} globals={context.globals} />
      </Variant>
      <Variant label="With icons" className="items-stretch">
        <FromStory meta={meta} story={WithIcons} globals={context.globals} />
      </Variant>
      <Variant label="With links" className="items-stretch">
        <FromStory meta={meta} story={WithLinks} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Plain", "With icons", "With links"]);
    await expect(within(shown.Plain as HTMLElement).getAllByRole("listitem")).toHaveLength(IDS.length);
    await expect(
      (shown["With icons"] as HTMLElement).querySelectorAll("[data-slot=feature] svg"),
    ).toHaveLength(3);
    await expect(within(shown["With links"] as HTMLElement).getAllByRole("link")).toHaveLength(3);
  },
};

/** The About page's features: a list of titled items. */
export const AboutFeatures: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole("list")).getAllByRole("listitem");
    await expect(items).toHaveLength(IDS.length);
    await expect(canvas.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(
      IDS.map((id) => t(`about.features.items.${id}.title`)),
    );
    await expect(canvas.getByText(t("about.features.items.hints.description"))).toBeVisible();
  },
};

/** With decorative icons, hidden from assistive technology. */
export const WithIcons: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const icons = { hints: <Lightbulb />, languages: <Languages />, blog: <BookOpen /> } as const;
    return (
      <FeatureList
        features={(["hints", "languages", "blog"] as const).map((id) => ({
          id,
          title: t(`about.features.items.${id}.title`),
          description: t(`about.features.items.${id}.description`, { openings: OPENINGS.length }),
          icon: icons[id],
        }))}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const item = within(canvasElement).getByRole("heading", {
      name: t("about.features.items.languages.title"),
    });
    const feature = item.closest("[data-slot=feature]");
    await expect(feature?.querySelector("[aria-hidden] svg")).not.toBeNull();
  },
};

/** Level-4 headings, for a list under a level-3 heading. */
export const Level4Headings: Story = {
  args: { headingLevel: 4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("heading", { level: 4 })).toHaveLength(IDS.length);
  },
};

const followed = fn();

/** Features with a page: each card is a link to it (its title names the link); the others stay plain. */
export const WithLinks: Story = {
  render: function Render() {
    const { t } = useTranslation();
    const pages: Record<string, string | undefined> = {
      phases: "/training",
      blog: "/blog",
      editor: "/position-setup",
    };
    return (
      <FeatureList
        features={(["phases", "languages", "blog", "editor"] as const).map((id) => ({
          id,
          title: t(`about.features.items.${id}.title`),
          description: t(`about.features.items.${id}.description`, { openings: OPENINGS.length }),
          icon: <BookOpen />,
          ...(pages[id] ? { href: pages[id] } : {}),
        }))}
        renderLink={({ href, className, children }) => (
          <a
            href={href}
            className={className}
            onClick={(event) => {
              event.preventDefault();
              followed(href);
            }}
          >
            {children}
          </a>
        )}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const links = canvas.getAllByRole("link");
    await expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/training",
      "/blog",
      "/position-setup",
    ]);
    const blog = canvas.getByRole("link", { name: t("about.features.items.blog.title") });
    await expect(blog.closest("h3")).not.toBeNull();
    // The whole card follows the link: what a pointer finds over its description is the link.
    const box = canvas.getByText(t("about.features.items.blog.description")).getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    await expect(hit).toBe(blog);
    followed.mockClear();
    await userEvent.click(blog);
    await expect(followed).toHaveBeenCalledWith("/blog");
    // Keyboard: one tab stop per linked card.
    await expect(blog).toHaveFocus();
    await userEvent.tab();
    await expect(links[2]).toHaveFocus();
    // A feature without a page has no link.
    const languages = canvas.getByRole("heading", { name: t("about.features.items.languages.title") });
    await expect(within(languages).queryByRole("link")).toBeNull();
  },
};

export const ArabicWithLinks: Story = { ...WithLinks, ...ARABIC_STORY };
