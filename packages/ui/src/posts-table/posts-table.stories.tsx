import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PostsTable, type PostsTableLabels, type PostsTableProps, type PostsTableRow } from "./posts-table";

const POSTS: PostsTableRow[] = [
  {
    slug: "five-ideas-behind-the-sicilian",
    title: "Five ideas behind the Sicilian",
    author: "Admin",
    published: true,
    published_date: "2025-03-14T09:30:00.000Z",
    tags: ["Openings", "Sicilian"],
  },
  {
    slug: "rook-endgames-draft",
    title: "Rook endgames you must know",
    author: "Admin",
    published: false,
    published_date: null,
    tags: [],
  },
];

/** The site's labels: the list's (admin.posts.table) and those of its selection and tags (admin.postList.table). */
function useLabels(): PostsTableLabels {
  const { t } = useTranslation();
  return {
    ...(t("admin.posts.table", { returnObjects: true }) as Omit<
      PostsTableLabels,
      "tags" | "noTags" | "select" | "selectAll"
    >),
    ...(t("admin.postList.table", { returnObjects: true }) as Pick<
      PostsTableLabels,
      "tags" | "noTags" | "select" | "selectAll"
    >),
  };
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The admin list of posts (spec section 2): Title, Author, Status (Published green, Draft yellow),
Tags, Published Date ('-' when empty) and Actions (Edit, Delete). Below 768 px it is a list of cards instead (title,
status, date, tags, Edit and Delete), which a phone shows without scrolling sideways; from 768 px the table. With a
selection, each post has a checkbox and "select all on this page" sits above the list with the actions on the
selection.

**Do**
- Ask before deleting: \`onDelete\` should open a ConfirmDialog, and \`deletingSlug\` disables that post's Delete
  while it goes.
- Give \`onSelectionChange\` and \`selectionActions\` only where bulk actions exist; set \`selectionDisabled\` while
  one runs.
- Pass the site's router link as \`renderLink\`: each Edit link is named after its post ("Edit: Title").

**Don't**
- Don't use it on the public blog: readers get the PostCard grid.
- Don't rely on the status colour: Published and Draft are written in words.`;

const meta = {
  title: "Admin/PostsTable",
  component: PostsTable,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    posts: POSTS,
    labels: {} as PostsTableLabels,
    locale: "",
    editHref: (slug: string) => `/admin/blog/edit/${slug}`,
    onDelete: fn(),
  },
  render: function Render(args) {
    const { i18n } = useTranslation();
    const labels = useLabels();
    return <PostsTable {...args} {...textsOr(args, { labels, locale: i18n.language })} />;
  },
} satisfies Meta<typeof PostsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A published post and a draft, and the same while the draft is being deleted. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Published and draft" className="items-stretch">
        <FromStory meta={meta} story={Default} globals={context.globals} args={{ onDelete: args.onDelete }} />
      </Variant>
      <Variant label="Deleting the draft" className="items-stretch">
        <FromStory
          meta={meta}
          story={Deleting}
          globals={context.globals}
          args={{ onDelete: args.onDelete }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Published and draft", "Deleting the draft"]);
    for (const frame of Object.values(shown)) {
      const table = within(frame).getByRole("table", { name: t("admin.posts.table.caption") });
      await expect(within(table).getAllByRole("row")).toHaveLength(POSTS.length + 1);
    }
    const deleteButtons = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("button")
        .filter((button) => (button as HTMLButtonElement).disabled).length;
    await expect(deleteButtons("Published and draft")).toBe(0);
    await expect(deleteButtons("Deleting the draft")).toBeGreaterThan(0);
  },
};

export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const table = canvas.getByRole("table", { name: t("admin.posts.table.caption") });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    await expect(headers).toEqual([
      t("admin.posts.table.title"),
      t("admin.posts.table.author"),
      t("admin.posts.table.status"),
      t("admin.postList.table.tags"),
      t("admin.posts.table.publishedDate"),
      t("admin.posts.table.actions"),
    ]);
    // Without a selection there are no checkboxes.
    await expect(canvas.queryByRole("checkbox")).toBeNull();
    const [, published, draft] = within(table).getAllByRole("row");
    if (!published || !draft) throw new Error("rows missing");
    const publishedBadge = within(published).getByText(t("admin.posts.table.published"));
    await expect(publishedBadge).toHaveClass("bg-success-muted");
    await expect(within(draft).getByText(t("admin.posts.table.draft"))).toHaveClass("bg-warning-muted");
    await expect(within(draft).getAllByRole("cell")[3]).toHaveTextContent(t("admin.posts.table.noDate"));
    await expect(within(draft).getAllByRole("cell")[2]).toHaveTextContent(t("admin.postList.table.noTags"));
    await expect(
      within(within(published).getByRole("list", { name: t("admin.postList.table.tags") }))
        .getAllByRole("listitem")
        .map((chip) => chip.textContent),
    ).toEqual(["Openings", "Sicilian"]);
    await expect(published.querySelector("time")).toHaveAttribute("dateTime", "2025-03-14T09:30:00.000Z");
    const edit = within(draft).getByRole("link", {
      name: `${t("admin.posts.table.edit")}: Rook endgames you must know`,
    });
    await expect(edit).toHaveAttribute("href", "/admin/blog/edit/rook-endgames-draft");
    await userEvent.click(
      within(published).getByRole("button", {
        name: `${t("admin.posts.table.delete")}: Five ideas behind the Sicilian`,
      }),
    );
    await expect(args.onDelete).toHaveBeenCalledWith(POSTS[0]);
    // The cards are for phones: not shown at this width.
    await expect(canvas.queryByRole("list", { name: t("admin.posts.table.caption") })).toBeNull();
  },
};

/** While a post is being deleted its Delete button cannot be pressed again. */
export const Deleting: Story = {
  args: { deletingSlug: "rook-endgames-draft" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const buttons = within(canvasElement).getAllByRole("button", {
      name: new RegExp(t("admin.posts.table.delete")),
    });
    await expect(buttons[0]).toBeEnabled();
    await expect(buttons[1]).toBeDisabled();
  },
};

export const Arabic: Story = {
  ...ARABIC_STORY,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const table = within(canvasElement).getByRole("table", { name: t("admin.posts.table.caption") });
    const [title, author] = within(table).getAllByRole("columnheader");
    // Right to left: the first column (Title) is the rightmost.
    await expect(title?.getBoundingClientRect().left).toBeGreaterThan(
      author?.getBoundingClientRect().left ?? 0,
    );
    await expect(within(table).getByText(t("admin.posts.table.draft"))).toBeVisible();
    await expect(table.querySelector("time")?.textContent).toContain(
      (2025).toLocaleString("ar", { useGrouping: false }),
    );
  },
};

const MANY: PostsTableRow[] = [
  ...POSTS,
  {
    slug: "the-lucena-position-and-the-philidor-defence-explained-move-by-move",
    title: "The Lucena position and the Philidor defence, explained move by move for club players",
    author: "Admin",
    published: true,
    published_date: "2025-01-02T10:00:00.000Z",
    tags: ["Endgames", "Rook endings", "Technique", "Classics"],
  },
];

/** As the admin list keeps it: the selection in state, the bulk actions beside "select all". */
function SelectableTable(args: PostsTableProps) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <PostsTable
      {...args}
      {...textsOr(args, { labels, locale: i18n.language })}
      selected={selected}
      onSelectionChange={(next) => {
        args.onSelectionChange?.(next);
        setSelected(next);
      }}
      selectionActions={
        <Button variant="secondary" size="sm" disabled={selected.size === 0}>
          {t("admin.postList.bulk.publish")}
        </Button>
      }
    />
  );
}

const checkedOf = (boxes: HTMLElement[]) => boxes.map((box) => (box as HTMLInputElement).checked);

/** A checkbox a post, and "select all on this page", which shows a partial selection as mixed. */
export const Selection: Story = {
  args: { posts: MANY, onSelectionChange: fn() },
  render: (args) => <SelectableTable {...args} />,
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const table = canvas.getByRole("table", { name: t("admin.posts.table.caption") });
    await expect(within(table).getAllByRole("columnheader")[0]).toHaveTextContent(
      t("admin.postList.table.select"),
    );
    const all = canvas.getByRole("checkbox", { name: t("admin.postList.table.selectAll") });
    const boxes = () =>
      MANY.map((post) =>
        within(table).getByRole("checkbox", { name: `${t("admin.postList.table.select")}: ${post.title}` }),
      );
    const publish = canvas.getByRole("button", { name: t("admin.postList.bulk.publish") });
    await expect(publish).toBeDisabled();

    await userEvent.click(boxes()[1] as HTMLElement);
    await expect(checkedOf(boxes())).toEqual([false, true, false]);
    await expect(all).not.toBeChecked();
    await expect(all).toBePartiallyChecked();
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(new Set(["rook-endgames-draft"]));
    await expect(publish).toBeEnabled();

    await userEvent.click(all);
    await expect(checkedOf(boxes())).toEqual([true, true, true]);
    await expect(all).toBeChecked();
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(new Set(MANY.map((post) => post.slug)));

    await userEvent.click(all);
    await expect(checkedOf(boxes())).toEqual([false, false, false]);
    await expect(all).not.toBePartiallyChecked();
    await expect(publish).toBeDisabled();
  },
};

/**
 * A phone, 320 px wide: a card a post (title, status, date, tags, Edit, Delete) instead of the table, nothing wider
 * than the screen, every button in reach.
 */
export const Phone: Story = {
  args: { posts: MANY, onSelectionChange: fn() },
  globals: { viewport: { value: "mobile1" } },
  parameters: chromaticParameters({ viewport: "mobile1" }),
  render: (args) => <SelectableTable {...args} />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("table")).toBeNull();
    const cards = within(canvas.getByRole("list", { name: t("admin.posts.table.caption") })).getAllByRole(
      "listitem",
    );
    const posts = cards.filter((card) => card.parentElement?.dataset.slot === "posts-cards");
    await expect(posts).toHaveLength(MANY.length);
    const width = document.documentElement.clientWidth;
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    for (const [index, post] of MANY.entries()) {
      const card = within(posts[index] as HTMLElement);
      await expect(card.getByText(post.title)).toBeVisible();
      await expect(
        card.getByText(post.published ? t("admin.posts.table.published") : t("admin.posts.table.draft")),
      ).toBeVisible();
      if (!post.published) await expect(posts[index]).toHaveTextContent(t("admin.posts.table.noDate"));
      for (const tag of post.tags) await expect(card.getByText(tag)).toBeVisible();
      const controls = [
        card.getByRole("checkbox", { name: `${t("admin.postList.table.select")}: ${post.title}` }),
        card.getByRole("link", { name: `${t("admin.posts.table.edit")}: ${post.title}` }),
        card.getByRole("button", { name: `${t("admin.posts.table.delete")}: ${post.title}` }),
      ];
      for (const control of controls) {
        await expect(control).toBeVisible();
        const box = control.getBoundingClientRect();
        await expect(box.left).toBeGreaterThanOrEqual(0);
        await expect(box.right).toBeLessThanOrEqual(width);
      }
    }
    await userEvent.click(canvas.getByRole("checkbox", { name: t("admin.postList.table.selectAll") }));
    await expect(canvas.getByRole("button", { name: t("admin.postList.bulk.publish") })).toBeEnabled();
  },
};

export const ArabicPhone: Story = {
  ...Phone,
  globals: { ...ARABIC_STORY.globals, viewport: { value: "mobile1" } },
  parameters: chromaticParameters({ viewport: "mobile1", arabic: true }),
};
