export { YouTubeEmbed, type YouTubeEmbedProps } from "./youtube-embed";
