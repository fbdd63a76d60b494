import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PostsTable, type PostsTableLabels, type PostsTableRow } from "./posts-table";

const POSTS: PostsTableRow[] = [
  {
    slug: "five-ideas-behind-the-sicilian",
    title: "Five ideas behind the Sicilian",
    author: "Admin",
    published: true,
    published_date: "2025-03-14T09:30:00.000Z",
  },
  {
    slug: "rook-endgames-draft",
    title: "Rook endgames you must know",
    author: "Admin",
    published: false,
    published_date: null,
  },
];

const meta = {
  title: "Admin/PostsTable",
  component: PostsTable,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    posts: POSTS,
    labels: {} as PostsTableLabels,
    locale: "",
    editHref: (slug: string) => `/admin/blog/edit/${slug}`,
    onDelete: fn(),
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <PostsTable
        {...args}
        {...textsOr(args, {
          labels: t("admin.posts.table", { returnObjects: true }) as PostsTableLabels,
          locale: i18n.language,
        })}
      />
    );
  },
} satisfies Meta<typeof PostsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

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
      t("admin.posts.table.publishedDate"),
      t("admin.posts.table.actions"),
    ]);
    const [, published, draft] = within(table).getAllByRole("row");
    if (!published || !draft) throw new Error("rows missing");
    const publishedBadge = within(published).getByText(t("admin.posts.table.published"));
    await expect(publishedBadge).toHaveClass("bg-success-muted");
    await expect(within(draft).getByText(t("admin.posts.table.draft"))).toHaveClass("bg-warning-muted");
    await expect(within(draft).getAllByRole("cell")[2]).toHaveTextContent(t("admin.posts.table.noDate"));
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
  globals: { locale: "ar", direction: "rtl" },
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
