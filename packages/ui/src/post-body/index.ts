export {
  PostBody,
  type PostBodyDiagramTexts,
  type PostBodyProps,
  type PostBodyVideoTexts,
  postBodyClassName,
} from "./post-body";
