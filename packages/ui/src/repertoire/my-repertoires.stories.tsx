import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { type MyRepertoireItem, MyRepertoires } from "./my-repertoires";

const DESCRIPTION = `The player's own repertoires (issue 40) on the Opening Repertoire page: each with its side and figures and
its Learn, Drill, Edit, Export and Delete; New repertoire and Import PGN open the form the page passes as children.

**Do**
- Give every action an accessible name with the repertoire's name ("Delete My Sicilian"): the visible label is one word.
- Ask before Delete (the page's ConfirmDialog): the repertoire lives only in this browser or the account.

**Don't**
- Don't hide New and Import when the player has the most repertoires allowed: disable them and say why.`;

const REPERTOIRES = [
  { id: "a1", en: "My Sicilian", ar: "صقليّتي", side: "black", lines: 3, learnt: 1 },
  { id: "b2", en: "Queen's pawn for White", ar: "بيدق الوزير للأبيض", side: "white", lines: 1, learnt: 0 },
] as const;

const onExport = fn();
const onDelete = fn();

const meta = {
  title: "Training/MyRepertoires",
  component: MyRepertoires,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "",
    intro: "",
    empty: "",
    repertoires: [],
    create: { label: "", onClick: fn() },
    importPgn: { label: "", onClick: fn() },
    disabled: false,
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const [open, setOpen] = useState<"new" | "import" | null>(null);
    const items: readonly MyRepertoireItem[] = args.repertoires.length
      ? args.repertoires
      : REPERTOIRES.map((repertoire) => {
          const name = i18n.language === "ar" ? repertoire.ar : repertoire.en;
          const base = `/training/repertoire/mine/${repertoire.id}`;
          return {
            id: repertoire.id,
            name,
            side: t(`repertoire.side.${repertoire.side}`),
            figures: `${t("myRepertoires.lines", { count: repertoire.lines })} · ${t(
              "repertoire.linesLearnt",
              {
                learnt: repertoire.learnt,
                total: repertoire.lines,
              },
            )}`,
            learn: {
              href: `${base}?mode=learn`,
              label: t("repertoire.learn"),
              name: t("myRepertoires.learnName", { name }),
            },
            drill: {
              href: `${base}?mode=drill`,
              label: t("repertoire.drill"),
              name: t("myRepertoires.drillName", { name }),
            },
            edit: {
              href: `${base}?mode=edit`,
              label: t("myRepertoires.edit"),
              name: t("myRepertoires.editName", { name }),
            },
            exportPgn: {
              label: t("myRepertoires.export"),
              name: t("myRepertoires.exportName", { name }),
              onClick: () => onExport(repertoire.id),
            },
            remove: {
              label: t("myRepertoires.delete"),
              name: t("myRepertoires.deleteName", { name }),
              onClick: () => onDelete(repertoire.id),
            },
          };
        });
    return (
      <MyRepertoires
        title={t("myRepertoires.title")}
        intro={t("myRepertoires.intro")}
        empty={t("myRepertoires.empty")}
        repertoires={args.title === "empty" ? [] : items}
        create={{
          label: t("myRepertoires.newRepertoire"),
          onClick: () => setOpen(open === "new" ? null : "new"),
          pressed: open === "new",
        }}
        importPgn={{
          label: t("myRepertoires.importPgn"),
          onClick: () => setOpen(open === "import" ? null : "import"),
          pressed: open === "import",
        }}
        disabled={args.disabled ?? false}
        note={args.disabled ? t("myRepertoires.limitReached", { limit: 50 }) : null}
      >
        {open ? <p data-testid="opened">{open}</p> : null}
      </MyRepertoires>
    );
  },
} satisfies Meta<typeof MyRepertoires>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two repertoires, none yet, and at the limit (New and Import disabled, the note saying why). */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="flex-col">
      <Variant label="Two repertoires" className="items-stretch self-stretch">
        <FromStory meta={meta} story={List} globals={context.globals} />
      </Variant>
      <Variant label="Empty" className="items-stretch self-stretch">
        <FromStory meta={meta} story={Empty} globals={context.globals} />
      </Variant>
      <Variant label="At the limit" className="items-stretch self-stretch">
        <FromStory meta={meta} story={Full} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Two repertoires", "Empty", "At the limit"]);
    await expect(within(shown["Two repertoires"] as HTMLElement).getAllByRole("listitem")).toHaveLength(2);
    await expect(shown.Empty).toHaveTextContent(t("myRepertoires.empty"));
    const full = within(shown["At the limit"] as HTMLElement);
    await expect(full.getByRole("button", { name: t("myRepertoires.newRepertoire") })).toBeDisabled();
    await expect(full.getByText(t("myRepertoires.limitReached", { limit: 50 }))).toBeVisible();
  },
};

/** Two repertoires: each action is named after its repertoire; Export and Delete call back; New opens the form. */
export const List: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items.map((item) => item.dataset.repertoire)).toEqual(["a1", "b2"]);
    const name = globals?.locale === "ar" ? REPERTOIRES[0].ar : REPERTOIRES[0].en;
    await expect(canvas.getByRole("link", { name: t("myRepertoires.editName", { name }) })).toHaveAttribute(
      "href",
      "/training/repertoire/mine/a1?mode=edit",
    );
    await userEvent.click(canvas.getByRole("button", { name: t("myRepertoires.exportName", { name }) }));
    await expect(onExport).toHaveBeenCalledWith("a1");
    await userEvent.click(canvas.getByRole("button", { name: t("myRepertoires.deleteName", { name }) }));
    await expect(onDelete).toHaveBeenCalledWith("a1");
    const create = canvas.getByRole("button", { name: t("myRepertoires.newRepertoire") });
    await userEvent.click(create);
    await expect(create).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByTestId("opened")).toHaveTextContent("new");
  },
};

/** No repertoire yet: the line that says so, and the two ways to start one. */
export const Empty: Story = {
  args: { title: "empty" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t("myRepertoires.empty"))).toBeVisible();
    await expect(canvas.queryAllByRole("listitem")).toHaveLength(0);
    await expect(canvas.getByRole("button", { name: t("myRepertoires.importPgn") })).toBeEnabled();
  },
};

/** At the limit: New and Import are disabled and the note says why. */
export const Full: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: t("myRepertoires.newRepertoire") })).toBeDisabled();
    await expect(canvas.getByText(t("myRepertoires.limitReached", { limit: 50 }))).toBeVisible();
  },
};
