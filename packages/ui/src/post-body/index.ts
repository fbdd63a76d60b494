export {
  PostBody,
  type PostBodyDiagramTexts,
  type PostBodyProps,
  type PostBodyTableTexts,
  type PostBodyVideoTexts,
  type PostHtmlEnvironment,
  postBodyClassName,
  setPostHtmlEnvironment,
} from "./post-body";
