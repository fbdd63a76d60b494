import type { Meta, StoryObj } from "@storybook/react-vite";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { AccountForm, type AccountFormField, type AccountFormProps } from "./account-form";

type Kind = "signIn" | "signUp" | "password";

/** The site's fields of each form (apps/site/src/account/texts.ts), with the site's texts. */
function fieldsOf(t: TFunction, kind: Kind): AccountFormField[] {
  const hint = t("account.fields.passwordHint", { min: 10 });
  if (kind === "signIn") {
    return [
      { name: "username", label: t("account.fields.username"), type: "text", autoComplete: "username" },
      {
        name: "password",
        label: t("account.fields.password"),
        type: "password",
        autoComplete: "current-password",
      },
    ];
  }
  if (kind === "password") {
    return [
      {
        name: "current_password",
        label: t("account.fields.currentPassword"),
        type: "password",
        autoComplete: "current-password",
      },
      {
        name: "new_password",
        label: t("account.fields.newPassword"),
        type: "password",
        autoComplete: "new-password",
        hint,
      },
    ];
  }
  return [
    {
      name: "username",
      label: t("account.fields.username"),
      type: "text",
      autoComplete: "username",
      hint: t("account.fields.usernameHint"),
      maxLength: 20,
    },
    {
      name: "password",
      label: t("account.fields.password"),
      type: "password",
      autoComplete: "new-password",
      hint,
    },
    {
      name: "email",
      label: t("account.fields.email"),
      type: "email",
      autoComplete: "email",
      required: false,
      hint: t("account.fields.emailHint"),
    },
  ];
}

const BUTTONS: Record<Kind, [string, string]> = {
  signIn: ["account.signIn.submit", "account.signIn.sending"],
  signUp: ["account.signUp.submit", "account.signUp.sending"],
  password: ["account.page.password.submit", "account.page.password.sending"],
};

type StatefulProps = AccountFormProps & {
  kind: Kind;
  /**
   * What a send gets back, as the page's machine would show it: the fields' messages (keys of the site's texts) after
   * a moment of sending. Without it, a send only reports `onSubmit`.
   */
  answer?: { errors?: Record<string, string>; error?: string };
};

/** The form with the site's texts, holding what is typed, and answering a send like the page's machine does. */
function StatefulForm({ kind, answer, ...args }: StatefulProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(args.values);
  const [errors, setErrors] = useState(args.errors ?? {});
  const [error, setError] = useState(args.error ?? null);
  const [status, setStatus] = useState(args.status);
  const [submit, sending] = BUTTONS[kind];
  return (
    <AccountForm
      {...args}
      {...textsOr(args, {
        submitLabel: t(submit),
        sendingLabel: t(sending),
        showPasswordLabel: t("account.fields.showPassword"),
      })}
      className="max-w-md"
      fields={args.fields.length > 0 ? args.fields : fieldsOf(t, kind)}
      values={values}
      errors={errors}
      error={error}
      status={status}
      onFieldChange={(name, value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors(({ [name]: _cleared, ...rest }) => rest);
        setError(null);
        if (status === "success") setStatus("idle");
        args.onFieldChange(name, value);
      }}
      onSubmit={() => {
        args.onSubmit();
        if (!answer) return;
        setStatus("sending");
        setTimeout(() => {
          setErrors(
            Object.fromEntries(Object.entries(answer.errors ?? {}).map(([field, key]) => [field, t(key)])),
          );
          setError(answer.error ? t(answer.error) : null);
          setStatus("idle");
        }, 150);
      }}
    />
  );
}

const meta = {
  title: "Account/AccountForm",
  component: AccountForm,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    fields: [],
    values: {},
    status: "idle",
    submitLabel: "",
    sendingLabel: "",
    showPasswordLabel: "",
    onFieldChange: fn(),
    onSubmit: fn(),
  },
  render: (args) => <StatefulForm {...args} kind="signIn" />,
} satisfies Meta<typeof AccountForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW = [
  { label: "Sign in, empty", story: () => SignIn },
  { label: "Sign up, refused by field", story: () => SignUpRefused },
  { label: "Sending", story: () => Sending },
  { label: "Wrong name or password", story: () => WrongCredentials },
];

/** The sign-in form empty, sign-up with its fields refused, a form sending, and a refusal of the whole form. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      {OVERVIEW.map(({ label, story }) => (
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
      OVERVIEW.map(({ label }) => label),
    );
    await expect(canvasElement.querySelectorAll("form")).toHaveLength(4);
    await expect(
      within(shown["Sign up, refused by field"] as HTMLElement).getByRole("textbox", {
        name: t("account.fields.username"),
      }),
    ).toHaveAccessibleDescription(t("account.errors.usernameTaken"));
    await expect(
      within(shown.Sending as HTMLElement).getByRole("button", { name: t("account.signIn.sending") }),
    ).toBeDisabled();
    await expect(within(shown["Wrong name or password"] as HTMLElement).getByRole("alert")).toHaveTextContent(
      t("account.errors.invalidCredentials"),
    );
  },
};

/** Sign in: the name and the password, each with what browsers should fill in; the refusal region is empty. */
export const SignIn: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const username = canvas.getByRole("textbox", { name: t("account.fields.username") });
    const password = canvas.getByLabelText(t("account.fields.password"), { selector: "input" });
    await expect(username).toHaveAttribute("autocomplete", "username");
    await expect(username).toBeRequired();
    await expect(username).toHaveAttribute("dir", "ltr");
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    await expect(password).toHaveAttribute("type", "password");
    await expect(canvas.getByRole("alert")).toBeEmptyDOMElement();
    await userEvent.type(username, "ada");
    await userEvent.type(password, "correct horse battery{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onFieldChange).toHaveBeenLastCalledWith("password", "correct horse battery");
  },
};

/** Sign up: each rule under its field before anything is typed; the email is optional. */
export const SignUp: Story = {
  render: (args) => <StatefulForm {...args} kind="signUp" />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const username = canvas.getByRole("textbox", { name: t("account.fields.username") });
    await expect(username).toHaveAccessibleDescription(t("account.fields.usernameHint"));
    await expect(username).toHaveAttribute("maxlength", "20");
    const password = canvas.getByLabelText(t("account.fields.password"), { selector: "input" });
    await expect(password).toHaveAttribute("autocomplete", "new-password");
    await expect(password).toHaveAccessibleDescription(t("account.fields.passwordHint", { min: 10 }));
    const email = canvas.getByRole("textbox", { name: t("account.fields.email") });
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("autocomplete", "email");
    await expect(email).not.toBeRequired();
    await expect(canvas.getByRole("button", { name: t("account.signUp.submit") })).toBeEnabled();
  },
};

/** The server refused two fields: each says why, and the focus goes to the first once the answer is in. */
export const SignUpRefused: Story = {
  args: { values: { username: "magnus", password: "password123", email: "" } },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <StatefulForm
        {...args}
        kind="signUp"
        {...textsOr(args, {
          errors: {
            username: t("account.errors.usernameTaken"),
            password: t("account.errors.passwordCommon"),
          },
        })}
        answer={{
          errors: { username: "account.errors.usernameTaken", password: "account.errors.passwordCommon" },
        }}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const username = canvas.getByRole("textbox", { name: t("account.fields.username") });
    const password = canvas.getByLabelText(t("account.fields.password"), { selector: "input" });
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(t("account.errors.passwordCommon"));
    // Typing clears that field's message only.
    await userEvent.type(username, "_2");
    await expect(username).not.toHaveAttribute("aria-invalid");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    // Sent again and refused again: the focus moves to the first refused field once the answer is in.
    // (The moment of sending is the Sending story's: here it lasts 150 ms, shorter than a slow machine's step.)
    await userEvent.click(canvas.getByRole("button", { name: t("account.signUp.submit") }));
    await waitFor(() => expect(username).toHaveFocus());
    await expect(username).toHaveAccessibleDescription(t("account.errors.usernameTaken"));
  },
};

/** While sending, the button is disabled and says so; Enter sends nothing more. */
export const Sending: Story = {
  args: { values: { username: "ada", password: "correct horse battery" }, status: "sending" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: t("account.signIn.sending") })).toBeDisabled();
    await expect(canvasElement.querySelector("form")).toHaveAttribute("aria-busy", "true");
    await userEvent.type(canvas.getByRole("textbox", { name: t("account.fields.username") }), "{Enter}");
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A refusal of the whole form is announced (an alert) and names neither field. */
export const WrongCredentials: Story = {
  args: { values: { username: "ada", password: "not my password" } },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <StatefulForm
        {...args}
        kind="signIn"
        {...textsOr(args, { error: t("account.errors.invalidCredentials") })}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("account.errors.invalidCredentials"));
    await expect(canvas.getByRole("textbox", { name: t("account.fields.username") })).not.toHaveAttribute(
      "aria-invalid",
    );
    // Typing clears it.
    await userEvent.type(canvas.getByLabelText(t("account.fields.password"), { selector: "input" }), "!");
    await expect(canvas.getByRole("alert")).toBeEmptyDOMElement();
  },
};

/** The account page's password form: a success is said politely; the hidden name tells password managers whose. */
export const PasswordChanged: Story = {
  args: {
    status: "success",
    accountName: "ada_lovelace",
    values: { current_password: "", new_password: "" },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <StatefulForm
        {...args}
        kind="password"
        {...textsOr(args, { message: t("account.page.password.changed") })}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("account.page.password.changed"));
    const hidden = canvasElement.querySelector<HTMLInputElement>("input[autocomplete=username]");
    await expect(hidden).not.toBeVisible();
    await expect(hidden?.value).toBe("ada_lovelace");
    await expect(
      canvas.getByLabelText(t("account.fields.newPassword"), { selector: "input" }),
    ).toHaveAttribute("autocomplete", "new-password");
  },
};

/** Arabic: labels and messages right to left; names and passwords are typed left to right. */
export const Arabic: Story = {
  ...SignUp,
  ...ARABIC_STORY,
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await SignUp.play?.(context);
  },
};

export const ArabicRefused: Story = {
  ...SignUpRefused,
  ...ARABIC_STORY,
};
