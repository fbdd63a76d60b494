export {
  PostBody,
  type PostBodyDiagramTexts,
  type PostBodyProps,
  type PostBodyVideoTexts,
} from "./post-body";
