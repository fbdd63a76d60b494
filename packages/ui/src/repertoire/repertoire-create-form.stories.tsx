import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { RepertoireCreateForm } from "./repertoire-create-form";

const DESCRIPTION = `The form that starts a player's own repertoire (issue 40): a name and the side, then lines picked from
the starter repertoires of that side (one toggle group per opening), or a PGN file or pasted text to import.

**Do**
- Say why a submit was refused, naming the game and the move, or the position and both answers; create nothing then.
- Keep the PGN text left to right in Arabic.

**Don't**
- Don't offer starters of the other side: a repertoire is for one colour.`;

const STARTERS = [
  {
    id: "scotch-game",
    en: "Scotch Game",
    ar: "اللعبة الاسكتلندية",
    lines: [
      { en: "4...Nf6, Mieses", ar: "4...Nf6، ميزس" },
      { en: "4...Bc5", ar: "4...Bc5" },
    ],
  },
  {
    id: "italian-game",
    en: "Italian Game",
    ar: "اللعبة الإيطالية",
    lines: [
      { en: "Giuoco Piano", ar: "جوكو بيانو" },
      { en: "Two Knights", ar: "الحصانان" },
    ],
  },
] as const;

const onSubmit = fn();

const meta = {
  title: "Training/RepertoireCreateForm",
  component: RepertoireCreateForm,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    kind: "starters",
    texts: {
      title: "",
      name: "",
      namePlaceholder: "",
      side: "",
      white: "",
      black: "",
      submit: "",
      cancel: "",
    },
    name: "",
    onNameChange: fn(),
    side: "white",
    onSideChange: fn(),
    onSubmit,
    onCancel: fn(),
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const language = i18n.language === "ar" ? "ar" : "en";
    const [name, setName] = useState(args.name);
    const [side, setSide] = useState(args.side);
    const [picked, setPicked] = useState<string[]>([]);
    const [pgn, setPgn] = useState("");
    const starters = args.kind === "starters";
    return (
      <RepertoireCreateForm
        kind={args.kind}
        texts={{
          title: t(starters ? "myRepertoires.form.newTitle" : "myRepertoires.form.importTitle"),
          name: t("myRepertoires.form.name"),
          namePlaceholder: t("myRepertoires.form.namePlaceholder"),
          side: t("myRepertoires.form.side"),
          white: t("myRepertoires.form.white"),
          black: t("myRepertoires.form.black"),
          submit: t(starters ? "myRepertoires.form.create" : "myRepertoires.form.import"),
          cancel: t("myRepertoires.form.cancel"),
          pickTitle: t("myRepertoires.form.pickTitle"),
          pickHint: t("myRepertoires.form.pickHint"),
          file: t("myRepertoires.form.file"),
          chooseFile: t("myRepertoires.form.chooseFile"),
          noFile: t("myRepertoires.form.noFile"),
          text: t("myRepertoires.form.text"),
          textHint: t("myRepertoires.form.textHint"),
        }}
        name={name}
        onNameChange={setName}
        side={side}
        onSideChange={setSide}
        starters={
          side === "white"
            ? STARTERS.map((starter) => ({
                id: starter.id,
                name: starter[language],
                lines: starter.lines.map((line, index) => ({
                  value: `${starter.id}/${index}`,
                  label: line[language],
                })),
              }))
            : []
        }
        picked={picked}
        onPickedChange={setPicked}
        pgn={pgn}
        onPgnChange={setPgn}
        error={
          args.error
            ? t("myRepertoires.problem.illegal", { game: "Najdorf", move: "\u20667.Bxf9\u2069" })
            : null
        }
        onSubmit={() => onSubmit({ name, side, picked, pgn })}
        onCancel={args.onCancel}
      />
    );
  },
} satisfies Meta<typeof RepertoireCreateForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** New from the starters, import a PGN, and a refused import with its reason. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      <Variant label="New: pick lines" className="items-stretch">
        <FromStory meta={meta} story={PickLines} globals={context.globals} />
      </Variant>
      <Variant label="Import PGN" className="items-stretch">
        <FromStory meta={meta} story={ImportPgn} globals={context.globals} />
      </Variant>
      <Variant label="Import refused" className="items-stretch">
        <FromStory meta={meta} story={Refused} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["New: pick lines", "Import PGN", "Import refused"]);
    const pick = within(shown["New: pick lines"] as HTMLElement);
    await expect(pick.getByRole("radio", { name: t("myRepertoires.form.white") })).toBeChecked();
    await expect(pick.getByRole("button", { name: "4...Bc5" })).toHaveAttribute("aria-pressed", "false");
    await expect(
      within(shown["Import PGN"] as HTMLElement).getByRole("textbox", { name: t("myRepertoires.form.text") }),
    ).toHaveAttribute("dir", "ltr");
    await expect(within(shown["Import refused"] as HTMLElement).getByRole("alert")).toHaveTextContent(
      "Najdorf",
    );
  },
};

/** New: a name, White, two lines of two openings picked, then Create sends them. */
export const PickLines: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const ar = globals?.locale === "ar";
    await userEvent.type(canvas.getByRole("textbox", { name: t("myRepertoires.form.name") }), "Open games");
    await userEvent.click(canvas.getByRole("button", { name: ar ? "4...Bc5" : "4...Bc5" }));
    await userEvent.click(canvas.getByRole("button", { name: ar ? "الحصانان" : "Two Knights" }));
    await expect(canvas.getByRole("button", { name: "4...Bc5" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(canvas.getByRole("button", { name: t("myRepertoires.form.create") }));
    await expect(onSubmit).toHaveBeenLastCalledWith({
      name: "Open games",
      side: "white",
      picked: ["scotch-game/1", "italian-game/1"],
      pgn: "",
    });
    // Black has no starter in this story: its openings are not offered.
    await userEvent.click(canvas.getByRole("radio", { name: t("myRepertoires.form.black") }));
    await expect(canvas.queryByRole("button", { name: "4...Bc5" })).toBeNull();
    // Back to White: its openings again, the lines still picked.
    await userEvent.click(canvas.getByRole("radio", { name: t("myRepertoires.form.white") }));
    await expect(canvas.getByRole("button", { name: "4...Bc5" })).toHaveAttribute("aria-pressed", "true");
  },
};

/** Import: the PGN pasted (left to right in both languages) and Import sends it. */
export const ImportPgn: Story = {
  args: { kind: "pgn" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const text = canvas.getByRole("textbox", { name: t("myRepertoires.form.text") });
    await expect(text).toHaveAttribute("dir", "ltr");
    await userEvent.type(text, "1. e4 c5 (1... e5) *");
    await userEvent.click(canvas.getByRole("button", { name: t("myRepertoires.form.import") }));
    await expect(onSubmit).toHaveBeenLastCalledWith({
      name: "",
      side: "white",
      picked: [],
      pgn: "1. e4 c5 (1... e5) *",
    });
  },
};

/** A refused import: the reason, naming the game and the move, in an alert. */
export const Refused: Story = {
  args: { kind: "pgn", error: "illegal" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Najdorf");
    await expect(canvas.getByRole("alert")).toHaveTextContent("7.Bxf9");
  },
};
