export {
  EDITOR_TOOLBAR_COMMANDS,
  EditorToolbar,
  type EditorToolbarActive,
  type EditorToolbarCommand,
  type EditorToolbarLabels,
  type EditorToolbarProps,
  editorToolbarButtonVariants,
} from "./editor-toolbar";
export {
  EDITOR_TABLE_ACTIONS,
  type EditorTableAction,
  type EditorTableLabels,
  EditorTableMenu,
  type EditorTableMenuProps,
} from "./table-menu";
