import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { StormHud } from "./storm-hud";

const DESCRIPTION = `Puzzle Storm's figures during a run: the clock, the puzzles solved and the combo, whose bar fills
toward the next time bonus (5, 12, 20, 30 right moves in a row). A bonus or a wrong move's cost flashes beside the
clock; under 10 seconds the clock turns red.

**Do**
- Keep it beside the board, where the eye already is.

**Don't**
- Don't show it on the start or the result screen: it is the run's own.`;

const meta = {
  title: "Training/StormHud",
  component: StormHud,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    clock: "2:47",
    clockLabel: "",
    score: 0,
    scoreLabel: "",
    combo: 0,
    comboLabel: "",
    comboProgress: 0,
    comboNote: "",
  },
} satisfies Meta<typeof StormHud>;
export default meta;
type Story = StoryObj<typeof meta>;

/** During a run: a combo of 8 on its way to the bonus at 12, then the last seconds after a wrong move. */
export const Overview: Story = {
  render: function Render() {
    const { t, i18n } = useTranslation();
    const texts = {
      clockLabel: t("storm.hud.clock"),
      scoreLabel: t("storm.hud.score"),
      comboLabel: t("storm.hud.combo"),
      locale: i18n.language,
    };
    return (
      <div className="flex max-w-sm flex-col gap-4">
        <StormHud
          {...texts}
          clock="2:47"
          score={6}
          combo={8}
          comboProgress={3 / 7}
          comboNote={t("storm.hud.nextBonus", { count: 12 })}
          flash={{ kind: "bonus", text: t("storm.bonus", { seconds: 3 }), id: 1 }}
        />
        <StormHud
          {...texts}
          clock="0:07"
          low
          score={23}
          combo={0}
          comboProgress={0}
          comboNote={t("storm.hud.nextBonus", { count: 5 })}
          flash={{ kind: "malus", text: t("storm.malus", { seconds: 10 }), id: 2 }}
        />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bars = canvas.getAllByRole("progressbar");
    await expect(bars[0]).toHaveAttribute("aria-valuenow", "43");
    const clocks = canvasElement.querySelectorAll<HTMLElement>('[data-slot="storm-clock"]');
    await expect(clocks[0]?.dataset.low).toBeUndefined();
    await expect(clocks[1]?.dataset.low).toBe("true");
    const flashes = [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="storm-flash"]')];
    await expect(flashes.map((flash) => flash.dataset.kind)).toEqual(["bonus", "malus"]);
  },
};
