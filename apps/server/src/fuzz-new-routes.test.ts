import { createHash, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { BLOG_LIMITS, CONTACT_LIMITS, SLUG_PATTERN } from "@ct/contract";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "./testing/app";
import { type TestDatabase, testDatabaseKinds } from "./testing/databases";
import { UPLOAD_NAME } from "./uploads/routes";

/**
 * Random and hostile input against the blog, tag, upload, contact and admin-message routes: garbage path segments,
 * query strings, bodies of every JSON type, wrong and broken content types, malformed and corrupted multipart
 * uploads. Every answer must be a JSON 4xx or a success, never a 5xx; refused writes change nothing, and whatever
 * was accepted is stored sanitised. Seeded, so a failure replays.
 */
const API_KEY = "fuzz-new-routes-api-key-0123456789";
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 150);

function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

/** Strings that break naive code: markup, SQL, unicode tricks, control characters, path tricks, sizes. */
const NASTY_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "\u0000abc\u0000",
  "\u202Eevil\u202C",
  "\uFEFF",
  "\uD800",
  "\uDFFF\uD800",
  "😀".repeat(50),
  "ثلاثة أحرف على الأقل",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "' OR '1'='1",
  "'; DROP TABLE blog_posts; --",
  "%",
  "%_\\",
  "../../etc/passwd",
  "..\\..\\windows",
  "\u0024{7*7}",
  "{{constructor.constructor('alert(1)')()}}",
  "__proto__",
  "constructor",
  "-",
  "a--b",
  "NaN",
  "-1",
  "1e309",
  "x".repeat(201),
  "y".repeat(5001),
  "z".repeat(70_000),
  `<div>${"<b>".repeat(500)}deep${"</b>".repeat(500)}</div>`,
  `<div data-type="chess-diagram" data-fen="' onmouseover=alert(1) x='"></div>`,
  '<div data-type="youtube" data-src="javascript:alert(1)"></div>',
  '<iframe src="https://evil.example/"></iframe><p>Some content here</p>',
];

function randomString(random: Random): string {
  if (random.next() < 0.5) return random.pick(NASTY_STRINGS);
  const length = random.pick([0, 1, 3, 10, 40, 300]);
  let text = "";
  for (let i = 0; i < length; i++) {
    const range = random.pick([
      [0x20, 0x7e],
      [0x00, 0x1f],
      [0x0600, 0x06ff],
      [0x2000, 0x206f],
      [0xd800, 0xdfff],
      [0x1f300, 0x1f5ff],
    ] as const);
    text += String.fromCodePoint(range[0] + random.int(range[1] - range[0] + 1));
  }
  return text;
}

function randomValue(random: Random, depth = 0): unknown {
  const choice = random.int(depth > 3 ? 6 : 9);
  switch (choice) {
    case 0:
      return null;
    case 1:
      return random.next() < 0.5;
    case 2:
      return random.pick([0, -1, 1, 2 ** 53, -(2 ** 63), 1e308, -1e-308, 0.5, 3000, 2_000_000_000]);
    case 3:
    case 4:
    case 5:
      return randomString(random);
    case 6:
      return Array.from({ length: random.pick([0, 1, 3, 30]) }, () => randomValue(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(4); i > 0; i--)
        object[randomString(random).slice(0, 20)] = randomValue(random, depth + 1);
      return object;
    }
  }
}

const validPost = () => ({
  title: "Opposition in king and pawn endings",
  content: "<p>The side that takes the opposition keeps the enemy king out.</p>",
  tags: ["endgame", "king"],
  published: true,
  author: "Admin",
});

const BLOG_FIELDS = [
  "title",
  "content",
  "tags",
  "published",
  "featured_image",
  "slug",
  "author",
  "created_at",
  "updated_at",
];

/** A valid post with one to three fields replaced by random values, dropped, or joined by unknown ones. */
function randomPostBody(random: Random): unknown {
  if (random.next() < 0.1) return randomValue(random);
  const body: Record<string, unknown> = validPost();
  for (let i = 1 + random.int(3); i > 0; i--) {
    const field = random.next() < 0.85 ? random.pick(BLOG_FIELDS) : randomString(random).slice(0, 30);
    const action = random.int(4);
    if (action === 0) delete body[field];
    else if (action === 1 && field === "tags")
      body.tags = Array.from({ length: random.pick([0, 5, 21, 200]) }, () => randomValue(random, 2));
    else body[field] = randomValue(random);
  }
  return body;
}

const validContact = () => ({
  name: "Vera Menchik",
  email: "vera@example.org",
  subject: "Opening lessons",
  message: "Do you plan lessons on the Queen's Gambit?",
  elapsed_ms: 12_000,
});
const CONTACT_FIELDS = ["name", "email", "subject", "message", "website", "elapsed_ms"];

function randomContactBody(random: Random): unknown {
  if (random.next() < 0.1) return randomValue(random);
  const body: Record<string, unknown> = validContact();
  for (let i = 1 + random.int(3); i > 0; i--) {
    const field = random.next() < 0.85 ? random.pick(CONTACT_FIELDS) : randomString(random).slice(0, 30);
    if (random.next() < 0.25) delete body[field];
    else if (field === "email")
      body.email = random.pick([
        "no-at-sign",
        "a@b",
        "@example.org",
        "a@@example.org",
        "a b@example.org",
        "a@example.org\r\nBcc: victim@example.org",
        `${"l".repeat(250)}@example.org`,
        "<a@example.org>",
        "a@[127.0.0.1]",
        randomString(random),
      ]);
    else body[field] = randomValue(random);
  }
  return body;
}

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent throws on them). */
const encode = (text: string) =>
  [...Buffer.from(text, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/** A query string of known and unknown keys with random, sometimes undecodable, values. */
function randomQuery(random: Random, keys: readonly string[]): string {
  if (random.next() < 0.1)
    return random.pick(["%", "%zz", "&&&", "=", "a=%E0%A4%A", "?", "#frag", "%00=%00"]);
  const parts: string[] = [];
  for (let i = random.int(5); i > 0; i--) {
    const key = random.next() < 0.8 ? random.pick(keys) : randomString(random).slice(0, 10);
    const value =
      random.next() < 0.5
        ? random.pick(["-1", "0", "1", "1.5", "1e9", "99999999999999999999", "true", "yes", "", "[]", "null"])
        : randomString(random).slice(0, 300);
    parts.push(`${encode(key)}=${encode(value)}`);
  }
  return parts.join("&");
}

/** Path segments: percent-encoded garbage, dots, unicode, slashes, sizes. */
const HOSTILE_SEGMENTS = [
  "x",
  "-",
  "a--b",
  "UPPER-case",
  "%00",
  "%2e%2e",
  "..%2F..%2Fetc%2Fpasswd",
  "%2F",
  "a%2Fb",
  "%E2%80%AE",
  "%F0%9F%98%80",
  "%D8%B9%D8%B1%D8%A8%D9%8A",
  "%27%20OR%201%3D1--",
  "%3Cscript%3E",
  "%",
  "%zz",
  "1e309",
  "s".repeat(201),
  "t".repeat(10_000),
  "a/b/c",
  "a?b=c",
];

const JSON_CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "application/json;;;",
  "application/vnd.api+json",
  "text/plain",
  "text/html",
  "text/csv",
  "application/x-www-form-urlencoded",
  "application/x-chess-pgn",
  "application/xml",
  "multipart/form-data",
  "multipart/form-data; boundary=nothing-matches",
  "application/octet-stream",
  "",
];

function multipart(
  parts: { field: string; filename?: string; type?: string; data: Buffer | string }[],
  boundary = `----ct-fuzz-${randomBytes(6).toString("hex")}`,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const kinds = await testDatabaseKinds();

describe.each(kinds)("fuzzing the blog, upload, contact and message routes on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let slug: string;
  const images: Record<string, Buffer> = {};
  let network = 0;
  /** Contact messages are limited per client network: each fuzzed message comes from a network of its own. */
  const freshAddress = () => `10.${(++network >> 8) & 255}.${network & 255}.1`;

  async function fingerprint(): Promise<string> {
    const [posts, tags, messages] = await Promise.all([
      database.db.selectFrom("blog_posts").selectAll().orderBy("id").execute(),
      database.db.selectFrom("blog_post_tags").selectAll().orderBy("post_id").orderBy("tag").execute(),
      database.db.selectFrom("contact_messages").selectAll().orderBy("id").execute(),
    ]);
    let uploads: string[] = [];
    try {
      uploads = readdirSync(join(database.dataDir, "uploads")).sort();
    } catch {}
    return createHash("sha256")
      .update(JSON.stringify([posts, tags, messages, uploads]))
      .digest("hex");
  }

  function check(label: string, response: LightMyRequestResponse) {
    const short = `${label} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, short).toBeLessThan(500);
    if (response.statusCode === 204) return;
    expect(String(response.headers["content-type"]), short).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as { error?: unknown; message?: unknown };
    if (response.statusCode >= 400) {
      expect(typeof body.error, short).toBe("string");
      expect(typeof body.message, short).toBe("string");
    }
  }

  async function send(label: string, options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await app.inject(options);
    check(label, response);
    return response;
  }

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
    const created = await app.inject({
      method: "POST",
      url: "/api/blog/posts",
      headers: { "x-api-key": API_KEY },
      payload: validPost(),
    });
    expect(created.statusCode, created.body).toBe(201);
    slug = created.json().slug;
    const base = sharp({
      create: { width: 24, height: 16, channels: 3, background: { r: 238, g: 238, b: 210 } },
    });
    images.png = await base.clone().png().toBuffer();
    images.jpeg = await base.clone().jpeg().toBuffer();
    images.webp = await base.clone().webp().toBuffer();
    images.gif = await base.clone().gif().toBuffer();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it("answers garbage slugs, methods and queries on the blog and message routes with JSON, never a 5xx", async () => {
    const before = await fingerprint();
    for (const segment of HOSTILE_SEGMENTS) {
      for (const method of ["GET", "PUT", "DELETE", "PATCH"] as const) {
        for (const headers of [{}, { "x-api-key": API_KEY }]) {
          // A well-formed body, so only the slug decides (a valid slug that does not exist is a 404).
          await send(`${method} /api/blog/posts/${segment.slice(0, 40)}`, {
            method,
            url: `/api/blog/posts/${segment}`,
            headers,
            ...(method === "PUT" || method === "PATCH" ? { payload: validPost() } : {}),
          });
        }
      }
    }
    const random = generator(SEED);
    for (let round = 0; round < ROUNDS; round++) {
      const list = await send(`list ${round}`, {
        method: "GET",
        url: `/api/blog/posts?${randomQuery(random, ["page", "per_page", "search", "tag", "published_only"])}`,
        headers: random.next() < 0.5 ? { "x-api-key": API_KEY } : {},
      });
      if (list.statusCode === 200) expect(Array.isArray(list.json().posts)).toBe(true);
      await send(`tags ${round}`, {
        method: "GET",
        url: `/api/blog/tags?${randomQuery(random, ["page", "tag"])}`,
      });
      await send(`messages ${round}`, {
        method: "GET",
        url: `/api/admin/messages?${randomQuery(random, ["page", "per_page"])}`,
        headers: { "x-api-key": API_KEY },
      });
      await send(`post ${round}`, {
        method: "GET",
        url: `/api/blog/posts/${slug}?${randomQuery(random, ["published_only", "page"])}`,
      });
    }
    for (const method of ["PATCH", "OPTIONS", "PUT", "DELETE"] as const) {
      for (const url of [
        "/api/blog/posts",
        "/api/blog/tags",
        "/api/email/contact",
        "/api/admin/messages",
        "/api/blog/upload-image",
      ]) {
        const response = await app.inject({ method, url, headers: { "x-api-key": API_KEY } });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty("error");
      }
    }
    expect(await fingerprint()).toBe(before);
  }, 120_000);

  it("refuses random post bodies without credentials, changing nothing, whatever the content type", async () => {
    const before = await fingerprint();
    const random = generator(SEED + 1);
    for (let round = 0; round < ROUNDS; round++) {
      const body = randomPostBody(random);
      for (const [method, url] of [
        ["POST", "/api/blog/posts"],
        ["PUT", `/api/blog/posts/${slug}`],
      ] as const) {
        const response = await send(`${method} ${url} without key`, {
          method,
          url,
          headers: { "content-type": random.pick(JSON_CONTENT_TYPES) },
          payload: JSON.stringify(body) ?? "",
        });
        // Refused before the body counts: the credentials come first (or the body cannot even be read).
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await fingerprint()).toBe(before);
  }, 120_000);

  it("takes random post bodies from an admin as JSON 4xx or a stored, sanitised post", async () => {
    const random = generator(SEED + 2);
    let accepted = 0;
    for (let round = 0; round < ROUNDS * 2; round++) {
      const body = randomPostBody(random);
      const update = random.next() < 0.4;
      const contentType = random.next() < 0.8 ? "application/json" : random.pick(JSON_CONTENT_TYPES);
      const raw = random.next() < 0.1;
      const payload = raw
        ? Buffer.concat([Buffer.from('{"title":"'), randomBytes(random.int(64)), Buffer.from('"}')])
        : (JSON.stringify(body) ?? "null");
      const response = await send(`${update ? "PUT" : "POST"} blog ${round} ${contentType}`, {
        method: update ? "PUT" : "POST",
        url: update ? `/api/blog/posts/${slug}` : "/api/blog/posts",
        headers: { "x-api-key": API_KEY, "content-type": contentType },
        payload,
      });
      if (response.statusCode < 300) accepted++;
    }
    // The fuzzer reaches the stored-post path too, not only the refusals.
    expect(accepted).toBeGreaterThan(0);
    const posts = await database.db
      .selectFrom("blog_posts")
      .select(["slug", "title", "content", "tags"])
      .execute();
    for (const post of posts) {
      expect(post.content, post.slug).not.toMatch(/<script|<iframe[^>]+evil\.example|<[^>]+\son[a-z]+\s*=/i);
      expect(post.content, post.slug).not.toMatch(/(href|src)\s*=\s*["']?\s*javascript:/i);
      expect(post.title.length, post.slug).toBeLessThanOrEqual(BLOG_LIMITS.titleMax);
      expect(post.slug).toMatch(SLUG_PATTERN);
      const tags = JSON.parse(post.tags) as unknown[];
      expect(tags.length).toBeLessThanOrEqual(BLOG_LIMITS.tagsMax);
      expect(tags.every((tag) => typeof tag === "string" && tag.length <= BLOG_LIMITS.tagMax)).toBe(true);
      await send(`read back ${post.slug}`, {
        method: "GET",
        url: `/api/blog/posts/${encodeURIComponent(post.slug)}`,
        headers: { "x-api-key": API_KEY },
      });
    }
    await send("list after fuzzing", { method: "GET", url: "/api/blog/posts?per_page=50" });
    await send("tags after fuzzing", { method: "GET", url: "/api/blog/tags" });
  }, 180_000);

  it("answers random contact messages with 202 or a JSON 4xx and stores only well-formed ones", async () => {
    const random = generator(SEED + 3);
    for (let round = 0; round < ROUNDS * 2; round++) {
      const body = randomContactBody(random);
      const contentType = random.next() < 0.85 ? "application/json" : random.pick(JSON_CONTENT_TYPES);
      await send(`contact ${round}`, {
        method: "POST",
        url: "/api/email/contact",
        headers: { "content-type": contentType },
        payload: JSON.stringify(body) ?? "",
        remoteAddress: freshAddress(),
      });
    }
    const stored = await database.db.selectFrom("contact_messages").selectAll().execute();
    for (const message of stored) {
      for (const field of ["name", "email", "subject", "message"] as const) {
        expect(typeof message[field]).toBe("string");
        expect(message[field].trim().length, field).toBeGreaterThan(0);
        expect(message[field].length, field).toBeLessThanOrEqual(CONTACT_LIMITS[field]);
      }
      // No header injection can ride on a stored address or subject.
      expect(`${message.email}${message.subject}${message.name}`).not.toMatch(/[\r\n]/);
    }
    const list = await send("messages after fuzzing", {
      method: "GET",
      url: "/api/admin/messages?per_page=50",
      headers: { "x-api-key": API_KEY },
    });
    expect(list.json().total).toBe(stored.length);
  }, 120_000);

  it("answers malformed and corrupted uploads with a JSON 4xx, and serves what it accepted as an image", async () => {
    const random = generator(SEED + 4);
    const upload = (label: string, payload: Buffer | string, contentType: string, headers = {}) =>
      send(`upload ${label}`, {
        method: "POST",
        url: "/api/blog/upload-image",
        headers: { "x-api-key": API_KEY, "content-type": contentType, ...headers },
        payload,
      });
    const png = images.png as Buffer;
    const cases: [string, Buffer | string, string][] = [
      ["json body", JSON.stringify({ image: png.toString("base64") }), "application/json"],
      ["text body", "not an image", "text/plain"],
      ["form body", "image=abc", "application/x-www-form-urlencoded"],
      ["raw png", png, "image/png"],
      ["no boundary", png, "multipart/form-data"],
      ["empty boundary", png, "multipart/form-data; boundary="],
      ["garbage multipart", randomBytes(300), "multipart/form-data; boundary=abc"],
      ["empty multipart", "", "multipart/form-data; boundary=abc"],
      ["only the end", "--abc--\r\n", "multipart/form-data; boundary=abc"],
    ];
    const part = (data: Buffer | string, field = "image", filename = "board.png", type = "image/png") => ({
      field,
      filename,
      type,
      data,
    });
    const built: [string, ReturnType<typeof multipart>][] = [
      ["empty file", multipart([part(Buffer.alloc(0))])],
      ["text file", multipart([part("hello, not an image")])],
      [
        "svg",
        multipart([
          part(
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
            "image",
            "x.svg",
            "image/svg+xml",
          ),
        ]),
      ],
      ["html as png", multipart([part("<html><script>alert(1)</script></html>")])],
      [
        "gif polyglot",
        multipart([part(Buffer.concat([Buffer.from("GIF89a/*"), Buffer.from("*/=alert(1)//")]))]),
      ],
      ["png magic only", multipart([part(png.subarray(0, 8))])],
      ["png header only", multipart([part(png.subarray(0, 33))])],
      ["bmp", multipart([part(Buffer.concat([Buffer.from("BM"), randomBytes(200)]))])],
      ["other field", multipart([part(png, "file")])],
      ["two files", multipart([part(png), part(png, "image", "second.png")])],
      ["text fields only", multipart([{ field: "image", data: "not a file" }])],
      ["many fields", multipart(Array.from({ length: 12 }, (_, i) => ({ field: `f${i}`, data: "x" })))],
      ["traversal name", multipart([part(png, "image", "../../../etc/passwd")])],
      ["long name", multipart([part(png, "image", "n".repeat(5000))])],
      ["null name", multipart([part(png, "image", "a\u0000.png")])],
      ["wrong type", multipart([part(png, "image", "board.png", "application/x-msdownload")])],
      ["huge field name", multipart([part(png, "i".repeat(2000))])],
    ];
    // Real images cut short at random, or with random bytes overwritten.
    for (let round = 0; round < ROUNDS / 3; round++) {
      const [format, original] = random.pick(Object.entries(images));
      const damaged = Buffer.from(original);
      if (random.next() < 0.5) {
        built.push([
          `${format} cut at ${round}`,
          multipart([part(damaged.subarray(0, 1 + random.int(damaged.length - 1)))]),
        ]);
      } else {
        for (let i = 1 + random.int(8); i > 0; i--)
          damaged[8 + random.int(damaged.length - 8)] = random.int(256);
        built.push([`${format} corrupted ${round}`, multipart([part(damaged)])]);
      }
    }
    for (const [label, body, contentType] of cases) await upload(label, body, contentType);
    const served: string[] = [];
    for (const [label, body] of built) {
      const response = await upload(label, body.payload, body.contentType);
      if (response.statusCode === 201) served.push(response.json().url);
    }
    // A multipart body cut off in the middle.
    const whole = multipart([part(png)]);
    await upload(
      "truncated multipart",
      whole.payload.subarray(0, whole.payload.length - 40),
      whole.contentType,
    );

    for (const url of served) {
      expect(url).toMatch(/^\/uploads\//);
      expect(UPLOAD_NAME.test(url.slice("/uploads/".length)), url).toBe(true);
      const file = await app.inject({ method: "GET", url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers["content-type"], url).toMatch(/^image\/(png|jpeg|webp)$/);
      expect(await sharp(file.rawPayload).metadata()).toHaveProperty("width");
    }
    // Only files it accepted are in the uploads folder (no temporary files left behind).
    let names: string[] = [];
    try {
      names = readdirSync(join(database.dataDir, "uploads"));
    } catch {}
    expect(names.sort()).toEqual(served.map((url) => url.slice("/uploads/".length)).sort());
  }, 180_000);
});
