import { PostEditorScreen } from "../editor/post-editor-screen";

/** /admin/blog/new: the editor for a new post (spec section 2). */
export function Component() {
  return <PostEditorScreen slug={null} />;
}
