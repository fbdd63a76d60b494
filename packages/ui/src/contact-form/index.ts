export {
  CONTACT_FORM_FIELDS,
  ContactForm,
  type ContactFormField,
  type ContactFormLabels,
  type ContactFormProps,
  type ContactFormStatus,
} from "./contact-form";
