export { PostCard, type PostCardProps } from "./post-card";
