export { InsertDialog, type InsertDialogExtraField, type InsertDialogProps } from "./insert-dialog";
