import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { sweepUploads, UPLOAD_GRACE_MS } from "./sweep";

const API_KEY = "upload-sweep-test-api-key-0123456789";
const writer = { "x-api-key": API_KEY };
const DAY = 24 * 60 * 60 * 1000;

const kinds = await testDatabaseKinds();

describe.each(kinds)("uploads no post uses any more, on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let directory: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    directory = mkdtempSync(join(tmpdir(), "ct-sweep-"));
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(directory, { recursive: true, force: true });
  });

  /** An upload file under a name the server would give it, last written `age` ms before `now`. */
  function upload(now: number, age: number, extension = "png"): string {
    const name = `${randomBytes(16).toString("hex")}.${extension}`;
    const path = join(directory, name);
    writeFileSync(path, "image bytes");
    const when = new Date(now - age);
    utimesSync(path, when, when);
    return name;
  }

  it("removes an old upload nothing uses, keeps what a post's body, featured or social image uses and anything recent", async () => {
    const now = Date.now();
    const inBody = upload(now, 30 * DAY);
    const featured = upload(now, 30 * DAY, "webp");
    const social = upload(now, 30 * DAY);
    const unused = upload(now, UPLOAD_GRACE_MS + DAY, "jpg");
    const recent = upload(now, DAY);
    const inDraft = upload(now, 30 * DAY);
    // Not uploads: never touched, whatever their age.
    writeFileSync(join(directory, "notes.txt"), "keep");
    writeFileSync(join(directory, `.${randomBytes(16).toString("hex")}.png.tmp`), "a write in progress");

    for (const [title, payload] of [
      [
        "Uses an image",
        { content: `<p>Look:</p><img src="/uploads/${inBody}" alt="A board">`, published: true },
      ],
      [
        "Has a featured image",
        { content: "<p>Text.</p>", featured_image: `/uploads/${featured}`, published: true },
      ],
      [
        "Has a social image",
        { content: "<p>Shared.</p>", social_image: `/uploads/${social}`, published: true },
      ],
      ["A draft", { content: `<p><img src="/uploads/${inDraft}" alt="x"></p>`, published: false }],
    ] as const) {
      const response = await app.inject({
        method: "POST",
        url: "/api/blog/posts",
        headers: writer,
        payload: { title, ...payload },
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    const result = await sweepUploads({ db: database.db, directory, now });
    expect(result.removed).toEqual([unused]);
    expect(existsSync(join(directory, unused))).toBe(false);
    for (const name of [inBody, featured, social, recent, inDraft])
      expect(existsSync(join(directory, name))).toBe(true);
    expect(readdirSync(directory)).toContain("notes.txt");
    expect(readdirSync(directory).some((name) => name.endsWith(".tmp"))).toBe(true);

    // An image only an earlier revision of a post still has stays: the editor can put that revision back.
    const inRevision = upload(now, 30 * DAY);
    const slug = "uses-an-image";
    const before = await app.inject({ method: "GET", url: `/api/blog/posts/${slug}`, headers: writer });
    expect(before.statusCode, before.body).toBe(200);
    for (const content of [
      `<p>Now: <img src="/uploads/${inRevision}" alt="y"></p>`,
      "<p>Without the image now.</p>",
    ]) {
      const saved = await app.inject({
        method: "PUT",
        url: `/api/blog/posts/${slug}`,
        headers: writer,
        payload: { title: "Uses an image", content, published: true },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // Neither the first image nor the second is in the post now; both are in its revisions.
    expect((await sweepUploads({ db: database.db, directory, now })).removed).toEqual([]);
    expect(existsSync(join(directory, inRevision))).toBe(true);
    expect(existsSync(join(directory, inBody))).toBe(true);

    // A second sweep (another process, or the next round) finds nothing more to do.
    expect((await sweepUploads({ db: database.db, directory, now })).removed).toEqual([]);
  });

  it("does nothing when there is no upload folder yet", async () => {
    const missing = join(directory, "no-such-folder");
    expect(await sweepUploads({ db: database.db, directory: missing })).toEqual({ removed: [], kept: 0 });
  });
});
