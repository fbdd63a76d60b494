import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `Tabs (Radix): the editor's Edit / Preview switch. Arrow keys move between tabs; the panel
follows. Build it from TabsList, TabsTrigger and TabsContent, one trigger and one panel for each value.

**Do**
- Use it for two or three views of the same thing, where only one shows at a time (the post as written and as it will
  look).
- Keep the tab names short and in the page's language; the active tab is marked by more than colour (surface and
  ring).
- Control it with \`value\` and \`onValueChange\` when the page must know the view (the editor's mode).

**Don't**
- Don't use tabs to navigate between pages or to run an action: a tab only changes the panel under it.
- Don't hide a form's required fields in a tab the user may never open.`;

const meta = {
  title: "Basics/Tabs",
  component: Tabs,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: { defaultValue: "edit", onValueChange: fn() },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Tabs {...args} className="max-w-xl">
        <TabsList aria-label={t("admin.editor.modes.label")}>
          <TabsTrigger value="edit">{t("admin.editor.modes.edit")}</TabsTrigger>
          <TabsTrigger value="preview">{t("admin.editor.modes.preview")}</TabsTrigger>
        </TabsList>
        <TabsContent value="edit">
          <p className="m-0 rounded-md border border-line-strong bg-surface p-4">
            {t("admin.editor.placeholder")}
          </p>
        </TabsContent>
        <TabsContent value="preview">
          <p className="m-0 p-4 text-fg-muted">{t("admin.editor.previewEmpty")}</p>
        </TabsContent>
      </Tabs>
    );
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first tab chosen (its panel showing) and the second. */
export const Overview: Story = {
  render: (args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Edit chosen" className="items-stretch">
        <FromStory
          meta={meta}
          globals={context.globals}
          args={{ onValueChange: args.onValueChange, defaultValue: "edit" }}
        />
      </Variant>
      <Variant label="Preview chosen" className="items-stretch">
        <FromStory
          meta={meta}
          globals={context.globals}
          args={{ onValueChange: args.onValueChange, defaultValue: "preview" }}
        />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Edit chosen", "Preview chosen"]);
    for (const [label, key] of [
      ["Edit chosen", "edit"],
      ["Preview chosen", "preview"],
    ] as const) {
      const frame = within(shown[label] as HTMLElement);
      await expect(frame.getAllByRole("tab")).toHaveLength(2);
      await expect(frame.getByRole("tab", { selected: true })).toHaveTextContent(
        t(`admin.editor.modes.${key}`),
      );
      await expect(frame.getByRole("tabpanel")).toBeVisible();
    }
  },
};

/** Edit and Preview, as the post editor shows them. */
export const EditAndPreview: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tablist", { name: t("admin.editor.modes.label") })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: t("admin.editor.modes.edit") })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent(t("admin.editor.placeholder"));
  },
};

export const SwitchByClick: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: t("admin.editor.modes.preview") }));
    await expect(args.onValueChange).toHaveBeenCalledWith("preview");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent(t("admin.editor.previewEmpty"));
  },
};

/** Arrow keys move between the tabs (mirrored right to left) and show their panel. */
export const SwitchByKeyboard: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("tab", { name: t("admin.editor.modes.edit") })).toHaveFocus();
    await userEvent.keyboard(document.documentElement.dir === "rtl" ? "{ArrowLeft}" : "{ArrowRight}");
    const preview = canvas.getByRole("tab", { name: t("admin.editor.modes.preview") });
    await expect(preview).toHaveFocus();
    await expect(preview).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent(t("admin.editor.previewEmpty"));
  },
};

/** Arabic, right to left. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await SwitchByKeyboard.play?.(context);
  },
};
