export {
  type MyRepertoireButton,
  type MyRepertoireItem,
  type MyRepertoireLink,
  MyRepertoires,
  type MyRepertoiresProps,
} from "./my-repertoires";
export {
  RepertoireCreateForm,
  type RepertoireCreateFormProps,
  type RepertoireCreateFormTexts,
  type StarterChoice,
} from "./repertoire-create-form";
export { RepertoireEditor, type RepertoireEditorProps } from "./repertoire-editor";
export {
  RepertoireMoveTree,
  type RepertoireMoveTreeProps,
  type RepertoireTreeItem,
} from "./repertoire-move-tree";
export {
  type RepertoireOpeningItem,
  RepertoireOpenings,
  type RepertoireOpeningsProps,
} from "./repertoire-openings";
export {
  type RepertoireAction,
  type RepertoireMoveItem,
  RepertoirePanel,
  type RepertoirePanelProps,
  type RepertoireStatus,
} from "./repertoire-panel";
