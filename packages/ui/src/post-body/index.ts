export {
  PostBody,
  type PostBodyDiagramTexts,
  type PostBodyProps,
  type PostBodyVideoTexts,
  type PostHtmlEnvironment,
  postBodyClassName,
  setPostHtmlEnvironment,
} from "./post-body";
