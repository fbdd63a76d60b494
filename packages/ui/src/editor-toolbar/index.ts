export {
  EditorToolbar,
  type EditorToolbarActive,
  type EditorToolbarLabels,
  type EditorToolbarProps,
  editorToolbarButtonVariants,
} from "./editor-toolbar";
