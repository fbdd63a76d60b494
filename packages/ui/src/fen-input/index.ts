export { FenInput, type FenInputProps } from "./fen-input";
