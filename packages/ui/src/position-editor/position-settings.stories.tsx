import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  type CastlingFlags,
  type CastlingRightKey,
  PositionSettings,
  type PositionSettingsLabels,
} from "./position-settings";

const ALL: CastlingFlags = { K: true, Q: true, k: true, q: true };

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The position editor's settings (spec section 5): side to move, the four castling rights and the
en passant square. Castling rights the board contradicts are disabled and left out of the position. Use it beside the
PositionEditor.

**Do**
- Work out \`castlingAllowed\` from the board (king and rook on their starting squares): a right the board does not
  allow is shown disabled and unticked, with \`castlingUnavailable\` saying why.
- Keep the right the player asked for in \`castling\` even while it is disabled: it comes back when the pieces do.
- List in \`enPassantOptions\` only the squares this board allows, so a player cannot set an impossible position.

**Don't**
- Don't use it outside the position setup: the trainer's positions come with their own settings.
- Don't translate the en passant squares: they stay e3, d6 in both languages; only the labels follow the page.`;

const meta = {
  title: "Setup/PositionSettings",
  component: PositionSettings,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    turn: "w",
    onTurnChange: fn(),
    castling: ALL,
    castlingAllowed: ALL,
    onCastlingChange: fn(),
    enPassant: null,
    enPassantOptions: [],
    onEnPassantChange: fn(),
    labels: {} as PositionSettingsLabels,
  },
  // Controlled like on the page: the story keeps the values and reports every change.
  render: function Render(args) {
    const { t } = useTranslation();
    const [turn, setTurn] = useState(args.turn);
    const [castling, setCastling] = useState(args.castling);
    const [enPassant, setEnPassant] = useState(args.enPassant);
    return (
      <PositionSettings
        {...args}
        {...textsOr(args, {
          labels: t("positionSetup.settings", { returnObjects: true }) as PositionSettingsLabels,
        })}
        className="max-w-[360px]"
        turn={turn}
        onTurnChange={(next) => {
          setTurn(next);
          args.onTurnChange(next);
        }}
        castling={castling}
        onCastlingChange={(right, value) => {
          setCastling((current) => ({ ...current, [right]: value }));
          args.onCastlingChange(right, value);
        }}
        enPassant={enPassant}
        onEnPassantChange={(next) => {
          setEnPassant(next);
          args.onEnPassantChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof PositionSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

const RIGHTS: readonly CastlingRightKey[] = ["K", "Q", "k", "q"];

const OVERVIEW_SETTINGS = [
  { label: "Start position", story: () => StartPosition },
  { label: "Castling unavailable", story: () => CastlingUnavailable },
  { label: "En passant to choose", story: () => EnPassant },
  { label: "En passant kept", story: () => EnPassantKept },
];

/** Every right open, castling rights the position rules out, en passant squares to choose, and one kept. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-4">
      {OVERVIEW_SETTINGS.map(({ label, story }) => (
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
      OVERVIEW_SETTINGS.map(({ label }) => label),
    );
    const enabled = (label: string) =>
      within(shown[label] as HTMLElement)
        .getAllByRole("checkbox")
        .map((box) => !(box as HTMLInputElement).disabled);
    await expect(enabled("Start position")).toEqual([true, true, true, true]);
    await expect(enabled("Castling unavailable").filter(Boolean)).toHaveLength(1);
    await expect(
      within(shown["En passant to choose"] as HTMLElement).getByRole("combobox", {
        name: t("positionSetup.settings.enPassant"),
      }),
    ).toBeEnabled();
  },
};

export const StartPosition: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const side = canvas.getByRole("group", { name: t("positionSetup.settings.sideToMove") });
    await expect(within(side).getByRole("radio", { name: t("positionSetup.settings.white") })).toBeChecked();
    const castling = canvas.getByRole("group", { name: t("positionSetup.settings.castling") });
    for (const right of RIGHTS) {
      const box = within(castling).getByRole("checkbox", {
        name: t(`positionSetup.settings.castlingRights.${right}`),
      });
      await expect(box).toBeChecked();
      await expect(box).toBeEnabled();
    }
    await expect(canvas.queryByText(t("positionSetup.settings.castlingUnavailable"))).toBeNull();

    await userEvent.click(within(side).getByRole("radio", { name: t("positionSetup.settings.black") }));
    await expect(args.onTurnChange).toHaveBeenCalledWith("b");
    await userEvent.click(
      canvas.getByRole("checkbox", { name: t("positionSetup.settings.castlingRights.q") }),
    );
    await expect(args.onCastlingChange).toHaveBeenCalledWith("q", false);
    await expect(
      canvas.getByRole("checkbox", { name: t("positionSetup.settings.castlingRights.q") }),
    ).not.toBeChecked();
  },
};

/** Rights the board contradicts are disabled, shown unticked, and the reason is given. */
export const CastlingUnavailable: Story = {
  args: { castlingAllowed: { K: true, Q: false, k: false, q: false } },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const kingside = canvas.getByRole("checkbox", { name: t("positionSetup.settings.castlingRights.K") });
    await expect(kingside).toBeEnabled();
    await expect(kingside).toBeChecked();
    for (const right of ["Q", "k", "q"] as const) {
      const box = canvas.getByRole("checkbox", { name: t(`positionSetup.settings.castlingRights.${right}`) });
      await expect(box).toBeDisabled();
      await expect(box).not.toBeChecked();
    }
    await expect(
      canvas.getByRole("group", { name: t("positionSetup.settings.castling") }),
    ).toHaveAccessibleDescription(t("positionSetup.settings.castlingUnavailable"));
  },
};

export const EnPassant: Story = {
  args: { enPassantOptions: ["c6", "e6"] },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const select = within(canvasElement).getByRole("combobox", {
      name: t("positionSetup.settings.enPassant"),
    });
    await expect(select).toHaveValue("");
    await expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([t("positionSetup.settings.enPassantNone"), "c6", "e6"]);
    await userEvent.selectOptions(select, "e6");
    await expect(args.onEnPassantChange).toHaveBeenCalledWith("e6");
    await userEvent.selectOptions(select, "");
    await expect(args.onEnPassantChange).toHaveBeenLastCalledWith(null);
  },
};

/** A square the board no longer supports stays listed (and chosen) until it is changed. */
export const EnPassantKept: Story = {
  args: { enPassant: "d6", enPassantOptions: ["e6"] },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const select = within(canvasElement).getByRole("combobox", {
      name: t("positionSetup.settings.enPassant"),
    });
    await expect(select).toHaveValue("d6");
    await expect(within(select).getAllByRole("option")).toHaveLength(3);
  },
};

export const Arabic: Story = {
  ...ARABIC_STORY,
  args: { castlingAllowed: { K: true, Q: true, k: false, q: false }, turn: "b", enPassantOptions: ["d3"] },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await expect(canvas.getByRole("radio", { name: t("positionSetup.settings.black") })).toBeChecked();
    await expect(
      canvas.getByRole("checkbox", { name: t("positionSetup.settings.castlingRights.k") }),
    ).toBeDisabled();
    await expect(canvas.getByText(t("positionSetup.settings.castlingUnavailable"))).toBeVisible();
  },
};
