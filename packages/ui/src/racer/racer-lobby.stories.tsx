import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { RacerLobby } from "./racer-lobby";

const DESCRIPTION = `Puzzle Racer's lobby: the race's link to share (with Copy), the players who joined (the viewer
and the owner marked), a line on what happens next, and Start for the owner once two players are in.

**Do**
- Pass \`share: null\` for the public queue's races: only a private race has a link to give.
- Give Start only to the race's owner (\`start: null\` for the others), disabled until a second player is in.
- Say in \`status\` what happens next, in the page's language: it is announced politely as it changes.

**Don't**
- Don't translate or mirror the link: it is an address, shown left to right in either language.
- Don't join a player's name into \`labels\`: pass it as the player's \`name\`, which the lobby isolates
  (\`<bdi>\`) so a Latin name reads whole in an Arabic page.`;

const meta = {
  title: "Training/RacerLobby",
  component: RacerLobby,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "",
    share: null,
    playersTitle: "",
    players: [],
    labels: { you: "", owner: "" },
    start: { label: "", onClick: fn() },
    status: "",
  },
} satisfies Meta<typeof RacerLobby>;
export default meta;
type Story = StoryObj<typeof meta>;

const copy = fn();

/** The owner's lobby with a guest in: the link, both players, Start. */
export const Overview: Story = {
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <RacerLobby
        title={t("racer.lobby.title")}
        share={{
          text: t("racer.lobby.share"),
          link: "https://chess.example.org/training/racer/Hk3mQp7x",
          copy: { label: t("racer.lobby.copy"), onClick: copy },
        }}
        playersTitle={t("racer.lobby.players", { count: 2 })}
        players={[
          { id: "a", name: "Noor", you: true, owner: true },
          { id: "b", name: "tal_fan" },
        ]}
        labels={{ you: t("racer.lobby.you"), owner: t("racer.lobby.owner") }}
        start={{ label: t("racer.lobby.start"), onClick: args.start?.onClick ?? fn() }}
        status={t("racer.lobby.waitOwner")}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox")).toHaveValue(
      "https://chess.example.org/training/racer/Hk3mQp7x",
    );
    await expect(canvas.getAllByRole("listitem")).toHaveLength(2);
    const buttons = canvas.getAllByRole("button");
    await userEvent.click(buttons[0] as HTMLElement);
    await expect(copy).toHaveBeenCalledOnce();
    await userEvent.click(buttons[1] as HTMLElement);
    await expect(args.start?.onClick).toHaveBeenCalledOnce();
  },
};

/** A guest's view of the public queue's race: no link, no Start, the queue's rule. */
export const Guest: Story = {
  render: function Render() {
    const { t } = useTranslation();
    return (
      <RacerLobby
        title={t("racer.lobby.title")}
        share={null}
        playersTitle={t("racer.lobby.players", { count: 1 })}
        players={[{ id: "a", name: "Guest-42", you: true }]}
        labels={{ you: t("racer.lobby.you"), owner: t("racer.lobby.owner") }}
        start={null}
        status={t("racer.lobby.queueWait")}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button")).toBeNull();
    await expect(canvas.queryByRole("textbox")).toBeNull();
  },
};
