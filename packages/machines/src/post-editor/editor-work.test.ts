import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { AUTOSAVE_DELAY_MS, postEditorMachine } from "./post-editor.machine";
import {
  selectHasUnsavedChanges,
  selectLocalOffer,
  selectPostEditorPhase,
  selectSaveState,
} from "./selectors";
import type {
  EditorDraft,
  LoadedPost,
  LoadResult,
  LocalCopy,
  SaveRequest,
  SaveResult,
  UploadRequest,
  UploadResult,
} from "./types";

/**
 * "The admin's work is never lost": unsaved changes, autosave (to the server for a draft it has, else in this
 * browser), the local copy offered back, and revisions put back in the editor.
 */

const NOW = new Date("2025-03-01T10:00:00.000Z");
const BODY = "<p>The Lucena position, built step by step.</p>";
const DRAFT: LoadedPost = {
  title: "Building a bridge",
  tags: ["Endgame"],
  content: BODY,
  language: "en",
  published: false,
  version: "2025-02-01T09:00:00.000Z",
  created_at: "2025-01-31T08:00:00.000Z",
};
const PUBLISHED: LoadedPost = { ...DRAFT, published: true };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

function start(
  options: {
    slug?: string | null;
    post?: LoadedPost;
    restored?: EditorDraft;
    offered?: LocalCopy;
    save?: (request: SaveRequest) => Promise<SaveResult>;
  } = {},
) {
  const calls = { save: [] as SaveRequest[] };
  const machine = postEditorMachine.provide({
    actors: {
      loadPost: fromPromise<LoadResult, { slug: string }>(async () => ({
        ok: true,
        post: options.post ?? DRAFT,
      })),
      savePost: fromPromise<SaveResult, SaveRequest>(({ input }) => {
        calls.save.push(input);
        return (
          options.save ??
          (async () => ({ ok: true, slug: input.body.slug, version: `v${calls.save.length + 1}` }))
        )(input);
      }),
      uploadImage: fromPromise<UploadResult, UploadRequest>(async () => ({
        ok: true,
        url: "/uploads/a.png",
      })),
    },
  });
  const actor = createActor(machine, {
    input: {
      slug: options.slug === undefined ? "building-a-bridge" : options.slug,
      restored: options.restored ?? null,
      offered: options.offered ?? null,
      now: () => NOW,
    },
  });
  const kept: LocalCopy[] = [];
  const replaced: string[] = [];
  let discarded = 0;
  actor.on("local.keep", (event) => kept.push(event.copy));
  actor.on("local.discard", () => {
    discarded++;
  });
  actor.on("editor.replace", (event) => replaced.push(event.html));
  actor.start();
  return { actor, calls, kept, replaced, discards: () => discarded };
}

/** Lets the load (a resolved promise) and the machine's reactions to it run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("post editor: unsaved changes", () => {
  it("none when the editor only settles the content it loaded (a block's node view normalising it)", async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: "content.settle", html: `${DRAFT.content}<p></p>` });
    expect(actor.getSnapshot().context.content).toBe(`${DRAFT.content}<p></p>`);
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(false);
    expect(selectSaveState(actor.getSnapshot())).toBe("saved");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.save).toEqual([]);
  });

  it("none when the editor opens, new or loaded; any of title, tags, body and language makes some", async () => {
    const fresh = start({ slug: null });
    expect(selectHasUnsavedChanges(fresh.actor.getSnapshot())).toBe(false);
    expect(selectSaveState(fresh.actor.getSnapshot())).toBe("none");

    for (const change of [
      { type: "title.change", value: "Building a bridge (Lucena)" },
      { type: "tag.add", value: "Rooks" },
      { type: "tag.remove", tag: "Endgame" },
      { type: "content.change", html: "<p>Another text entirely.</p>" },
      { type: "language.change", language: "ar" },
    ] as const) {
      const { actor } = start();
      await settle();
      expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(false);
      expect(selectSaveState(actor.getSnapshot())).toBe("saved");
      actor.send(change);
      expect(selectHasUnsavedChanges(actor.getSnapshot()), change.type).toBe(true);
      expect(selectSaveState(actor.getSnapshot()), change.type).toBe("notSaved");
    }
  });

  it("a change restarts only the autosave's wait: the mode, an open dialog and a running upload stay", async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: "mode.select", mode: "preview" });
    actor.send({ type: "dialog.open", kind: "diagram" });
    actor.send({ type: "image.upload", file: { type: "image/png", size: 10 } });
    actor.send({ type: "title.change", value: "Building a bridge (Lucena)" });
    actor.send({ type: "title.change", value: "Building a bridge (the Lucena)" });
    expect(
      actor.getSnapshot().matches({
        ready: { mode: "preview", dialog: "diagram", upload: "uploading", autosave: "pending" },
      }),
    ).toBe(true);
  });

  it("a tag that was already there changes nothing", async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: "tag.add", value: "endgame" });
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(calls.save).toHaveLength(0);
  });

  it("none once saved: the editor is done", async () => {
    const { actor } = start({ post: PUBLISHED });
    await settle();
    actor.send({ type: "title.change", value: "Building a bridge, updated" });
    actor.send({ type: "post.save" });
    await settle();
    expect(actor.getSnapshot().status).toBe("done");
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(false);
  });
});

describe("post editor: autosave of a draft the server has", () => {
  it("saves after 3 s without changes, with the version it loaded, then the version the server answered", async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: "title.change", value: "Building a bridge (Lucena)" });
    await vi.advanceTimersByTimeAsync(2000);
    // Another change restarts the wait.
    actor.send({ type: "content.change", html: `${BODY}<p>Step one: the king.</p>` });
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls.save).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.save).toHaveLength(1);
    expect(calls.save[0]).toMatchObject({
      routeSlug: "building-a-bridge",
      body: {
        title: "Building a bridge (Lucena)",
        content: `${BODY}<p>Step one: the king.</p>`,
        published: false,
        updated_at: DRAFT.version,
      },
    });
    await settle();
    expect(selectSaveState(actor.getSnapshot())).toBe("saved");
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(false);

    actor.send({ type: "language.change", language: "ar" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(calls.save).toHaveLength(2);
    expect(calls.save[1]?.body).toMatchObject({ language: "ar", updated_at: "v2" });
  });

  it("an autosave keeps the post's address: only Save renames it to the Slug field's", async () => {
    const { actor, calls } = start();
    await settle();
    actor.send({ type: "slug.change", value: "lucena-bridge" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(calls.save).toHaveLength(1);
    expect(calls.save[0]).toMatchObject({
      routeSlug: "building-a-bridge",
      body: { slug: "building-a-bridge" },
    });
    await settle();
    actor.send({ type: "post.save" });
    await settle();
    expect(calls.save[1]).toMatchObject({ routeSlug: "building-a-bridge", body: { slug: "lucena-bridge" } });
  });

  it("says Saving… while it runs; a change made meanwhile stays unsaved and is saved after it", async () => {
    const first = deferred<SaveResult>();
    let answers = 0;
    const { actor, calls } = start({
      save: () => (++answers === 1 ? first.promise : Promise.resolve({ ok: true, slug: "x", version: "v3" })),
    });
    await settle();
    actor.send({ type: "title.change", value: "One" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(selectSaveState(actor.getSnapshot())).toBe("saving");
    actor.send({ type: "title.change", value: "One and two" });
    first.resolve({ ok: true, slug: "building-a-bridge", version: "v2" });
    await settle();
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(true);
    expect(selectSaveState(actor.getSnapshot())).toBe("notSaved");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(calls.save).toHaveLength(2);
    expect(calls.save[1]?.body).toMatchObject({ title: "One and two", updated_at: "v2" });
    expect(selectSaveState(actor.getSnapshot())).toBe("saved");
  });

  it("a post changed elsewhere (409) is not overwritten: the editor says so, keeps the changes locally and stops sending", async () => {
    const { actor, calls, kept } = start({ save: async () => ({ ok: false, reason: "conflict" }) });
    await settle();
    actor.send({ type: "title.change", value: "My version" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(calls.save).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toEqual({ kind: "autosave-conflict" });
    expect(kept.map((copy) => copy.draft.title)).toEqual(["My version"]);
    expect(kept[0]?.savedAt).toBe(NOW.toISOString());
    expect(selectSaveState(actor.getSnapshot())).toBe("savedLocally");
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(true);

    actor.send({ type: "title.change", value: "My version, longer" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(calls.save).toHaveLength(1);
    expect(kept.map((copy) => copy.draft.title)).toEqual(["My version", "My version, longer"]);
  });

  it("a failed autosave, or fields the server would refuse, are kept locally instead", async () => {
    const { actor, calls, kept } = start({
      save: async () => {
        throw new Error("offline");
      },
    });
    await settle();
    actor.send({ type: "title.change", value: "Offline edit" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(calls.save).toHaveLength(1);
    expect(kept.map((copy) => copy.draft.title)).toEqual(["Offline edit"]);
    expect(actor.getSnapshot().context.error).toBeNull();

    actor.send({ type: "title.change", value: "" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(calls.save).toHaveLength(1);
    expect(kept.map((copy) => copy.draft.title)).toEqual(["Offline edit", ""]);
    expect(selectSaveState(actor.getSnapshot())).toBe("savedLocally");
  });

  it("a save asked for while an autosave runs waits for it, then goes with the new version", async () => {
    const first = deferred<SaveResult>();
    const { actor, calls } = start({
      save: (request) =>
        request.body.published ? Promise.resolve({ ok: true, slug: "building-a-bridge" }) : first.promise,
    });
    await settle();
    actor.send({ type: "title.change", value: "Ready to publish" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    actor.send({ type: "post.publish" });
    expect(calls.save).toHaveLength(1);
    first.resolve({ ok: true, slug: "building-a-bridge", version: "v2" });
    await settle();
    expect(calls.save).toHaveLength(2);
    expect(calls.save[1]?.body).toMatchObject({ published: true, updated_at: "v2" });
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().context.saveAction).toBe("publish");
  });

  it("an autosave the server refuses for the token ends the session with the fields kept", async () => {
    const { actor } = start({ save: async () => ({ ok: false, reason: "unauthorized" }) });
    await settle();
    actor.send({ type: "title.change", value: "Kept across login" });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(selectPostEditorPhase(actor.getSnapshot())).toBe("sessionExpired");
    expect(actor.getSnapshot().context.title).toBe("Kept across login");
  });
});

describe("post editor: autosave of a new or a published post keeps it in this browser", () => {
  for (const [name, options] of [
    ["a new post", { slug: null }],
    ["a published post", { post: PUBLISHED }],
  ] as const) {
    it(`${name}: never sent before Save or Update; the copy goes once saved`, async () => {
      const { actor, calls, kept, discards } = start(options);
      await settle();
      actor.send({ type: "title.change", value: "Rook endings" });
      actor.send({ type: "content.change", html: BODY });
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
      expect(calls.save).toHaveLength(0);
      expect(kept).toEqual([
        {
          draft: expect.objectContaining({ title: "Rook endings", content: BODY }),
          savedAt: NOW.toISOString(),
        },
      ]);
      expect(selectSaveState(actor.getSnapshot())).toBe("savedLocally");
      // Still unsaved: leaving asks first.
      expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(true);
      actor.send({ type: "tag.add", value: "Rooks" });
      expect(selectSaveState(actor.getSnapshot())).toBe("notSaved");

      actor.send({ type: "post.save" });
      await settle();
      expect(actor.getSnapshot().status).toBe("done");
      expect(calls.save).toHaveLength(1);
      expect(discards()).toBe(1);
    });
  }
});

describe("post editor: a local copy is offered back", () => {
  const copy: LocalCopy = {
    draft: {
      title: "Unsaved title",
      tags: ["Rooks"],
      content: "<p>Unsaved body text.</p>",
      language: "ar",
      published: false,
      version: DRAFT.version,
      created_at: DRAFT.created_at,
    },
    savedAt: "2025-02-28T18:30:00.000Z",
  };

  it("restore puts its fields in the editor as unsaved changes, replacing the document", async () => {
    const { actor, replaced } = start({ offered: copy });
    await settle();
    expect(selectLocalOffer(actor.getSnapshot())).toEqual(copy);
    // The loaded post is shown until the admin chooses.
    expect(actor.getSnapshot().context.title).toBe(DRAFT.title);
    actor.send({ type: "offer.restore" });
    expect(actor.getSnapshot().context).toMatchObject({
      title: "Unsaved title",
      tags: ["Rooks"],
      content: "<p>Unsaved body text.</p>",
      language: "ar",
      version: DRAFT.version,
    });
    expect(replaced).toEqual(["<p>Unsaved body text.</p>"]);
    expect(selectLocalOffer(actor.getSnapshot())).toBeNull();
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(true);
  });

  it("discard drops it and leaves the post as loaded", async () => {
    const { actor, discards } = start({ offered: copy });
    await settle();
    actor.send({ type: "offer.discard" });
    expect(selectLocalOffer(actor.getSnapshot())).toBeNull();
    expect(discards()).toBe(1);
    expect(actor.getSnapshot().context.title).toBe(DRAFT.title);
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(false);
  });

  it("a copy that holds what the post already has is not offered", async () => {
    const same = { ...copy, draft: { ...copy.draft, ...DRAFT } };
    const { actor, discards } = start({ offered: same });
    await settle();
    expect(selectLocalOffer(actor.getSnapshot())).toBeNull();
    expect(discards()).toBe(1);
  });

  it("a new post offers its copy too; changes kept across a login come first", async () => {
    const fresh = start({ slug: null, offered: copy });
    expect(selectLocalOffer(fresh.actor.getSnapshot())).toEqual(copy);
    const restored = start({
      slug: null,
      offered: copy,
      restored: { ...copy.draft, title: "From the login" },
    });
    expect(selectLocalOffer(restored.actor.getSnapshot())).toBeNull();
    expect(restored.actor.getSnapshot().context.title).toBe("From the login");
  });
});

describe("post editor: restoring a revision", () => {
  it("puts the revision's fields in the editor as unsaved changes; saving sends them with the loaded version", async () => {
    const { actor, calls, replaced } = start({ post: PUBLISHED });
    await settle();
    actor.send({
      type: "revision.restore",
      fields: { title: "An older title", content: "<p>An older text.</p>", tags: [], language: "en" },
    });
    expect(replaced).toEqual(["<p>An older text.</p>"]);
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(true);
    expect(selectSaveState(actor.getSnapshot())).toBe("notSaved");
    actor.send({ type: "post.save" });
    await settle();
    expect(calls.save[0]?.body).toMatchObject({
      title: "An older title",
      content: "<p>An older text.</p>",
      tags: [],
      published: true,
      updated_at: PUBLISHED.version,
    });
    expect(actor.getSnapshot().status).toBe("done");
  });
});
