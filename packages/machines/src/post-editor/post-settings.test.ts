import { BLOG_SETTINGS_LIMITS, BLOG_SETTINGS_MESSAGES } from "@ct/contract/blog-rules";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { postEditorMachine } from "./post-editor.machine";
import {
  selectPostSettings,
  selectPostStatus,
  selectScheduleInput,
  selectSettingUploading,
} from "./selectors";
import type { LoadedPost, LoadResult, SaveRequest, SaveResult, UploadRequest, UploadResult } from "./types";

const NOW = new Date("2025-03-01T10:00:00.000Z");
const LATER = "2025-03-01T10:01:00.000Z";
const BODY = "<p>The Lucena position, built step by step.</p>";
const DRAFT: LoadedPost = {
  title: "Building a bridge",
  tags: [],
  content: BODY,
  language: "en",
  published: false,
  version: "2025-02-01T09:00:00.000Z",
  created_at: "2025-01-31T08:00:00.000Z",
};
const SETTINGS = {
  excerpt: "How to build a bridge.",
  featuredImage: "/uploads/0123456789abcdef0123456789abcdef.png",
  seoTitle: "The Lucena position",
  seoDescription: "Building a bridge with the rook.",
  socialImage: "",
};

/** The editor on a loaded post (or a new one), with stub calls that record what they were sent. */
async function start(post: LoadedPost | null, upload?: () => Promise<UploadResult>) {
  const calls = { save: [] as SaveRequest[], upload: [] as UploadRequest[] };
  const machine = postEditorMachine.provide({
    actors: {
      loadPost: fromPromise<LoadResult, { slug: string }>(async () => ({
        ok: true,
        post: post as LoadedPost,
      })),
      savePost: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
        calls.save.push(input);
        return { ok: true, slug: input.body.slug };
      }),
      uploadImage: fromPromise<UploadResult, UploadRequest>(async ({ input }) => {
        calls.upload.push(input);
        return upload ? upload() : { ok: true, url: "/uploads/ffffffffffffffffffffffffffffffff.webp" };
      }),
    },
  });
  const actor = createActor(machine, {
    input: { slug: post ? "building-a-bridge" : null, now: () => NOW, autosaveDelay: 60_000 },
  }).start();
  await waitFor(actor, (s) => s.matches("ready"));
  return { actor, calls };
}

describe("post editor: settings", () => {
  it("loads a post's settings and sends the edited ones with a save", async () => {
    const { actor, calls } = await start({ ...DRAFT, settings: SETTINGS });
    expect(selectPostSettings(actor.getSnapshot())).toEqual(SETTINGS);
    actor.send({ type: "setting.change", field: "excerpt", value: "  " });
    actor.send({ type: "setting.change", field: "seoTitle", value: "Lucena, step by step" });
    actor.send({ type: "post.save" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body).toMatchObject({
      // An emptied excerpt is none: the server derives it from the text again.
      custom_excerpt: null,
      featured_image: SETTINGS.featuredImage,
      seo_title: "Lucena, step by step",
      seo_description: SETTINGS.seoDescription,
      social_image: null,
      published: false,
      publish_at: null,
    });
  });

  it("refuses settings beyond their bounds before sending, with the server's messages", async () => {
    const { actor, calls } = await start(DRAFT);
    actor.send({
      type: "setting.change",
      field: "seoTitle",
      value: "t".repeat(BLOG_SETTINGS_LIMITS.seoTitleMax + 1),
    });
    actor.send({ type: "setting.change", field: "socialImage", value: "http://example.org/a.png" });
    actor.send({ type: "post.save" });
    expect(actor.getSnapshot().context.error).toEqual({
      kind: "invalid",
      messages: [BLOG_SETTINGS_MESSAGES.seoTitleMax, BLOG_SETTINGS_MESSAGES.socialImage],
    });
    expect(calls.save).toHaveLength(0);
  });

  it("uploads a featured image and makes it the setting; a file that is not an image is ignored", async () => {
    const { actor, calls } = await start(DRAFT);
    actor.send({ type: "setting.upload", field: "featuredImage", file: { type: "text/plain", size: 10 } });
    expect(calls.upload).toHaveLength(0);
    actor.send({ type: "setting.upload", field: "featuredImage", file: { type: "image/png", size: 10 } });
    expect(selectSettingUploading(actor.getSnapshot())).toBe("featuredImage");
    await waitFor(actor, (s) => selectSettingUploading(s) === null);
    expect(selectPostSettings(actor.getSnapshot()).featuredImage).toBe(
      "/uploads/ffffffffffffffffffffffffffffffff.webp",
    );
    expect(actor.getSnapshot().context.dirty).toBe(true);
  });

  it("says so when a settings image fails to upload", async () => {
    const { actor } = await start(DRAFT, () => Promise.reject(new Error("offline")));
    actor.send({ type: "setting.upload", field: "socialImage", file: { type: "image/png", size: 10 } });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ kind: "upload" });
    expect(selectPostSettings(actor.getSnapshot()).socialImage).toBe("");
  });
});

describe("post editor: scheduling", () => {
  it("schedules a draft for the picked time", async () => {
    const { actor, calls } = await start(null);
    actor.send({ type: "title.change", value: "Rook endings" });
    actor.send({ type: "content.change", html: BODY });
    actor.send({ type: "schedule.change", value: LATER });
    expect(selectScheduleInput(actor.getSnapshot())).toBe(LATER);
    actor.send({ type: "post.schedule" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body).toMatchObject({ published: false, publish_at: LATER });
    expect(actor.getSnapshot().context.saveAction).toBe("schedule");
  });

  it("refuses a time in the past, or none, with a clear message, and sends nothing", async () => {
    const { actor, calls } = await start(DRAFT);
    actor.send({ type: "schedule.change", value: "2025-03-01T09:59:00.000Z" });
    actor.send({ type: "post.schedule" });
    expect(actor.getSnapshot().context.error).toEqual({
      kind: "invalid",
      messages: [BLOG_SETTINGS_MESSAGES.publishAtPast],
    });
    actor.send({ type: "schedule.change", value: null });
    actor.send({ type: "post.schedule" });
    expect(actor.getSnapshot().context.error).toEqual({
      kind: "invalid",
      messages: [BLOG_SETTINGS_MESSAGES.publishAtInvalid],
    });
    expect(calls.save).toHaveLength(0);
  });

  it("shows a scheduled post as scheduled; Save keeps its time, a new time reschedules, Unschedule makes a draft", async () => {
    for (const [event, expected] of [
      [{ type: "post.save" }, { published: false, publish_at: LATER }],
      [
        { type: "post.schedule", later: true },
        { published: false, publish_at: "2025-03-02T08:00:00.000Z" },
      ],
      [{ type: "post.unschedule" }, { published: false, publish_at: null }],
      [{ type: "post.publish" }, { published: true, publish_at: null }],
    ] as const) {
      const { actor, calls } = await start({ ...DRAFT, publishAt: LATER });
      expect(selectPostStatus(actor.getSnapshot())).toBe("scheduled");
      expect(selectScheduleInput(actor.getSnapshot())).toBe(LATER);
      if ("later" in event) actor.send({ type: "schedule.change", value: "2025-03-02T08:00:00.000Z" });
      actor.send({ type: event.type });
      await waitFor(actor, (s) => s.status === "done");
      expect(calls.save[0]?.body, event.type).toMatchObject(expected);
    }
  });

  it("accepts the stored time of a scheduled post even once it has passed (the server publishes it soon)", async () => {
    const { actor, calls } = await start({ ...DRAFT, publishAt: "2025-03-01T09:00:00.000Z" });
    actor.send({ type: "post.schedule" });
    await waitFor(actor, (s) => s.status === "done");
    expect(calls.save[0]?.body.publish_at).toBe("2025-03-01T09:00:00.000Z");
  });
});

describe("post editor: settings kept in this browser", () => {
  it("a local copy offered back restores the settings and the picked time with the words", async () => {
    const draft = {
      ...DRAFT,
      title: "Building a bridge, again",
      version: DRAFT.version,
      created_at: DRAFT.created_at,
      settings: { ...SETTINGS, seoTitle: "Kept in this browser" },
      publishAt: null,
      scheduleInput: LATER,
    };
    const machine = postEditorMachine.provide({
      actors: {
        loadPost: fromPromise<LoadResult, { slug: string }>(async () => ({ ok: true, post: DRAFT })),
      },
    });
    const actor = createActor(machine, {
      input: {
        slug: "building-a-bridge",
        now: () => NOW,
        autosaveDelay: 60_000,
        offered: { draft, savedAt: NOW.toISOString() },
      },
    }).start();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "offer.restore" });
    expect(actor.getSnapshot().context.title).toBe("Building a bridge, again");
    expect(selectPostSettings(actor.getSnapshot()).seoTitle).toBe("Kept in this browser");
    expect(selectScheduleInput(actor.getSnapshot())).toBe(LATER);
  });
});
