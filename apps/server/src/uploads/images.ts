import { BLOG_LIMITS } from "@ct/contract";
import sharp from "sharp";
import { HttpError } from "../http/errors";

// Each upload is decoded once; keeping decoded images in libvips' cache would only hold memory.
sharp.cache(false);

/** The image kinds accepted, recognised by their first bytes (never by the file name or the declared type). */
export type ImageKind = "png" | "jpeg" | "webp" | "gif";

/** The stored file's extension and Content-Type for each kind; GIF is stored as PNG (its first frame). */
export const STORED_AS = {
  png: { extension: "png", contentType: "image/png" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  webp: { extension: "webp", contentType: "image/webp" },
  gif: { extension: "png", contentType: "image/png" },
} as const satisfies Record<ImageKind, { extension: string; contentType: string }>;

/** Decoding larger pictures would take too much memory for a blog image (a "decompression bomb" is refused). */
const MAX_INPUT_PIXELS = 60_000_000;

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);

/** The kind of image by its magic bytes, or null (SVG, HTML, PDF, anything else). */
export function detectImageKind(data: Buffer): ImageKind | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "jpeg";
  if (
    data.subarray(0, 6).toString("latin1") === "GIF87a" ||
    data.subarray(0, 6).toString("latin1") === "GIF89a"
  )
    return "gif";
  if (data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP")
    return "webp";
  return null;
}

export const unsupportedImage = () =>
  new HttpError(415, "unsupported_media_type", "Only PNG, JPEG, WebP and GIF images can be uploaded");

const unreadableImage = () =>
  new HttpError(400, "invalid_image", "The image could not be read: the file is damaged or incomplete");

export interface EncodedImage {
  data: Buffer;
  kind: ImageKind;
  width: number;
  height: number;
}

/**
 * Decodes an upload and encodes it again: turned upright by its EXIF orientation, every metadata block (EXIF, XMP,
 * ICC, comments) dropped, the longest side at most BLOG_LIMITS.uploadMaxSide. PNG and GIF (first frame) give PNG,
 * JPEG gives JPEG, WebP gives WebP. Anything that does not decode completely is refused.
 */
export async function reencodeImage(data: Buffer): Promise<EncodedImage> {
  const kind = detectImageKind(data);
  if (!kind) throw unsupportedImage();
  const input = () => sharp(data, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
  try {
    const metadata = await input().metadata();
    if (metadata.format !== kind) throw unsupportedImage();
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new HttpError(400, "image_too_large", "The image has more than 60 million pixels");
    }
    const pipeline = input().rotate().resize({
      width: BLOG_LIMITS.uploadMaxSide,
      height: BLOG_LIMITS.uploadMaxSide,
      fit: "inside",
      withoutEnlargement: true,
    });
    const encoded =
      kind === "jpeg"
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : kind === "webp"
          ? pipeline.webp({ quality: 85 })
          : pipeline.png({ compressionLevel: 9 });
    const { data: output, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: output, kind, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadableImage();
  }
}
