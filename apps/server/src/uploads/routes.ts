import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { BLOG_LIMITS, blogUploadSchema } from "@ct/contract";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireWriter } from "../auth/writer";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { type ImageKind, reencodeImage, STORED_AS } from "./images";

/** The multipart field the editor sends the file in (spec section 7, Blog). */
export const UPLOAD_FIELD = "image";

/** Names the server gives stored uploads: 32 random hex digits and the stored type's extension. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** Content-Type of a stored upload by its extension. */
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.values(STORED_AS).map(({ extension, contentType }) => [extension, contentType]),
);

/** Room for the multipart framing (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const MEGABYTES = BLOG_LIMITS.uploadBytes / (1024 * 1024);
const tooLarge = () =>
  new HttpError(
    413,
    "payload_too_large",
    `The image is larger than ${MEGABYTES} MB, the most an upload may be`,
  );

export const uploadsDir = (context: AppContext) => join(context.config.dataDir, "uploads");

/** Writes the file under a fresh random name, flushed to disk before it is announced. */
async function store(directory: string, data: Buffer, kind: ImageKind): Promise<string> {
  await mkdir(directory, { recursive: true });
  const name = `${randomBytes(16).toString("hex")}.${STORED_AS[kind].extension}`;
  const temporary = join(directory, `.${name}.tmp`);
  const file = await open(temporary, "wx", 0o644);
  try {
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await rename(temporary, join(directory, name));
  // The new directory entry is durable too, not only the file's bytes.
  const folder = await open(directory, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return name;
}

/**
 * The one file of the request, sent in the `image` field and at most BLOG_LIMITS.uploadBytes long. Other text
 * fields are read and ignored; a file in another field, or a second file, is refused.
 */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(415, "unsupported_media_type", "Send the image as multipart/form-data");
  }
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        throw new HttpError(400, "bad_request", `Send the image in the multipart field "${UPLOAD_FIELD}"`, [
          { path: `body.${part.fieldname}`, message: `Expected the field "${UPLOAD_FIELD}"` },
        ]);
      }
      image = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!image) throw new HttpError(400, "bad_request", `No file in the multipart field "${UPLOAD_FIELD}"`);
  return image;
}

/** @fastify/multipart's and busboy's refusals as answers a client can act on. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new HttpError(413, "payload_too_large", "Send one image and nothing else");
  return new HttpError(400, "bad_request", "The body is not readable multipart/form-data");
}

/**
 * POST /api/blog/upload-image (spec section 7, Blog): an admin's image, checked by its content, re-encoded and
 * stored under a random name in DATA_DIR/uploads. Registered in its own scope: only multipart bodies are parsed
 * here, and the writer check runs before any of the body is read.
 */
export async function uploadRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    limits: {
      fileSize: BLOG_LIMITS.uploadBytes,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });
  const writer = requireWriter(context.writer);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const directory = uploadsDir(context);

  route({
    method: "POST",
    url: "/blog/upload-image",
    tag: "Blog",
    summary:
      "Uploads an image (multipart/form-data, field `image`, PNG, JPEG, WebP or GIF by content, at most " +
      `${MEGABYTES} MB): re-encoded without metadata, longest side at most ${BLOG_LIMITS.uploadMaxSide} px; ` +
      "answers the address it is served at",
    response: blogUploadSchema,
    status: 201,
    guard: async (request) => {
      await writer(request);
      // A body announced as larger than the limit is refused before a byte of it is read.
      const length = Number(request.headers["content-length"]);
      if (length > BLOG_LIMITS.uploadBytes + MULTIPART_OVERHEAD) throw tooLarge();
    },
    handler: async ({ request }) => {
      const image = await reencodeImage(await readImageField(request));
      const name = await store(directory, image.data, image.kind);
      request.log.info({ name, width: image.width, height: image.height }, "image uploaded");
      return { url: `/uploads/${name}` };
    },
  });
}

const notFound = { error: "not_found", message: "Not found" };

/**
 * GET /uploads/:name: a stored upload, only under a name the server generated. Served so that a browser can only
 * ever show it as an image: its own Content-Type, no sniffing, inline, and a sandboxing policy that allows nothing
 * should it be opened on its own. Names never change, so it may be cached for a year.
 */
export async function uploadFileRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const directory = uploadsDir(context);
  app.get<{ Params: { name: string } }>("/uploads/:name", async (request, reply) => {
    const { name } = request.params;
    const match = UPLOAD_NAME.exec(name);
    const contentType = match?.[1] ? CONTENT_TYPES[match[1]] : undefined;
    if (!contentType) return reply.status(404).send(notFound);
    const path = join(directory, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return reply.status(404).send(notFound);
    return reply
      .header("content-type", contentType)
      .header("content-length", info.size)
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", "inline")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .send(createReadStream(path));
  });
}
