/** Spec section 3: a contact message. */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactMessage;
export type ContactFieldError = "required" | "email";

export interface ContactFormContext {
  /** What the visitor typed; kept after a failed send so nothing is lost. */
  values: ContactMessage;
  fieldErrors: Partial<Record<ContactField, ContactFieldError>>;
}

export type ContactFormEvent =
  | { type: "form.change"; field: ContactField; value: string }
  | { type: "form.submit" }
  | { type: "form.reset" };
