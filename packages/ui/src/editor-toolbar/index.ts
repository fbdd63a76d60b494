export {
  EDITOR_TOOLBAR_COMMANDS,
  EditorToolbar,
  type EditorToolbarActive,
  type EditorToolbarCommand,
  type EditorToolbarLabels,
  type EditorToolbarProps,
  editorToolbarButtonVariants,
} from "./editor-toolbar";
