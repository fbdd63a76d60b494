import type { Meta, StoryObj } from "@storybook/react-vite";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { formatDateTime } from "../lib/dates";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  SessionList,
  type SessionListItem,
  type SessionListLabels,
  type SessionListProps,
} from "./session-list";

/** Signed-in browsers as the account page reads them from the server. */
const SESSIONS = [
  {
    id: "s-phone",
    browser: "Safari",
    system: "iOS",
    created: "2026-11-20T08:05:00Z",
    seen: "2026-11-27T19:42:00Z",
    current: false,
  },
  {
    id: "s-laptop",
    browser: "Firefox",
    system: "Linux",
    created: "2026-11-28T09:14:00Z",
    seen: "2026-11-28T09:30:00Z",
    current: true,
  },
  {
    id: "s-office",
    browser: "Edge",
    system: "Windows",
    created: "2026-10-02T12:00:00Z",
    seen: "2026-10-03T16:20:00Z",
    current: false,
  },
];

/** The list's items in the story's language, as the account page writes them. */
function itemsOf(t: TFunction, language: string, ids?: string[]): SessionListItem[] {
  return SESSIONS.filter((session) => !ids || ids.includes(session.id)).map((session) => {
    const device = t("account.page.sessions.device", { browser: session.browser, system: session.system });
    const seen = formatDateTime(language, session.seen);
    return {
      id: session.id,
      device,
      current: session.current,
      signedIn: t("account.page.sessions.signedIn", { date: formatDateTime(language, session.created) }),
      lastSeen: t("account.page.sessions.lastSeen", { date: seen }),
      revokeLabel: t("account.page.sessions.revokeLabel", { device, date: seen }),
    };
  });
}

function labelsOf(t: TFunction): SessionListLabels {
  return {
    caption: t("account.page.sessions.caption"),
    current: t("account.page.sessions.current"),
    revoke: t("account.page.sessions.revoke"),
    revoking: t("account.page.sessions.revoking"),
  };
}

/** The list with the site's texts; a revoked browser leaves it, as after the page reads the list again. */
function StatefulList(args: SessionListProps & { only?: string[] }) {
  const { t, i18n } = useTranslation();
  const { only, ...rest } = args;
  const [gone, setGone] = useState<string[]>([]);
  const sessions = args.sessions.length > 0 ? args.sessions : itemsOf(t, i18n.language, only);
  return (
    <SessionList
      {...rest}
      {...textsOr(args, { labels: labelsOf(t) })}
      className="max-w-2xl"
      sessions={sessions.filter((session) => !gone.includes(session.id))}
      onRevoke={(id) => {
        args.onRevoke(id);
        if (!args.revoking) setGone((ids) => [...ids, id]);
      }}
    />
  );
}

const meta = {
  title: "Account/SessionList",
  component: SessionList,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    sessions: [],
    labels: { caption: "", current: "", revoke: "", revoking: "" },
    onRevoke: fn(),
  },
  render: (args) => <StatefulList {...args} />,
} satisfies Meta<typeof SessionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Several browsers with this one first, one being signed out, and this browser alone. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Several browsers" className="items-stretch">
        <FromStory meta={meta} story={Several} globals={context.globals} />
      </Variant>
      <Variant label="Signing one out" className="items-stretch">
        <FromStory meta={meta} story={Revoking} globals={context.globals} />
      </Variant>
      <Variant label="This browser alone" className="items-stretch">
        <FromStory meta={meta} story={ThisBrowserAlone} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, [
      "Several browsers",
      "Signing one out",
      "This browser alone",
    ]);
    await expect(within(shown["Several browsers"] as HTMLElement).getAllByRole("listitem")).toHaveLength(3);
    await expect(
      within(shown["Signing one out"] as HTMLElement).getByRole("button", {
        name: t("account.page.sessions.revoking"),
      }),
    ).toBeDisabled();
    await expect(within(shown["This browser alone"] as HTMLElement).queryByRole("button")).toBeNull();
  },
};

/** This browser first and marked; every other one has a button named after it. */
export const Several: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const list = within(canvasElement).getByRole("list", { name: t("account.page.sessions.caption") });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent(t("account.page.sessions.current"));
    await expect(items[0]).toHaveTextContent(
      t("account.page.sessions.device", { browser: "Firefox", system: "Linux" }),
    );
    await expect(within(items[0] as HTMLElement).queryByRole("button")).toBeNull();
    const buttons = within(list).getAllByRole("button");
    await expect(buttons).toHaveLength(2);
    await expect(buttons[0]?.getAttribute("aria-label")).toContain(
      t("account.page.sessions.device", { browser: "Safari", system: "iOS" }),
    );
  },
};

/** A revoke button asks the page to sign that browser out (no confirmation: it can sign in again). */
export const Revoke: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const device = t("account.page.sessions.device", { browser: "Edge", system: "Windows" });
    const button = within(canvasElement)
      .getAllByRole("button")
      .find((element) => element.getAttribute("aria-label")?.includes(device));
    await expect(button).toBeDefined();
    await userEvent.click(button as HTMLElement);
    await expect(args.onRevoke).toHaveBeenCalledWith("s-office");
    await expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(2);
  },
};

/** While one browser is being signed out, its button is disabled and says so. */
export const Revoking: Story = {
  args: { revoking: "s-phone" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const button = within(canvasElement).getByRole("button", { name: t("account.page.sessions.revoking") });
    await expect(button).toBeDisabled();
    await expect(args.onRevoke).not.toHaveBeenCalled();
  },
};

/** Only this browser is signed in: nothing to sign out here (the page's Sign out does it). */
export const ThisBrowserAlone: Story = {
  render: (args) => <StatefulList {...args} only={["s-laptop"]} />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("listitem")).toHaveLength(1);
    await expect(canvas.getByText(t("account.page.sessions.current"))).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** A narrow phone: each browser's button wraps under its lines. */
export const Narrow: Story = {
  globals: { viewport: { value: "mobile1" } },
  parameters: chromaticParameters({ viewport: "mobile1" }),
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector("[data-slot=session-list]") as HTMLElement;
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

export const Arabic: Story = {
  ...Several,
  ...ARABIC_STORY,
};
