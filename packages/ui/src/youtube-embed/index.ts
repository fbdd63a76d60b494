export { YouTubeEmbed, type YouTubeEmbedProps, youtubeWatchUrl } from "./youtube-embed";
