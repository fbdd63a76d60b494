import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { TagChips } from "./tag-chips";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A post's tags as small rounded chips, optionally links. Nothing is rendered for no tags. Use it
on the post cards, the admin's posts table and the post page.

**Do**
- Give \`hrefFor\` where a tag should lead to the blog filtered by it, with the site's router link as \`renderLink\`.
- Give the list a \`label\` ("Tags") in the page's language: it names the list for screen readers.

**Don't**
- Don't use chips for statuses or counts (Draft, 3 solved): they read as tags.
- Don't use it to edit tags: that is the TagInput.`;

const meta = {
  title: "Blog/TagChips",
  component: TagChips,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // The label comes from the story's locale; typed in Controls, it replaces it.
  args: { tags: ["Openings", "Sicilian Defense", "Strategy"], label: "" },
  render: function Render(args) {
    const { t } = useTranslation();
    return <TagChips {...args} {...textsOr(args, { label: t("post.tagsLabel") })} />;
  },
} satisfies Meta<typeof TagChips>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Plain chips (small), chips as links (medium). */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants>
      <Variant label="Plain, small">
        <FromStory meta={meta} story={Plain} globals={context.globals} />
      </Variant>
      <Variant label="Links, medium">
        <FromStory meta={meta} story={Links} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement }) => {
    const shown = await expectVariants(canvasElement, ["Plain, small", "Links, medium"]);
    await expect(within(shown["Plain, small"] as HTMLElement).getAllByRole("listitem")).toHaveLength(3);
    await expect(within(shown["Plain, small"] as HTMLElement).queryByRole("link")).toBeNull();
    const links = within(shown["Links, medium"] as HTMLElement).getAllByRole("link");
    await expect(links).toHaveLength(3);
    await expect(links[0]).toHaveAttribute("href", "/blog?tag=Openings");
  },
};

export const Plain: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const list = within(canvasElement).getByRole("list", { name: t("post.tagsLabel") });
    await expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Openings", "Sicilian Defense", "Strategy"]);
    await expect(within(list).queryByRole("link")).toBeNull();
  },
};

/** Each chip opens the blog filtered by its tag. */
export const Links: Story = {
  args: { hrefFor: (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`, size: "md" },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Sicilian Defense" });
    await expect(link).toHaveAttribute("href", "/blog?tag=Sicilian%20Defense");
  },
};

export const NoTags: Story = {
  args: { tags: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("list")).toBeNull();
  },
};

export const Arabic: Story = {
  args: {
    tags: ["الافتتاحات", "الدفاع الصقلي"],
    hrefFor: (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`,
  },
  ...ARABIC_STORY,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const list = within(canvasElement).getByRole("list", { name: t("post.tagsLabel") });
    const [first, second] = within(list).getAllByRole("link");
    // Right to left: the first tag sits to the right of the second.
    await expect(first?.getBoundingClientRect().left).toBeGreaterThan(
      second?.getBoundingClientRect().left ?? 0,
    );
  },
};
