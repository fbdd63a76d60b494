import type { Meta, StoryObj } from "@storybook/react-vite";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { formatDateTime } from "../lib/dates";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  PasskeyList,
  type PasskeyListItem,
  type PasskeyListLabels,
  type PasskeyListProps,
} from "./passkey-list";

/** Passkeys as the account page reads them from the server. */
const PASSKEYS = [
  { id: "pk-phone", name: "Safari on iOS", created: "2026-11-20T08:05:00Z", used: "2026-11-27T19:42:00Z" },
  { id: "pk-laptop", name: "Chrome on Linux", created: "2026-11-28T09:14:00Z", used: null },
];

function itemsOf(t: TFunction, language: string): PasskeyListItem[] {
  return PASSKEYS.map((passkey) => {
    const added = formatDateTime(language, passkey.created);
    return {
      id: passkey.id,
      name: passkey.name,
      added: t("account.passkeys.created", { date: added }),
      lastUsed: passkey.used
        ? t("account.passkeys.lastUsed", { date: formatDateTime(language, passkey.used) })
        : t("account.passkeys.neverUsed"),
      removeLabel: t("account.passkeys.removeLabel", { name: passkey.name, date: added }),
    };
  });
}

function labelsOf(t: TFunction): PasskeyListLabels {
  return {
    caption: t("account.passkeys.caption"),
    empty: t("account.passkeys.none"),
    remove: t("account.passkeys.remove"),
    removing: t("account.passkeys.removing"),
  };
}

/** The list with the site's texts; a removed passkey leaves it. `none`: the player has none. */
function StatefulList(args: PasskeyListProps & { none?: boolean }) {
  const { t, i18n } = useTranslation();
  const { none, ...rest } = args;
  const [gone, setGone] = useState<string[]>([]);
  const passkeys = none ? [] : args.passkeys.length > 0 ? args.passkeys : itemsOf(t, i18n.language);
  return (
    <PasskeyList
      {...rest}
      {...textsOr(args, { labels: labelsOf(t) })}
      className="max-w-2xl"
      passkeys={passkeys.filter((passkey) => !gone.includes(passkey.id))}
      onRemove={(id) => {
        args.onRemove(id);
        if (!args.removing) setGone((ids) => [...ids, id]);
      }}
    />
  );
}

const meta = {
  title: "Account/PasskeyList",
  component: PasskeyList,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    passkeys: [],
    labels: { caption: "", empty: "", remove: "", removing: "" },
    onRemove: fn(),
  },
  render: (args) => <StatefulList {...args} />,
} satisfies Meta<typeof PasskeyList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two passkeys, one being removed, and none yet. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Two passkeys" className="items-stretch">
        <FromStory meta={meta} story={TwoPasskeys} globals={context.globals} />
      </Variant>
      <Variant label="Removing one" className="items-stretch">
        <FromStory meta={meta} story={Removing} globals={context.globals} />
      </Variant>
      <Variant label="None yet" className="items-stretch">
        <FromStory meta={meta} story={NoneYet} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Two passkeys", "Removing one", "None yet"]);
    await expect(within(shown["Two passkeys"] as HTMLElement).getAllByRole("listitem")).toHaveLength(2);
    await expect(
      within(shown["Removing one"] as HTMLElement).getByRole("button", {
        name: t("account.passkeys.removing"),
      }),
    ).toBeDisabled();
    await expect(shown["None yet"]).toHaveTextContent(t("account.passkeys.none"));
  },
};

/** Each passkey with its name, when it was last used and added, and a remove button named after it. */
export const TwoPasskeys: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const list = within(canvasElement).getByRole("list", { name: t("account.passkeys.caption") });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(2);
    await expect(items[1]).toHaveTextContent(t("account.passkeys.neverUsed"));
    const remove = within(items[0] as HTMLElement).getByRole("button");
    await expect(remove.getAttribute("aria-label")).toContain("Safari on iOS");
    await userEvent.click(remove);
    await expect(args.onRemove).toHaveBeenCalledWith("pk-phone");
    await expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  },
};

export const Removing: Story = {
  args: { removing: "pk-laptop" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(
      within(canvasElement).getByRole("button", { name: t("account.passkeys.removing") }),
    ).toBeDisabled();
    await expect(args.onRemove).not.toHaveBeenCalled();
  },
};

export const NoneYet: Story = {
  render: (args) => <StatefulList {...args} none />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expect(within(canvasElement).queryByRole("list")).toBeNull();
    await expect(within(canvasElement).getByText(t("account.passkeys.none"))).toBeVisible();
  },
};

export const Arabic: Story = {
  ...TwoPasskeys,
  ...ARABIC_STORY,
};
