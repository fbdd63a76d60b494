import { BLOG_LIMITS, BLOG_MESSAGES } from "@ct/contract/blog-rules";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { postEditorMachine } from "./post-editor.machine";
import { addTag, isBlankHtml, linkHref, saveProblem } from "./rules";
import {
  selectEditorDraft,
  selectImageUploading,
  selectInsertDialog,
  selectInsertDialogEditing,
  selectPostDirty,
  selectPostEditorMode,
  selectPostEditorPhase,
  selectPostLanguage,
  selectPostSaveAction,
  selectPostSaving,
  selectPostSlugInput,
  selectPostStatus,
} from "./selectors";
import type {
  EditorDraft,
  ImageFile,
  LoadResult,
  PostEditorInsertEmitted,
  SaveRequest,
  SaveResult,
  UploadRequest,
  UploadResult,
} from "./types";

const NOW = new Date("2025-03-01T10:00:00.000Z");
const BODY = "<p>The Lucena position, built step by step.</p>";
/** A published post, as the editor loads it. */
const LOADED = {
  title: "Building a bridge",
  tags: ["Endgame"],
  content: BODY,
  language: "en" as const,
  published: true,
  version: "2025-02-01T09:00:00.000Z",
  created_at: "2025-01-31T08:00:00.000Z",
};
/** The same post as a draft. */
const LOADED_DRAFT = { ...LOADED, published: false };

/** A promise the test settles by hand, to look at the machine while a call is running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function png(size = 1024, type = "image/png"): ImageFile {
  return { type, size, name: "board.png" };
}

function start(
  options: {
    slug?: string | null;
    restored?: EditorDraft;
    language?: "en" | "ar";
    load?: (slug: string) => Promise<LoadResult>;
    save?: (request: SaveRequest) => Promise<SaveResult>;
    upload?: (request: UploadRequest) => Promise<UploadResult>;
  } = {},
) {
  const calls = { load: [] as string[], save: [] as SaveRequest[], upload: [] as UploadRequest[] };
  const machine = postEditorMachine.provide({
    actors: {
      loadPost: fromPromise<LoadResult, { slug: string }>(({ input }) => {
        calls.load.push(input.slug);
        return (options.load ?? (async () => ({ ok: true, post: LOADED })))(input.slug);
      }),
      savePost: fromPromise<SaveResult, SaveRequest>(({ input }) => {
        calls.save.push(input);
        return (options.save ?? (async () => ({ ok: true, slug: input.body.slug })))(input);
      }),
      uploadImage: fromPromise<UploadResult, UploadRequest>(({ input }) => {
        calls.upload.push(input);
        return (options.upload ?? (async () => ({ ok: true, url: "/uploads/abc.png" })))(input);
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      slug: options.slug ?? null,
      restored: options.restored ?? null,
      now: () => NOW,
      ...(options.language ? { language: options.language } : {}),
    },
  });
  const emitted: PostEditorInsertEmitted[] = [];
  actor.on("editor.insert", (event) => emitted.push(event));
  const links: (string | null)[] = [];
  actor.on("editor.link", (event) => links.push(event.href));
  actor.start();
  return { actor, calls, emitted, links };
}

type Actor = ReturnType<typeof start>["actor"];

function fill(actor: Actor, fields: { title?: string; content?: string; tags?: string[] }) {
  if (fields.title !== undefined) actor.send({ type: "title.change", value: fields.title });
  if (fields.content !== undefined) actor.send({ type: "content.change", html: fields.content });
  for (const tag of fields.tags ?? []) actor.send({ type: "tag.add", value: tag });
}

describe("post editor: starting", () => {
  it("a new post starts ready and empty, in edit mode", () => {
    const { actor, calls } = start();
    const snapshot = actor.getSnapshot();
    expect(selectPostEditorPhase(snapshot)).toBe("ready");
    expect(selectPostEditorMode(snapshot)).toBe("edit");
    expect(snapshot.context).toMatchObject({ title: "", tags: [], content: "", error: null });
    expect(calls.load).toHaveLength(0);
  });

  it("an existing post is loaded by its route slug and fills title, tags and content", async () => {
    const load = deferred<LoadResult>();
    const { actor, calls } = start({ slug: "building-a-bridge", load: () => load.promise });
    expect(selectPostEditorPhase(actor.getSnapshot())).toBe("loading");
    expect(calls.load).toEqual(["building-a-bridge"]);
    load.resolve({ ok: true, post: LOADED });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context).toMatchObject({
      title: "Building a bridge",
      tags: ["Endgame"],
      content: BODY,
      version: LOADED.version,
    });
  });

  it("a failed load says so and can be retried", async () => {
    let fail = true;
    const { actor, calls } = start({
      slug: "building-a-bridge",
      load: async () => {
        if (fail) throw new Error("503");
        return { ok: true, post: LOADED };
      },
    });
    await waitFor(actor, (s) => s.matches("loadFailed"));
    expect(actor.getSnapshot().context.error).toEqual({ kind: "load" });
    fail = false;
    actor.send({ type: "post.reload" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.load).toHaveLength(2);
  });

  it("a load the server refuses for the token ends the session", async () => {
    const { actor } = start({ slug: "draft", load: async () => ({ ok: false, reason: "unauthorized" }) });
    await waitFor(actor, (s) => s.matches("sessionExpired"));
  });

  it("a draft kept across a session expiry starts ready with its fields, without loading", () => {
    const restored: EditorDraft = { ...LOADED, title: "Changed title", version: LOADED.version };
    const { actor, calls } = start({ slug: "building-a-bridge", restored });
    expect(selectPostEditorPhase(actor.getSnapshot())).toBe("ready");
    expect(actor.getSnapshot().context).toMatchObject({
      title: "Changed title",
      restored: true,
      dirty: true,
    });
    expect(calls.load).toHaveLength(0);
  });
});

describe("post editor: fields and modes", () => {
  it("switches between edit and preview", () => {
    const { actor } = start();
    actor.send({ type: "mode.select", mode: "preview" });
    expect(selectPostEditorMode(actor.getSnapshot())).toBe("preview");
    actor.send({ type: "mode.select", mode: "preview" });
    expect(selectPostEditorMode(actor.getSnapshot())).toBe("preview");
    actor.send({ type: "mode.select", mode: "edit" });
    expect(selectPostEditorMode(actor.getSnapshot())).toBe("edit");
  });

  it("is not dirty until something changes", async () => {
    const { actor } = start({ slug: "building-a-bridge" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.dirty).toBe(false);
    actor.send({ type: "tag.add", value: "endgame" });
    expect(actor.getSnapshot().context.dirty).toBe(false);
    actor.send({ type: "title.change", value: "Building a bridge (Lucena)" });
    expect(actor.getSnapshot().context.dirty).toBe(true);
  });

  it("adds trimmed tags, ignores empty and duplicate ones, removes a tag", () => {
    const { actor } = start();
    fill(actor, { tags: ["  Endgame ", "", "   ", "endgame", "Rook endings", "Endgame"] });
    expect(actor.getSnapshot().context.tags).toEqual(["Endgame", "Rook endings"]);
    actor.send({ type: "tag.remove", tag: "Endgame" });
    expect(actor.getSnapshot().context.tags).toEqual(["Rook endings"]);
  });

  it("keeps tags within the server's limits", () => {
    expect(addTag([], "x".repeat(BLOG_LIMITS.tagMax + 1))).toEqual([]);
    const full = Array.from({ length: BLOG_LIMITS.tagsMax }, (_, i) => `tag ${i}`);
    expect(addTag(full, "one more")).toBe(full);
  });
});

describe("post editor: validation", () => {
  it("requires a title, then content, then applies the blog-post validator", () => {
    const { actor, calls } = start();
    actor.send({ type: "post.save" });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "title-required" });

    fill(actor, { title: "   " });
    actor.send({ type: "post.publish" });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "title-required" });

    fill(actor, { title: "Ok", content: "<p></p>" });
    actor.send({ type: "post.publish" });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "content-required" });

    fill(actor, { content: "<p>Hi</p>" });
    actor.send({ type: "post.publish" });
    expect(actor.getSnapshot().context.error).toEqual({
      kind: "invalid",
      messages: [BLOG_MESSAGES.title, BLOG_MESSAGES.content],
    });
    expect(selectPostSaving(actor.getSnapshot())).toBe(false);
    expect(calls.save).toHaveLength(0);
  });

  it("a body made only of a block is content", () => {
    expect(isBlankHtml("<p></p>")).toBe(true);
    expect(isBlankHtml("<p>&nbsp; </p><p><br></p>")).toBe(true);
    expect(isBlankHtml('<div data-type="chess-diagram" data-fen="8/8/8/8/8/8/8/K6k w - - 0 1"></div>')).toBe(
      false,
    );
    expect(isBlankHtml('<img src="/uploads/a.png" alt="Uploaded image">')).toBe(false);
    expect(saveProblem({ title: "Title", content: "<p>Ten chars!</p>", tags: [] })).toBeNull();
  });

  it("the error can be dismissed", () => {
    const { actor } = start();
    actor.send({ type: "post.save" });
    actor.send({ type: "error.dismiss" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe("post editor: language", () => {
  it("a new post starts in the admin's interface language and is saved in it", async () => {
    const { actor, calls } = start({ language: "ar" });
    expect(selectPostLanguage(actor.getSnapshot())).toBe("ar");
    fill(actor, { title: "وضعية لوسينا", content: BODY });
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body.language).toBe("ar");
    // Without an interface language given: English.
    expect(selectPostLanguage(start().actor.getSnapshot())).toBe("en");
  });

  it("a new, untouched post follows the interface language; once touched, or when editing, it does not", async () => {
    const fresh = start({ language: "en" }).actor;
    fresh.send({ type: "language.suggest", language: "ar" });
    expect(selectPostLanguage(fresh.getSnapshot())).toBe("ar");
    expect(selectPostDirty(fresh.getSnapshot())).toBe(false);
    fresh.send({ type: "title.change", value: "Pawn endings" });
    fresh.send({ type: "language.suggest", language: "en" });
    expect(selectPostLanguage(fresh.getSnapshot())).toBe("ar");

    const editing = start({ slug: "building-a-bridge" }).actor;
    await waitFor(editing, (s) => s.matches("ready"));
    editing.send({ type: "language.suggest", language: "ar" });
    expect(selectPostLanguage(editing.getSnapshot())).toBe("en");
  });

  it("a loaded post keeps its language; the admin can change it, and a kept draft remembers it", async () => {
    const { actor, calls } = start({
      slug: "building-a-bridge",
      language: "en",
      load: async () => ({ ok: true, post: { ...LOADED, language: "ar" } }),
    });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(selectPostLanguage(actor.getSnapshot())).toBe("ar");
    actor.send({ type: "language.change", language: "en" });
    expect(selectPostDirty(actor.getSnapshot())).toBe(true);
    expect(selectEditorDraft(actor.getSnapshot()).language).toBe("en");
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body).toMatchObject({ slug: "building-a-bridge", language: "en" });

    const restored = start({
      language: "en",
      restored: { ...selectEditorDraft(actor.getSnapshot()), language: "ar" },
    });
    expect(selectPostLanguage(restored.actor.getSnapshot())).toBe("ar");
  });
});

describe("post editor: saving", () => {
  it("saves a new post as a draft with the spec's payload, disabling saving meanwhile, then is done", async () => {
    const save = deferred<SaveResult>();
    const { actor, calls } = start({ save: () => save.promise });
    fill(actor, { title: "  Rook Endings: The Basics!  ", content: BODY, tags: ["Endgame"] });
    actor.send({ type: "post.save" });
    expect(selectPostSaving(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: "post.publish" })).toBe(false);
    expect(calls.save).toEqual([
      {
        routeSlug: null,
        body: {
          title: "Rook Endings: The Basics!",
          content: BODY,
          tags: ["Endgame"],
          language: "en",
          published: false,
          // A new post's settings: none (the server derives the excerpt), and no publish time (a draft).
          publish_at: null,
          featured_image: null,
          custom_excerpt: null,
          seo_title: null,
          seo_description: null,
          social_image: null,
          author: "Admin",
          slug: "rook-endings-the-basics",
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
        },
      },
    ]);
    save.resolve({ ok: true, slug: "rook-endings-the-basics" });
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().output).toEqual({ slug: "rook-endings-the-basics" });
  });

  it("the Slug field shows the route's slug and renames the post on save, made a slug; a new post's comes from it or the title", async () => {
    const { actor, calls } = start({ slug: "building-a-bridge" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(selectPostSlugInput(actor.getSnapshot())).toBe("building-a-bridge");
    actor.send({ type: "slug.change", value: "The Lucena Bridge" });
    expect(selectPostDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]).toMatchObject({
      routeSlug: "building-a-bridge",
      body: { slug: "the-lucena-bridge" },
    });

    const fresh = start();
    expect(selectPostSlugInput(fresh.actor.getSnapshot())).toBe("");
    fill(fresh.actor, { title: "الملك النشيط في النهايات", content: BODY });
    fresh.actor.send({ type: "post.save" });
    await waitFor(fresh.actor, (s) => s.status === "done");
    expect(fresh.calls.save[0]?.body.slug).toBe("الملك-النشيط-في-النهايات");

    const named = start();
    fill(named.actor, { title: "Rook endings", content: BODY });
    named.actor.send({ type: "slug.change", value: "rooks" });
    named.actor.send({ type: "post.save" });
    await waitFor(named.actor, (s) => s.status === "done");
    expect(named.calls.save[0]?.body.slug).toBe("rooks");
  });

  it("updates an existing post by its route slug, sending the version it loaded", async () => {
    const { actor, calls } = start({ slug: "building-a-bridge" });
    await waitFor(actor, (s) => s.matches("ready"));
    fill(actor, { title: "Building a bridge, again" });
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.routeSlug).toBe("building-a-bridge");
    expect(calls.save[0]?.body).toMatchObject({
      slug: "building-a-bridge",
      published: true,
      updated_at: LOADED.version,
      created_at: LOADED.created_at,
    });
  });

  it("a failed save stays with 'Failed to save blog post' and keeps the fields", async () => {
    const { actor } = start({
      save: async () => {
        throw new Error("500");
      },
    });
    fill(actor, { title: "Rook endings", content: BODY });
    actor.send({ type: "post.publish" });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: "save" });
    expect(selectPostSaving(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.title).toBe("Rook endings");
    expect(actor.getSnapshot().status).toBe("active");
  });

  it("shows the server's validation messages and a conflict", async () => {
    let answer: SaveResult = { ok: false, reason: "invalid", messages: [BLOG_MESSAGES.featuredImage] };
    const { actor } = start({ save: async () => answer });
    fill(actor, { title: "Rook endings", content: BODY });
    actor.send({ type: "post.publish" });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({
      kind: "invalid",
      messages: [BLOG_MESSAGES.featuredImage],
    });

    answer = { ok: false, reason: "conflict" };
    actor.send({ type: "post.publish" });
    await waitFor(actor, (s) => s.context.error?.kind === "conflict");
    expect(selectPostSaving(actor.getSnapshot())).toBe(false);
  });

  it("a save the server refuses for the token ends the session with the fields kept", async () => {
    const { actor } = start({ save: async () => ({ ok: false, reason: "unauthorized" }) });
    fill(actor, { title: "Rook endings", content: BODY, tags: ["Endgame"] });
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.matches("sessionExpired"));
    expect(actor.getSnapshot().context).toMatchObject({
      title: "Rook endings",
      content: BODY,
      tags: ["Endgame"],
    });
  });
});

describe("post editor: published state", () => {
  const loading = (post: typeof LOADED) => ({
    slug: "building-a-bridge",
    load: async () => ({ ok: true as const, post }),
  });

  it("a new post is a draft: Save as Draft keeps it a draft, and only Publish is offered beside it", async () => {
    const { actor, calls } = start();
    expect(selectPostStatus(actor.getSnapshot())).toBe("draft");
    expect(actor.getSnapshot().can({ type: "post.publish" })).toBe(true);
    expect(actor.getSnapshot().can({ type: "post.unpublish" })).toBe(false);
    fill(actor, { title: "Rook endings", content: BODY });
    actor.send({ type: "post.save" });
    expect(selectPostSaveAction(actor.getSnapshot())).toBe("save");
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body.published).toBe(false);
  });

  it("editing a draft shows it as a draft, and saving it keeps it a draft", async () => {
    const { actor, calls } = start(loading(LOADED_DRAFT));
    await waitFor(actor, (s) => s.matches("ready"));
    expect(selectPostStatus(actor.getSnapshot())).toBe("draft");
    expect(actor.getSnapshot().can({ type: "post.publish" })).toBe(true);
    expect(actor.getSnapshot().can({ type: "post.unpublish" })).toBe(false);
    fill(actor, { title: "Building a bridge, again" });
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body).toMatchObject({ slug: "building-a-bridge", published: false });
  });

  it("a draft is published by Publish", async () => {
    const save = deferred<SaveResult>();
    const { actor, calls } = start({ ...loading(LOADED_DRAFT), save: () => save.promise });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "post.publish" });
    expect(selectPostSaving(actor.getSnapshot())).toBe(true);
    expect(selectPostSaveAction(actor.getSnapshot())).toBe("publish");
    expect(actor.getSnapshot().can({ type: "post.save" })).toBe(false);
    save.resolve({ ok: true, slug: "building-a-bridge" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body.published).toBe(true);
  });

  it("editing a published post shows it as published: Update keeps it published, Unpublish saves it as a draft", async () => {
    const updated = start(loading(LOADED));
    await waitFor(updated.actor, (s) => s.matches("ready"));
    expect(selectPostStatus(updated.actor.getSnapshot())).toBe("published");
    expect(updated.actor.getSnapshot().can({ type: "post.publish" })).toBe(false);
    expect(updated.actor.getSnapshot().can({ type: "post.unpublish" })).toBe(true);
    updated.actor.send({ type: "post.save" });
    await waitFor(updated.actor, (s) => s.status === "done");
    expect(updated.calls.save[0]?.body.published).toBe(true);

    const unpublished = start(loading(LOADED));
    await waitFor(unpublished.actor, (s) => s.matches("ready"));
    unpublished.actor.send({ type: "post.unpublish" });
    expect(selectPostSaveAction(unpublished.actor.getSnapshot())).toBe("unpublish");
    await waitFor(unpublished.actor, (s) => s.status === "done");
    expect(unpublished.calls.save[0]?.body.published).toBe(false);
  });

  it("Publish and Unpublish check the fields like saving does", async () => {
    const { actor, calls } = start(loading({ ...LOADED, title: "" }));
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "post.unpublish" });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "title-required" });
    expect(calls.save).toHaveLength(0);
  });

  it("the published state is kept with the fields across a session expiry", async () => {
    const first = start({ ...loading(LOADED), save: async () => ({ ok: false, reason: "unauthorized" }) });
    await waitFor(first.actor, (s) => s.matches("ready"));
    fill(first.actor, { title: "Building a bridge, kept" });
    first.actor.send({ type: "post.save" });
    await waitFor(first.actor, (s) => s.matches("sessionExpired"));
    const draft = selectEditorDraft(first.actor.getSnapshot());
    expect(draft).toMatchObject({ title: "Building a bridge, kept", published: true });

    const again = start({ slug: "building-a-bridge", restored: draft });
    expect(selectPostStatus(again.actor.getSnapshot())).toBe("published");
    again.actor.send({ type: "post.save" });
    await waitFor(again.actor, (s) => s.status === "done");
    expect(again.calls.save[0]?.body.published).toBe(true);
  });
});

describe("post editor: validation messages follow the fields", () => {
  it("'Title is required' clears as soon as the title is filled in, in preview too", () => {
    const { actor } = start();
    actor.send({ type: "post.save" });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "title-required" });
    actor.send({ type: "mode.select", mode: "preview" });
    fill(actor, { title: "   " });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "title-required" });
    fill(actor, { title: "Rook endings" });
    // The admin asked to save: what still stands in the way shows at once.
    expect(actor.getSnapshot().context.error).toEqual({ kind: "content-required" });
    fill(actor, { content: BODY });
    expect(actor.getSnapshot().context.error).toBeNull();
    // Once the fields are valid, emptying one again says nothing until the next save.
    fill(actor, { title: "" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("the validator's messages are checked again on every change once shown", () => {
    const { actor } = start();
    fill(actor, { title: "Ok", content: "<p>Hi</p>" });
    actor.send({ type: "post.publish" });
    expect(actor.getSnapshot().context.error).toEqual({
      kind: "invalid",
      messages: [BLOG_MESSAGES.title, BLOG_MESSAGES.content],
    });
    fill(actor, { title: "Okay" });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "invalid", messages: [BLOG_MESSAGES.content] });
    fill(actor, { content: BODY });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("an error that is not about the fields stays while typing", async () => {
    const { actor } = start({
      save: async () => {
        throw new Error("500");
      },
    });
    fill(actor, { title: "Rook endings", content: BODY });
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.context.error !== null);
    fill(actor, { title: "Rook endings 2" });
    expect(actor.getSnapshot().context.error).toEqual({ kind: "save" });
  });
});

describe("post editor: links", () => {
  it("takes web, email and site addresses, completing a bare domain or an email address", () => {
    expect(linkHref("https://example.com/a?b=1#c")).toBe("https://example.com/a?b=1#c");
    expect(linkHref("  http://example.com  ")).toBe("http://example.com");
    expect(linkHref("lichess.org/training")).toBe("https://lichess.org/training");
    expect(linkHref("www.chess.com")).toBe("https://www.chess.com");
    expect(linkHref("coach@example.com")).toBe("mailto:coach@example.com");
    expect(linkHref("mailto:coach@example.com")).toBe("mailto:coach@example.com");
    expect(linkHref("/blog/lucena")).toBe("/blog/lucena");
    expect(linkHref("#plans")).toBe("#plans");
    expect(linkHref("https://شطرنج.example/دروس")).toBe("https://شطرنج.example/دروس");
    for (const bad of [
      "",
      "   ",
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      "JavaScript:alert(1)",
      "//evil.example",
      "data:text/html,hi",
      "ftp://example.com",
      "https://",
      "http://exa mple.com",
      "not a link",
      "mailto:",
    ]) {
      expect(linkHref(bad), bad).toBeNull();
    }
  });

  it("adds a link from the dialog", () => {
    const { actor, links } = start();
    actor.send({ type: "dialog.open", kind: "link" });
    expect(selectInsertDialog(actor.getSnapshot())).toBe("link");
    expect(selectInsertDialogEditing(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: "dialog.remove" })).toBe(false);
    actor.send({ type: "dialog.change", value: "lichess.org" });
    actor.send({ type: "dialog.confirm" });
    expect(selectInsertDialog(actor.getSnapshot())).toBeNull();
    expect(links).toEqual(["https://lichess.org"]);
  });

  it("refuses an address that is not a link, and takes the corrected one", () => {
    const { actor, links } = start();
    actor.send({ type: "dialog.open", kind: "link" });
    actor.send({ type: "dialog.change", value: "javascript:alert(1)" });
    actor.send({ type: "dialog.confirm" });
    expect(actor.getSnapshot().context.dialogProblem).toBe("invalid-link");
    expect(selectInsertDialog(actor.getSnapshot())).toBe("link");
    actor.send({ type: "dialog.change", value: "/training" });
    expect(actor.getSnapshot().context.dialogProblem).toBeNull();
    actor.send({ type: "dialog.confirm" });
    expect(links).toEqual(["/training"]);
  });

  it("edits a link: the dialog opens with its address, which can be changed or removed", () => {
    const { actor, links, emitted } = start();
    actor.send({ type: "dialog.open", kind: "link", value: "https://lichess.org" });
    expect(actor.getSnapshot().context.dialogValue).toBe("https://lichess.org");
    expect(selectInsertDialogEditing(actor.getSnapshot())).toBe(true);
    actor.send({ type: "dialog.change", value: "https://lichess.org/study" });
    actor.send({ type: "dialog.confirm" });
    actor.send({ type: "dialog.open", kind: "link", value: "https://lichess.org/study" });
    actor.send({ type: "dialog.remove" });
    expect(selectInsertDialog(actor.getSnapshot())).toBeNull();
    expect(links).toEqual(["https://lichess.org/study", null]);
    expect(emitted).toEqual([]);
    // The other dialogs open empty, with nothing to remove.
    actor.send({ type: "dialog.open", kind: "video" });
    expect(actor.getSnapshot().context.dialogValue).toBe("");
    expect(actor.getSnapshot().can({ type: "dialog.remove" })).toBe(false);
  });
});

describe("post editor: images", () => {
  it("uploads an image and asks for it to be inserted where it was dropped", async () => {
    const upload = deferred<UploadResult>();
    const { actor, calls, emitted } = start({ upload: () => upload.promise });
    actor.send({ type: "image.upload", file: png(), position: 12 });
    expect(selectImageUploading(actor.getSnapshot())).toBe(true);
    expect(calls.upload).toHaveLength(1);
    upload.resolve({ ok: true, url: "/uploads/k3f.png" });
    await waitFor(actor, (s) => !selectImageUploading(s));
    expect(emitted).toEqual([
      { type: "editor.insert", block: { kind: "image", src: "/uploads/k3f.png" }, position: 12 },
    ]);
  });

  it("ignores files that are not images and refuses ones over the size limit", () => {
    const { actor, calls } = start();
    actor.send({ type: "image.upload", file: png(100, "application/pdf") });
    expect(calls.upload).toHaveLength(0);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: "image.upload", file: png(BLOG_LIMITS.uploadBytes + 1) });
    expect(calls.upload).toHaveLength(0);
    expect(actor.getSnapshot().context.error).toEqual({ kind: "upload-too-large" });
  });

  it("uploads several files one after another, in order", async () => {
    let n = 0;
    const { actor, calls, emitted } = start({
      upload: async () => ({ ok: true, url: `/uploads/${++n}.png` }),
    });
    actor.send({ type: "image.upload", file: png(1) });
    actor.send({ type: "image.upload", file: png(2) });
    actor.send({ type: "image.upload", file: png(3) });
    await waitFor(actor, (s) => emitted.length === 3 && !selectImageUploading(s));
    expect(calls.upload.map((call) => call.file.size)).toEqual([1, 2, 3]);
    expect(emitted.map((event) => event.block)).toEqual([
      { kind: "image", src: "/uploads/1.png" },
      { kind: "image", src: "/uploads/2.png" },
      { kind: "image", src: "/uploads/3.png" },
    ]);
  });

  it("a failed upload says so and inserts nothing", async () => {
    const { actor, emitted } = start({
      upload: async () => {
        throw new Error("413");
      },
    });
    actor.send({ type: "image.upload", file: png() });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: "upload" });
    expect(emitted).toEqual([]);
    expect(selectImageUploading(actor.getSnapshot())).toBe(false);
  });

  it("an upload the server refuses for the token ends the session", async () => {
    const { actor } = start({ upload: async () => ({ ok: false, reason: "unauthorized" }) });
    actor.send({ type: "image.upload", file: png() });
    await waitFor(actor, (s) => s.matches("sessionExpired"));
  });
});

describe("post editor: insert dialogs", () => {
  it("inserts a chess diagram, completing a short FEN, then closes and clears", () => {
    const { actor, emitted } = start();
    actor.send({ type: "dialog.open", kind: "diagram" });
    expect(selectInsertDialog(actor.getSnapshot())).toBe("diagram");
    actor.send({ type: "dialog.change", value: " 8/8/8/4k3/8/8/4P3/4K3 " });
    actor.send({ type: "dialog.confirm" });
    expect(selectInsertDialog(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.dialogValue).toBe("");
    expect(emitted).toEqual([
      { type: "editor.insert", block: { kind: "chessDiagram", fen: "8/8/8/4k3/8/8/4P3/4K3 w KQkq - 0 1" } },
    ]);
  });

  it("an empty value inserts nothing and the dialog stays open", () => {
    const { actor, emitted } = start();
    actor.send({ type: "dialog.open", kind: "video" });
    actor.send({ type: "dialog.change", value: "   " });
    actor.send({ type: "dialog.confirm" });
    expect(selectInsertDialog(actor.getSnapshot())).toBe("video");
    expect(actor.getSnapshot().context.dialogProblem).toBeNull();
    expect(emitted).toEqual([]);
  });

  it("refuses a position the board cannot show and a URL that is not a YouTube video", () => {
    const { actor, emitted } = start();
    actor.send({ type: "dialog.open", kind: "diagram" });
    actor.send({ type: "dialog.change", value: "not a position" });
    actor.send({ type: "dialog.confirm" });
    expect(actor.getSnapshot().context.dialogProblem).toBe("invalid-fen");
    actor.send({ type: "dialog.change", value: "not a position either" });
    expect(actor.getSnapshot().context.dialogProblem).toBeNull();
    actor.send({ type: "dialog.cancel" });

    actor.send({ type: "dialog.open", kind: "video" });
    actor.send({ type: "dialog.change", value: "https://vimeo.com/123" });
    actor.send({ type: "dialog.confirm" });
    expect(actor.getSnapshot().context.dialogProblem).toBe("invalid-video");
    expect(emitted).toEqual([]);
  });

  it("inserts a YouTube video from a watch URL or a short URL", () => {
    const { actor, emitted } = start();
    for (const url of ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ"]) {
      actor.send({ type: "dialog.open", kind: "video" });
      actor.send({ type: "dialog.change", value: url });
      actor.send({ type: "dialog.confirm" });
    }
    expect(emitted.map((event) => event.block)).toEqual([
      { kind: "youtube", src: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      { kind: "youtube", src: "https://youtu.be/dQw4w9WgXcQ" },
    ]);
  });

  it("cancel closes and clears; reopening starts empty", () => {
    const { actor, emitted } = start();
    actor.send({ type: "dialog.open", kind: "diagram" });
    actor.send({ type: "dialog.change", value: "8/8/8/8/8/8/8/K6k" });
    actor.send({ type: "dialog.cancel" });
    expect(selectInsertDialog(actor.getSnapshot())).toBeNull();
    actor.send({ type: "dialog.open", kind: "diagram" });
    expect(actor.getSnapshot().context.dialogValue).toBe("");
    expect(emitted).toEqual([]);
  });
});
