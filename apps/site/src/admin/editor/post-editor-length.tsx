import { type Editor, useEditorState } from "@tiptap/react";
import { useTranslation } from "react-i18next";
import { countWords, readingMinutes } from "./word-count";

/** Under the document: the post's length as the admin types, e.g. "312 words · 2 min read" (Arabic plurals too). */
export function PostLength({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const words =
    useEditorState({ editor, selector: ({ editor: current }) => countWords(current?.getText() ?? "") }) ?? 0;
  return (
    <p data-slot="post-length" className="m-0 text-end text-sm text-fg-muted">
      {t("admin.editorBlocks.length", {
        words: t("admin.editorBlocks.words", { count: words }),
        time: t("admin.editorBlocks.readingTime", { count: readingMinutes(words) }),
      })}
    </p>
  );
}
