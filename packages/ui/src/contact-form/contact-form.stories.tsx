import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, userEvent, within } from "storybook/test";
import { ARABIC_STORY } from "../lib/story-modes";
import { expectVariants, FromStory, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  CONTACT_FORM_FIELDS,
  ContactForm,
  type ContactFormField,
  type ContactFormLabels,
  type ContactFormProps,
} from "./contact-form";

const empty = { name: "", email: "", subject: "", message: "" };
const filled = {
  name: "Ada Lovelace",
  email: "ada@example.org",
  subject: "Rook endgames",
  message: "Which rook endgame should I study first?",
};

/** The form with its texts from the site's i18n resources, holding what is typed like the page's machine does. */
function StatefulForm(args: ContactFormProps & { validate?: boolean }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(args.values);
  const [honeypot, setHoneypot] = useState(args.honeypot ?? "");
  const [errors, setErrors] = useState(args.errors ?? {});
  const requiredKey: Record<ContactFormField, string> = {
    name: "contact.errors.nameRequired",
    email: "contact.errors.emailRequired",
    subject: "contact.errors.subjectRequired",
    message: "contact.errors.messageRequired",
  };
  const statusMessage =
    args.status === "success" ? t("contact.success") : args.status === "error" ? t("contact.failure") : null;
  return (
    <ContactForm
      {...args}
      {...textsOr(args, { labels: t("contact.form", { returnObjects: true }) as ContactFormLabels })}
      className="max-w-xl"
      values={values}
      honeypot={honeypot}
      errors={errors}
      statusMessage={statusMessage}
      onFieldChange={(field, value) => {
        setValues((current) => ({ ...current, [field]: value }));
        setErrors(({ [field]: _cleared, ...rest }) => rest);
        args.onFieldChange(field, value);
      }}
      onHoneypotChange={(value) => {
        setHoneypot(value);
        args.onHoneypotChange?.(value);
      }}
      onSubmit={() => {
        if (args.validate) {
          const refused = CONTACT_FORM_FIELDS.filter((field) => values[field].trim() === "");
          setErrors(Object.fromEntries(refused.map((field) => [field, t(requiredKey[field])])));
        }
        args.onSubmit();
      }}
    />
  );
}

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `The contact form (spec sections 2 and 5): name, email, subject and message, all required; the
email field is of email type; the message area is at least 150 px high. The form does not validate by itself: the
caller's messages appear under their fields, and after a refused send the first invalid field gets the focus. A
honeypot field sits off-screen, hidden from screen readers and out of the tab order, so only bots fill it. The status
area announces the outcome (a polite status for success, an alert for failure); Send is disabled while sending.

**Do**
- Validate in \`onSubmit\` and pass each field's message in \`errors\`, already in the page's language, saying how to
  fix it ("Enter an email address like name@example.com").
- Pass \`maxLengths\` from what the server accepts, so a visitor is not refused after typing a long message.
- Set \`status\` to \`sending\` while it goes, then \`success\` or \`error\` with a \`statusMessage\` that says what
  happened and what to do next.

**Don't**
- Don't make the honeypot visible or required: it stays off-screen and empty for people; a filled one marks a bot.
- Don't clear what the visitor typed after a failed send: they should only have to press Send again.`;

const meta = {
  title: "Contact/ContactForm",
  component: ContactForm,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    labels: {
      name: "",
      email: "",
      subject: "",
      message: "",
      honeypot: "",
      allRequired: "",
      submit: "",
      sending: "",
    },
    values: empty,
    status: "idle",
    maxLengths: { name: 100, email: 254, subject: 200, message: 5000 },
    onFieldChange: fn(),
    onHoneypotChange: fn(),
    onSubmit: fn(),
  },
  render: (args) => <StatefulForm {...args} />,
} satisfies Meta<typeof ContactForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const OVERVIEW_FORMS = [
  { label: "Empty", story: () => Empty },
  { label: "Invalid email", story: () => InvalidEmail },
  { label: "Sending", story: () => Sending },
  { label: "Failure", story: () => Failure },
];

/** The form empty, with a field's error, while sending (Send disabled) and after a failed send. */
export const Overview: Story = {
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      {OVERVIEW_FORMS.map(({ label, story }) => (
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
      OVERVIEW_FORMS.map(({ label }) => label),
    );
    await expect(canvasElement.querySelectorAll("form")).toHaveLength(4);
    await expect(
      within(shown["Invalid email"] as HTMLElement).getByRole("textbox", { name: t("contact.form.email") }),
    ).toHaveAccessibleDescription(t("contact.errors.emailInvalid"));
    await expect(within(shown.Sending as HTMLElement).getByRole("button")).toBeDisabled();
    await expect(within(shown.Empty as HTMLElement).getByRole("button")).toBeEnabled();
    await expect(shown.Failure).toHaveTextContent(t("contact.failure"));
  },
};

/** Labelled, required fields; an email-type address; a message area at least 150 px high. */
export const Empty: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    for (const field of CONTACT_FORM_FIELDS) {
      await expect(canvas.getByRole("textbox", { name: t(`contact.form.${field}`) })).toBeRequired();
    }
    await expect(canvas.getByRole("textbox", { name: t("contact.form.email") })).toHaveAttribute(
      "type",
      "email",
    );
    const message = canvas.getByRole("textbox", { name: t("contact.form.message") });
    await expect(message.tagName).toBe("TEXTAREA");
    await expect(message.getBoundingClientRect().height).toBeGreaterThanOrEqual(150);
    await expect(canvas.getByText(t("contact.form.allRequired"))).toBeVisible();
    await expect(canvas.getByRole("button", { name: t("contact.form.submit") })).toBeEnabled();
  },
};

/** The honeypot is off-screen, hidden from screen readers, and Tab goes from field to field past it. */
export const HoneypotStaysHidden: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("textbox", { name: t("contact.form.honeypot") })).toBeNull();
    const trap = canvasElement.querySelector("[data-slot=contact-form-trap]");
    await expect(trap).toHaveAttribute("aria-hidden", "true");
    const input = trap?.querySelector("input");
    await expect(input).toHaveAttribute("tabindex", "-1");
    const box = input?.getBoundingClientRect();
    await expect(box && (box.right <= 0 || box.left >= window.innerWidth)).toBe(true);

    await userEvent.click(canvas.getByRole("textbox", { name: t("contact.form.name") }));
    for (const field of ["email", "subject", "message"] as const) {
      await userEvent.tab();
      await expect(canvas.getByRole("textbox", { name: t(`contact.form.${field}`) })).toHaveFocus();
    }
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: t("contact.form.submit") })).toHaveFocus();
  },
};

/** Typing reports each change; Send (or Enter) asks the caller to send. */
export const Typing: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    for (const field of CONTACT_FORM_FIELDS) {
      await userEvent.type(canvas.getByRole("textbox", { name: t(`contact.form.${field}`) }), filled[field]);
    }
    await expect(args.onFieldChange).toHaveBeenLastCalledWith("message", filled.message);
    await expect(canvas.getByRole("textbox", { name: t("contact.form.name") })).toHaveValue(filled.name);
    await userEvent.click(canvas.getByRole("button", { name: t("contact.form.submit") }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await userEvent.type(canvas.getByRole("textbox", { name: t("contact.form.subject") }), "{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
    await expect(args.onHoneypotChange).not.toHaveBeenCalled();
  },
};

/** A refused send: each field says why, and the focus moves to the first one. */
export const RefusedSend: Story = {
  render: (args) => <StatefulForm {...args} validate />,
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: t("contact.form.subject") }), "Openings");
    await userEvent.click(canvas.getByRole("button", { name: t("contact.form.submit") }));
    const name = canvas.getByRole("textbox", { name: t("contact.form.name") });
    await expect(name).toHaveFocus();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(t("contact.errors.nameRequired"));
    await expect(
      canvas.getByRole("textbox", { name: t("contact.form.message") }),
    ).toHaveAccessibleDescription(t("contact.errors.messageRequired"));
    await expect(canvas.getByRole("textbox", { name: t("contact.form.subject") })).not.toHaveAttribute(
      "aria-invalid",
    );
    // Typing in a field clears its message; the focus stays where the visitor types.
    await userEvent.type(canvas.getByRole("textbox", { name: t("contact.form.message") }), "Hello");
    await expect(canvas.getByRole("textbox", { name: t("contact.form.message") })).toHaveFocus();
    await expect(canvas.queryByText(t("contact.errors.messageRequired"))).toBeNull();
  },
};

export const InvalidEmail: Story = {
  args: { values: { ...filled, email: "ada@example" } },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <StatefulForm {...args} {...textsOr(args, { errors: { email: t("contact.errors.emailInvalid") } })} />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const email = within(canvasElement).getByRole("textbox", { name: t("contact.form.email") });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(t("contact.errors.emailInvalid"));
  },
};

/** While sending, Send is disabled and says so. */
export const Sending: Story = {
  args: { values: filled, status: "sending" },
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: t("contact.form.sending") });
    await expect(button).toBeDisabled();
    await userEvent.type(canvas.getByRole("textbox", { name: t("contact.form.subject") }), "{Enter}");
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Success: Story = {
  args: { status: "success" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("contact.success"));
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expect(canvas.getByRole("button", { name: t("contact.form.submit") })).toBeEnabled();
  },
};

export const Failure: Story = {
  args: { values: filled, status: "error" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(t("contact.failure"));
    await expect(canvas.getByRole("status")).toBeEmptyDOMElement();
    // What was typed is still there to send again.
    await expect(canvas.getByRole("textbox", { name: t("contact.form.message") })).toHaveValue(
      filled.message,
    );
  },
};

/** Arabic, right to left: the same form, fields and keyboard path. */
export const Arabic: Story = {
  ...ARABIC_STORY,
  play: async (context) => {
    await expect(document.documentElement).toHaveAttribute("dir", "rtl");
    await Empty.play?.(context);
    await HoneypotStaysHidden.play?.(context);
  },
};

export const ArabicFailure: Story = {
  ...Failure,
  ...ARABIC_STORY,
};
