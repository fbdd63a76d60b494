import { useParams } from "../../app/routing";
import { PostEditorScreen } from "../editor/post-editor-screen";

/** /admin/blog/edit/{slug}: the editor for an existing post, loaded by its slug (spec section 2). */
export function Component() {
  const { slug = "" } = useParams();
  // A new slug is a different post: a fresh editor, not the old one's state.
  return <PostEditorScreen key={slug} slug={slug} />;
}
