export { inputClassName, TextField, type TextFieldProps } from "./field";
