import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { Pagination, pageItems } from "./pagination";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `Previous, numbered pages and Next (spec section 2), in a labelled navigation landmark; the
current page is marked with aria-current. In a right-to-left page the row runs from the right and the arrows turn
round. Nothing is rendered for a single page. Use it under the blog index and the admin's post list.

**Do**
- Give \`hrefFor\` when the page is in the address (the blog index): pages are then links that can be shared and
  opened in a new tab. Without it they are buttons that call \`onPageChange\`.
- Give \`pageLabel\` a text that contains the number as shown ("Page 3"), so what is seen and what is heard agree.
- Pass the site's router link as \`renderLink\`.

**Don't**
- Don't hide it yourself for one page: it renders nothing then.
- Don't use it to step through moves or training positions: that is the MoveStepper or TrainingControls.`;

const meta = {
  title: "Blog/Pagination",
  component: Pagination,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    page: 2,
    totalPages: 5,
    label: "",
    previousLabel: "",
    nextLabel: "",
    pageLabel: (page: number) => `Page ${page}`,
    onPageChange: fn(),
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const formatNumber = (n: number) => n.toLocaleString(i18n.language);
    return (
      <Pagination
        {...args}
        {...textsOr(args, {
          label: t("blog.pagination.label"),
          previousLabel: t("blog.pagination.previous"),
          nextLabel: t("blog.pagination.next"),
        })}
        pageLabel={(page) => t("blog.pagination.page", { page: formatNumber(page) })}
        formatNumber={formatNumber}
      />
    );
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

function pageName(t: ReturnType<typeof storyTexts>, page: number, locale: unknown) {
  return t("blog.pagination.page", { page: page.toLocaleString(locale === "ar" ? "ar" : "en") });
}

const OVERVIEW_PAGERS = [
  { label: "Middle page", story: () => Buttons },
  { label: "First page", story: () => FirstPage },
  { label: "Last page", story: () => LastPage },
  { label: "Links", story: () => Links },
  { label: "Many pages", story: () => ManyPages },
];

/** A middle page, the first (no Previous) and the last (no Next), as links, and many pages with gaps. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (args, context) => (
    <Variants className="grid grid-cols-1">
      {OVERVIEW_PAGERS.map(({ label, story }) => (
        <Variant key={label} label={label}>
          <FromStory
            meta={meta}
            story={story()}
            globals={context.globals}
            args={{ onPageChange: args.onPageChange }}
          />
        </Variant>
      ))}
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(
      canvasElement,
      OVERVIEW_PAGERS.map(({ label }) => label),
    );
    await expect(
      within(canvasElement).getAllByRole("navigation", { name: t("blog.pagination.label") }),
    ).toHaveLength(5);
    const current = (label: string) => (shown[label] as HTMLElement).querySelector("[aria-current=page]");
    await expect(current("Middle page")).toHaveAccessibleName(pageName(t, 2, globals.locale));
    await expect(current("First page")).toHaveAccessibleName(pageName(t, 1, globals.locale));
    await expect(current("Last page")).toHaveAccessibleName(pageName(t, 5, globals.locale));
    await expect(current("Links")).toHaveAccessibleName(pageName(t, 3, globals.locale));
    await expect(current("Many pages")).toHaveAccessibleName(pageName(t, 10, globals.locale));
    await expect(within(shown.Links as HTMLElement).getAllByRole("link").length).toBeGreaterThan(1);
    await expect(
      within(shown["First page"] as HTMLElement)
        .getByText(t("blog.pagination.previous"))
        .closest("[aria-disabled]"),
    ).not.toBeNull();
  },
};

/** Buttons: the current page is marked, the others call onPageChange. */
export const Buttons: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation", { name: t("blog.pagination.label") });
    const current = within(nav).getByRole("button", { name: pageName(t, 2, globals.locale) });
    await expect(current).toHaveAttribute("aria-current", "page");
    await userEvent.click(within(nav).getByRole("button", { name: pageName(t, 4, globals.locale) }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(within(nav).getByRole("button", { name: t("blog.pagination.previous") }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(within(nav).getByRole("button", { name: t("blog.pagination.next") }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
  },
};

/** On the first page there is no Previous to press; on the last, no Next. */
export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation");
    await expect(within(nav).queryByRole("button", { name: t("blog.pagination.previous") })).toBeNull();
    await expect(
      within(nav).getByText(t("blog.pagination.previous")).closest("[aria-disabled]"),
    ).not.toBeNull();
    await userEvent.click(within(nav).getByText(t("blog.pagination.previous")), { pointerEventsCheck: 0 });
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

export const LastPage: Story = {
  args: { page: 5 },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation");
    await expect(within(nav).queryByRole("button", { name: t("blog.pagination.next") })).toBeNull();
    await expect(within(nav).getByRole("button", { name: t("blog.pagination.previous") })).toBeEnabled();
  },
};

/** Links: the URL holds the page, so the browser's back button and shared links work. */
export const Links: Story = {
  args: { hrefFor: (page: number) => `/blog?page=${page}`, page: 3 },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation");
    await expect(within(nav).getByRole("link", { name: t("blog.pagination.next") })).toHaveAttribute(
      "href",
      "/blog?page=4",
    );
    await expect(within(nav).getByRole("link", { name: pageName(t, 3, globals.locale) })).toHaveAttribute(
      "aria-current",
      "page",
    );
  },
};

/** Many pages: the first, the last and the neighbours of the current one, with gaps between. */
export const ManyPages: Story = {
  args: { page: 10, totalPages: 20 },
  play: async ({ canvasElement }) => {
    await expect(pageItems(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    await expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    await expect(pageItems(18, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
    await expect(pageItems(3, 3)).toEqual([1, 2, 3]);
    await expect(canvasElement.querySelectorAll("li[aria-hidden]")).toHaveLength(2);
  },
};

export const SinglePage: Story = {
  args: { page: 1, totalPages: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull();
  },
};

/** Right to left: Previous is on the right, its arrow points right; page numbers in the language's digits. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation", { name: t("blog.pagination.label") });
    const previous = within(nav).getByRole("button", { name: t("blog.pagination.previous") });
    const next = within(nav).getByRole("button", { name: t("blog.pagination.next") });
    await expect(previous.getBoundingClientRect().left).toBeGreaterThan(next.getBoundingClientRect().left);
    await expect(getComputedStyle(previous.querySelector("svg") as Element).rotate).toBe("180deg");
    await expect(within(nav).getByRole("button", { name: pageName(t, 2, "ar") })).toHaveTextContent(
      (2).toLocaleString("ar"),
    );
  },
};

/** A working pager. */
export const Playground: Story = {
  args: { page: 1, totalPages: 12 },
  render: function Render(args) {
    const { t } = useTranslation();
    const [page, setPage] = useState(args.page);
    return (
      <Pagination
        {...args}
        {...textsOr(args, {
          label: t("blog.pagination.label"),
          previousLabel: t("blog.pagination.previous"),
          nextLabel: t("blog.pagination.next"),
        })}
        page={page}
        onPageChange={setPage}
        pageLabel={(n) => t("blog.pagination.page", { page: n })}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const nav = within(canvasElement).getByRole("navigation");
    await userEvent.click(within(nav).getByRole("button", { name: t("blog.pagination.next") }));
    await userEvent.click(within(nav).getByRole("button", { name: t("blog.pagination.next") }));
    await expect(
      within(nav).getByRole("button", { name: t("blog.pagination.page", { page: 3 }) }),
    ).toHaveAttribute("aria-current", "page");
  },
};
