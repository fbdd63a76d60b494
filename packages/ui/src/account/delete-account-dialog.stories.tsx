import type { Meta, StoryObj } from "@storybook/react-vite";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { ARABIC_STORY, chromaticParameters } from "../lib/story-modes";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import {
  DeleteAccountDialog,
  type DeleteAccountDialogLabels,
  type DeleteAccountDialogProps,
} from "./delete-account-dialog";

const USERNAME = "ada_lovelace";

function labelsOf(t: TFunction): DeleteAccountDialogLabels {
  return {
    title: t("account.page.delete.dialogTitle"),
    description: t("account.page.delete.dialogDescription", { username: USERNAME }),
    password: t("account.fields.password"),
    showPassword: t("account.fields.showPassword"),
    cancel: t("account.page.delete.cancel"),
    confirm: t("account.page.delete.confirm"),
    sending: t("account.page.delete.sending"),
  };
}

/**
 * The account page's Delete button and its dialog, holding the password; `wrongPassword`: a confirm is answered
 * "That password is not correct." after a moment of sending, as the server would.
 */
function WithTrigger(args: DeleteAccountDialogProps & { wrongPassword?: boolean }) {
  const { t } = useTranslation();
  const { wrongPassword, ...rest } = args;
  const [open, setOpen] = useState(args.open);
  const [password, setPassword] = useState(args.password);
  const [sending, setSending] = useState(args.sending);
  const [passwordError, setPasswordError] = useState(args.passwordError ?? null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t("account.page.delete.button")}
      </Button>
      <DeleteAccountDialog
        {...rest}
        {...textsOr(args, { labels: labelsOf(t) })}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange(next);
        }}
        password={password}
        onPasswordChange={(value) => {
          setPassword(value);
          setPasswordError(null);
          args.onPasswordChange(value);
        }}
        passwordError={passwordError}
        sending={sending}
        onConfirm={() => {
          args.onConfirm();
          if (!wrongPassword) return;
          setSending(true);
          setTimeout(() => {
            setSending(false);
            setPasswordError(t("account.errors.passwordWrong"));
          }, 150);
        }}
      />
    </>
  );
}

const meta = {
  title: "Account/DeleteAccountDialog",
  component: DeleteAccountDialog,
  // Texts come from the story's locale; typed in Controls, they replace it.
  args: {
    open: false,
    onOpenChange: fn(),
    labels: {
      title: "",
      description: "",
      password: "",
      showPassword: "",
      cancel: "",
      confirm: "",
      sending: "",
    },
    password: "",
    onPasswordChange: fn(),
    sending: false,
    onConfirm: fn(),
  },
  render: (args) => <WithTrigger {...args} />,
} satisfies Meta<typeof DeleteAccountDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog(canvasElement: HTMLElement, t: TFunction) {
  await userEvent.click(within(canvasElement).getByRole("button", { name: t("account.page.delete.button") }));
  return screen.findByRole("alertdialog", { name: t("account.page.delete.dialogTitle") });
}

const passwordOf = (dialog: HTMLElement, t: TFunction) =>
  within(dialog).getByLabelText(t("account.fields.password"), { selector: "input" });

/**
 * The closed dialog's trigger, and the dialog open over the page (on the docs page the story has a frame of its own,
 * so the open dialog stays in it).
 */
export const Overview: Story = {
  parameters: {
    ...chromaticParameters({ portalled: true }),
    docs: { story: { inline: false, height: "420px" } },
  },
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Variants>
        <Variant label="Closed: the trigger">
          <Button variant="danger">{t("account.page.delete.button")}</Button>
        </Variant>
        <Variant label="Open (over the page)">
          <DeleteAccountDialog {...args} labels={labelsOf(t)} open />
          <span className="text-fg-muted text-sm">{t("account.page.delete.dialogTitle")}</span>
        </Variant>
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    await expectVariants(canvasElement, ["Closed: the trigger", "Open (over the page)"]);
    const dialog = await screen.findByRole("alertdialog", { name: t("account.page.delete.dialogTitle") });
    await expect(dialog).toHaveAccessibleDescription(
      t("account.page.delete.dialogDescription", { username: USERNAME }),
    );
    await waitFor(() => expect(passwordOf(dialog, t)).toHaveFocus());
  },
};

/** Opened, the focus is in the password field; Enter confirms with what was typed. */
export const Confirm: Story = {
  parameters: chromaticParameters({ portalled: true }),
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const dialog = await openDialog(canvasElement, t);
    const password = passwordOf(dialog, t);
    await waitFor(() => expect(password).toHaveFocus());
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    await userEvent.keyboard("correct horse battery{Enter}");
    await expect(args.onPasswordChange).toHaveBeenLastCalledWith("correct horse battery");
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** A wrong password is said under the field while the dialog stays open; typing again clears it. */
export const WrongPassword: Story = {
  parameters: chromaticParameters({ portalled: true }),
  render: (args) => <WithTrigger {...args} wrongPassword />,
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const dialog = await openDialog(canvasElement, t);
    const password = passwordOf(dialog, t);
    await userEvent.type(password, "not my password");
    await userEvent.click(within(dialog).getByRole("button", { name: t("account.page.delete.confirm") }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(password).toHaveAccessibleDescription(t("account.errors.passwordWrong")));
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(screen.getByRole("alertdialog")).toBeVisible();
  },
};

/** While deleting, both buttons are disabled and Escape does not close the dialog. */
export const Sending: Story = {
  parameters: chromaticParameters({ portalled: true }),
  args: { open: true, sending: true, password: "correct horse battery" },
  play: async ({ args, globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("alertdialog");
    await expect(
      within(dialog).getByRole("button", { name: t("account.page.delete.sending") }),
    ).toBeDisabled();
    await expect(
      within(dialog).getByRole("button", { name: t("account.page.delete.cancel") }),
    ).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    await expect(screen.getByRole("alertdialog")).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** Cancel and Escape close it, deleting nothing, and the focus goes back to the button that opened it. */
export const Cancel: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = storyTexts(globals);
    const trigger = within(canvasElement).getByRole("button", { name: t("account.page.delete.button") });
    let dialog = await openDialog(canvasElement, t);
    await userEvent.click(within(dialog).getByRole("button", { name: t("account.page.delete.cancel") }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    dialog = await openDialog(canvasElement, t);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const Arabic: Story = {
  ...ARABIC_STORY,
  args: { open: true },
  parameters: chromaticParameters({ arabic: true, portalled: true }),
  play: async ({ globals }) => {
    const t = storyTexts(globals);
    const dialog = await screen.findByRole("alertdialog", { name: t("account.page.delete.dialogTitle") });
    const cancel = within(dialog).getByRole("button", { name: t("account.page.delete.cancel") });
    const confirm = within(dialog).getByRole("button", { name: t("account.page.delete.confirm") });
    // The buttons sit at the end of the row: on the left in Arabic, Cancel first (rightmost).
    await expect(cancel.getBoundingClientRect().left).toBeGreaterThan(confirm.getBoundingClientRect().left);
    await waitFor(() => expect(passwordOf(dialog, t)).toHaveFocus());
  },
};
