export { InsertDialog, type InsertDialogProps } from "./insert-dialog";
