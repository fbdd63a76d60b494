export {
  RevisionHistoryDialog,
  type RevisionHistoryDialogProps,
  type RevisionItem,
} from "./revision-history-dialog";
