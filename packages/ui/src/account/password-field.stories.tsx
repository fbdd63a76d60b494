import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { PasswordField, type PasswordFieldProps } from "./password-field";

/** The field holding what is typed, as a form would. */
function Stateful(args: PasswordFieldProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(args.defaultValue ?? ""));
  const { defaultValue: _initial, ...rest } = args;
  return (
    <PasswordField
      {...rest}
      {...textsOr(args, { label: t("account.fields.password"), showLabel: t("account.fields.showPassword") })}
      className="max-w-login"
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

const meta = {
  title: "Account/PasswordField",
  component: PasswordField,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: { label: "", showLabel: "", name: "password", autoComplete: "current-password", dir: "ltr" },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

const password = (canvasElement: HTMLElement, t: ReturnType<typeof storyTexts>) =>
  within(canvasElement).getByLabelText(t("account.fields.password"), { selector: "input" });

/** Hidden (the default), shown by its toggle, with a hint, and with an error. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-1">
      <Variant label="Hidden" className="items-stretch">
        <FromStory meta={meta} story={Hidden} globals={context.globals} />
      </Variant>
      <Variant label="With hint" className="items-stretch">
        <FromStory meta={meta} story={WithHint} globals={context.globals} />
      </Variant>
      <Variant label="With error" className="items-stretch">
        <FromStory meta={meta} story={WithError} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Hidden", "With hint", "With error"]);
    await expect(password(shown.Hidden as HTMLElement, t)).toHaveAttribute("type", "password");
    await expect(password(shown["With hint"] as HTMLElement, t)).toHaveAccessibleDescription(
      t("account.fields.passwordHint", { min: 10 }),
    );
    await expect(password(shown["With error"] as HTMLElement, t)).toHaveAttribute("aria-invalid", "true");
  },
};

/** The toggle shows what was typed and hides it again; the input keeps its name and autocomplete. */
export const Hidden: Story = {
  args: { defaultValue: "correct horse battery" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = password(canvasElement, t);
    const toggle = within(canvasElement).getByRole("button", { name: t("account.fields.showPassword") });
    await expect(input).toHaveAttribute("type", "password");
    await expect(input).toHaveAttribute("autocomplete", "current-password");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    // Tab goes from the input to its toggle.
    await userEvent.click(input);
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(input).toHaveAttribute("type", "text");
    await expect(input).toHaveValue("correct horse battery");
    await userEvent.click(toggle);
    await expect(input).toHaveAttribute("type", "password");
  },
};

export const WithHint: Story = {
  args: { autoComplete: "new-password" },
  render: function Render(args) {
    const { t } = useTranslation();
    return <Stateful {...args} {...textsOr(args, { hint: t("account.fields.passwordHint", { min: 10 }) })} />;
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = password(canvasElement, t);
    await expect(input).toHaveAttribute("autocomplete", "new-password");
    await expect(input).toHaveAccessibleDescription(t("account.fields.passwordHint", { min: 10 }));
    await userEvent.type(input, "0123456789");
    await expect(input).toHaveValue("0123456789");
  },
};

export const WithError: Story = {
  args: { defaultValue: "password" },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Stateful {...args} {...textsOr(args, { error: t("account.errors.passwordTooShort", { min: 10 }) })} />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const input = password(canvasElement, t);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(t("account.errors.passwordTooShort", { min: 10 }));
  },
};

/** Arabic: the label reads right to left; the input and its toggle stay left to right, the toggle at the end. */
export const Arabic: Story = {
  ...Hidden,
  ...ARABIC_STORY,
  play: async (context) => {
    const t = storyTexts(context.globals);
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    const input = password(context.canvasElement, t);
    const toggle = within(context.canvasElement).getByRole("button", {
      name: t("account.fields.showPassword"),
    });
    await expect(toggle.getBoundingClientRect().right).toBeCloseTo(input.getBoundingClientRect().right, 0);
    await Hidden.play?.(context);
  },
};
