import { randomBytes } from "node:crypto";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BLOG_LIMITS } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminAccounts } from "../auth/accounts";
import { PUBLIC_CLIENT_KEY } from "../auth/writer";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { detectImageKind } from "./images";
import { UPLOAD_NAME } from "./routes";

const API_KEY = "upload-test-secret-api-key-0123";
const TOKEN_SECRET = "upload-test-token-secret-0123456789abcdef";
const writer = { "x-api-key": API_KEY };

interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(...parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ct-test-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (data: Buffer, filename = "board.png", type = "image/png"): Part => ({
  field: "image",
  filename,
  type,
  data,
});

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 80 } } });

const kinds = await testDatabaseKinds();

describe.each(kinds)("image uploads on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let uploads: string;
  let png: Buffer;
  let jpegWithExif: Buffer;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY, TOKEN_SECRET } });
    uploads = join(database.dataDir, "uploads");
    png = await solid(300, 200).png().toBuffer();
    // 300 wide, 200 high as stored, to be shown rotated a quarter turn (EXIF orientation 6), with an owner's name.
    jpegWithExif = await solid(300, 200)
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Owner", Artist: "Hidden Photographer" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  function safeList(directory: string): string[] {
    try {
      return readdirSync(directory);
    } catch {
      return [];
    }
  }
  const stored = () => safeList(uploads).filter((name) => UPLOAD_NAME.test(name));

  const upload = (
    body: { payload: Buffer; headers: Record<string, string> },
    headers: Record<string, string> = writer,
  ) =>
    app.inject({
      method: "POST",
      url: "/api/blog/upload-image",
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });

  async function uploaded(body: ReturnType<typeof multipart>): Promise<{ url: string; file: Buffer }> {
    const response = await upload(body);
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.(png|jpg|webp)$/);
    const served = await app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    return { url, file: served.rawPayload };
  }

  it("stores a PNG under a random name and serves it as an image only", async () => {
    const before = stored().length;
    const first = await uploaded(multipart(image(png, "../../etc/passwd.png")));
    const second = await uploaded(multipart(image(png)));
    expect(first.url).not.toBe(second.url);
    expect(first.url).not.toContain("passwd");
    expect(stored().length).toBe(before + 2);
    expect(detectImageKind(first.file)).toBe("png");
    const metadata = await sharp(first.file).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 300, 200]);

    const served = await app.inject({ method: "GET", url: first.url });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toBe("inline");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(Number(served.headers["content-length"])).toBe(first.file.length);
  });

  it("re-encodes a JPEG upright and without its EXIF data", async () => {
    expect(jpegWithExif.includes(Buffer.from("Secret Owner"))).toBe(true);
    const { url, file } = await uploaded(multipart(image(jpegWithExif, "photo.jpg", "image/jpeg")));
    expect(url).toMatch(/\.jpg$/);
    expect(file.includes(Buffer.from("Secret Owner"))).toBe(false);
    expect(file.includes(Buffer.from("Hidden Photographer"))).toBe(false);
    const metadata = await sharp(file).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Turned by its orientation: now 200 wide and 300 high.
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
    const served = await app.inject({ method: "GET", url });
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });

  it("keeps WebP as WebP and turns a GIF into a PNG", async () => {
    const webp = await uploaded(
      multipart(image(await solid(64, 48).webp().toBuffer(), "a.webp", "image/webp")),
    );
    expect(webp.url).toMatch(/\.webp$/);
    expect((await sharp(webp.file).metadata()).format).toBe("webp");
    expect((await app.inject({ method: "GET", url: webp.url })).headers["content-type"]).toBe("image/webp");

    const gif = await uploaded(multipart(image(await solid(64, 48).gif().toBuffer(), "a.gif", "image/gif")));
    expect(gif.url).toMatch(/\.png$/);
    expect(await sharp(gif.file).metadata()).toMatchObject({ format: "png", width: 64, height: 48 });
  });

  it("caps the longest side and never enlarges", async () => {
    const wide = await uploaded(multipart(image(await solid(3000, 1200).png().toBuffer())));
    expect(await sharp(wide.file).metadata()).toMatchObject({
      width: BLOG_LIMITS.uploadMaxSide,
      height: 800,
    });
    const tall = await uploaded(
      multipart(image(await solid(900, 2600).jpeg().toBuffer(), "t.jpg", "image/jpeg")),
    );
    const tallMeta = await sharp(tall.file).metadata();
    expect(tallMeta.height).toBe(BLOG_LIMITS.uploadMaxSide);
    expect(tallMeta.width).toBe(Math.round((900 * BLOG_LIMITS.uploadMaxSide) / 2600));
    const small = await uploaded(multipart(image(await solid(40, 30).png().toBuffer())));
    expect(await sharp(small.file).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it("refuses an HTML file renamed to .png and an SVG, by their content", async () => {
    const before = stored().length;
    const html = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
    const renamed = await upload(multipart(image(html, "innocent.png", "image/png")));
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({ error: "unsupported_media_type" });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    const svgAnswer = await upload(multipart(image(Buffer.from(svg), "board.svg", "image/svg+xml")));
    expect(svgAnswer.statusCode).toBe(415);
    expect(svgAnswer.json().message).toBe("Only PNG, JPEG, WebP and GIF images can be uploaded");
    // PNG magic bytes followed by HTML: not a decodable PNG either.
    const disguised = Buffer.concat([png.subarray(0, 8), html]);
    expect((await upload(multipart(image(disguised)))).statusCode).toBe(400);
    expect(stored().length).toBe(before);
  });

  it("refuses truncated and corrupt images", async () => {
    for (const [data, name, type] of [
      [png.subarray(0, Math.floor(png.length * 0.6)), "cut.png", "image/png"],
      [jpegWithExif.subarray(0, Math.floor(jpegWithExif.length * 0.6)), "cut.jpg", "image/jpeg"],
      [Buffer.concat([png.subarray(0, 40), randomBytes(400)]), "noise.png", "image/png"],
      [png.subarray(0, 8), "magic-only.png", "image/png"],
    ] as const) {
      const response = await upload(multipart(image(data, name, type)));
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({
        error: "invalid_image",
        message: "The image could not be read: the file is damaged or incomplete",
      });
    }
  });

  it("refuses a 20 MB file and a file just over the limit with 413", async () => {
    const huge = await upload(multipart(image(Buffer.alloc(20 * 1024 * 1024, 1), "huge.png")));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: "payload_too_large",
      message: "The image is larger than 5 MB, the most an upload may be",
    });
    // Announced small enough to be read, then stopped at the limit while streaming.
    const over = Buffer.concat([png, Buffer.alloc(BLOG_LIMITS.uploadBytes - png.length + 1)]);
    const streamed = await upload(multipart(image(over)));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error).toBe("payload_too_large");
  });

  it("needs an admin token or the API key, checked before the body", async () => {
    const body = multipart(image(png));
    const anonymous = await upload(body, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: "unauthorized" });
    expect((await upload(body, { "x-api-key": PUBLIC_CLIENT_KEY })).statusCode).toBe(401);
    expect((await upload(body, { "x-api-key": "wrong-key-0123456789" })).statusCode).toBe(401);
    expect((await upload(body, { authorization: "Bearer not-a-token" })).statusCode).toBe(401);
    // Even a body far over the limit is answered 401, not 413, without a token.
    const huge = multipart(image(Buffer.alloc(20 * 1024 * 1024)));
    expect((await upload(huge, {})).statusCode).toBe(401);

    // What the site sends: the public client key plus the admin's bearer token.
    await new AdminAccounts(database.db, {
      hashCost: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    }).create("uploader", "uploader password 123");
    const login = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "uploader", password: "uploader password 123" },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json<{ access_token: string }>().access_token;
    const asAdmin = await upload(body, { "x-api-key": PUBLIC_CLIENT_KEY, authorization: `Bearer ${token}` });
    expect(asAdmin.statusCode, asAdmin.body).toBe(201);
  });

  it("wants the file in the field named image, as multipart", async () => {
    const wrongField = await upload(multipart({ ...image(png), field: "file" }));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      error: "bad_request",
      message: 'Send the image in the multipart field "image"',
    });
    const noFile = await upload(multipart({ field: "image", data: "just text" }));
    expect(noFile.statusCode).toBe(400);
    const nothing = await upload(multipart());
    expect(nothing.statusCode).toBe(400);
    const twoFiles = await upload(multipart(image(png), image(png)));
    expect(twoFiles.statusCode).toBe(413);
    const json = await app.inject({
      method: "POST",
      url: "/api/blog/upload-image",
      headers: writer,
      payload: { image: png.toString("base64") },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe("unsupported_media_type");
    const broken = await upload({
      payload: Buffer.from('--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n'),
      headers: { "content-type": "multipart/form-data; boundary=abc" },
    });
    expect(broken.statusCode).toBe(400);
    const noBoundary = await upload({
      payload: Buffer.from("x"),
      headers: { "content-type": "multipart/form-data" },
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it("serves only names the server generated", async () => {
    writeFileSync(join(uploads, "evil.html"), "<script>alert(1)</script>");
    writeFileSync(join(uploads, `${"a".repeat(32)}.svg`), "<svg/>");
    for (const url of [
      "/uploads/evil.html",
      `/uploads/${"a".repeat(32)}.svg`,
      `/uploads/${"b".repeat(32)}.png`,
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/..%2Fevil.html",
      `/uploads/${"A".repeat(32)}.png`,
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: "not_found", message: "Not found" });
    }
  });

  it("lets the site frame YouTube embeds from both hosts it allows in posts", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain(
      "frame-src https://www.youtube-nocookie.com https://www.youtube.com;",
    );
  });
});
