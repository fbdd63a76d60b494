export {
  AccountForm,
  type AccountFormField,
  type AccountFormProps,
  type AccountFormStatus,
} from "./account-form";
export { AccountLink, type AccountLinkProps, type AccountLinkRenderProps } from "./account-link";
export {
  DeleteAccountDialog,
  type DeleteAccountDialogLabels,
  type DeleteAccountDialogProps,
} from "./delete-account-dialog";
export {
  PasskeyList,
  type PasskeyListItem,
  type PasskeyListLabels,
  type PasskeyListProps,
} from "./passkey-list";
export { PasswordField, type PasswordFieldProps } from "./password-field";
export {
  SessionList,
  type SessionListItem,
  type SessionListLabels,
  type SessionListProps,
} from "./session-list";
