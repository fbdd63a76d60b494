export { SelectField, type SelectFieldProps, type SelectOption } from "./select-field";
