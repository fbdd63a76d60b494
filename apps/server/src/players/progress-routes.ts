import {
  COURSE_DOCUMENT_MAX_BYTES,
  COURSE_DOCUMENTS,
  courseDocumentSchema,
  DOCUMENT_MAX_BYTES,
  documentIdSchema,
  documentKindSchema,
  type ProgressSnapshot,
  playerDocumentSchema,
  playerDocumentsSchema,
  playerDocumentWriteSchema,
  progressEventsSchema,
  progressSnapshotSchema,
} from "@ct/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { routesOn, serializedAnswer } from "../http/route";
import { DocumentLimitError, PlayerProgress } from "./progress";
import { registerExportPart } from "./routes";
import { playerOf, requireSameOrigin } from "./session";

/**
 * Largest body of POST /api/account/events: 200 events, or a merge of a browser's records (each up to
 * PROGRESS_RECORD_MAX_CHARS, as JSON text inside JSON).
 */
export const EVENTS_BODY_LIMIT = 24 * 1024 * 1024;
/** Largest body of PUT /api/account/documents/:kind/:id: a document of DOCUMENT_MAX_BYTES, escaped as a JSON string. */
export const DOCUMENT_BODY_LIMIT = 2 * DOCUMENT_MAX_BYTES + 64 * 1024;

const signInFirst = () => new HttpError(401, "unauthorized", "Sign in to keep progress on your account");

const documentParams = z.object({ kind: documentKindSchema, id: documentIdSchema });

/**
 * The signed-in player's progress (issue 38): GET /api/account/progress, POST /api/account/events and the
 * documents. Every route needs a signed-in player (401 otherwise); a state-changing one must come from the site's
 * own origin (403), checked before anything else, and neither is read before the body is: a stranger's large
 * body is refused unread.
 */
export async function progressRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const progress = new PlayerProgress(context.db);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Account";
  const players = new WeakMap<FastifyRequest, { id: number; username: string }>();

  app.addHook("onRequest", async (request) => {
    requireSameOrigin(request, context);
    const player = await playerOf(context, request);
    if (!player) throw signInFirst();
    players.set(request, player);
  });
  const playerId = (request: FastifyRequest) => {
    const player = players.get(request);
    if (!player) throw signInFirst();
    return player.id;
  };

  registerExportPart("progress", async (_context, player) => ({
    snapshot: JSON.parse((await progress.read(player.id)).json) as ProgressSnapshot,
    events: await progress.events(player.id),
    documents: await progress.documents(player.id),
  }));

  route({
    method: "GET",
    url: "/account/progress",
    tag,
    summary:
      "The signed-in player's progress records (storage key → JSON text, as the browser keeps them) and how many " +
      "events they hold",
    response: progressSnapshotSchema,
    handler: async ({ request }) => serializedAnswer((await progress.read(playerId(request))).json),
  });

  route({
    method: "POST",
    url: "/account/events",
    tag,
    summary:
      "Store progress events (each once: its key is an idempotency key; up to 200) and answer the records they " +
      "build, with how many were new (`stored`). A player's first result on a library puzzle rates it with the " +
      "library's figures and moves the puzzle's rating once the player's own is settled",
    body: progressEventsSchema,
    bodyLimit: EVENTS_BODY_LIMIT,
    response: progressSnapshotSchema,
    handler: async ({ request, body }) =>
      serializedAnswer((await progress.record(playerId(request), body.events)).json),
  });

  route({
    method: "GET",
    url: "/account/documents",
    tag,
    summary: "The signed-in player's documents (My games sets, board and theme settings)",
    response: playerDocumentsSchema,
    handler: async ({ request }) => ({ documents: await progress.documents(playerId(request)) }),
  });

  route({
    method: "PUT",
    url: "/account/documents/:kind/:id",
    tag,
    summary: `Write a document whole (last write wins; JSON text of at most ${DOCUMENT_MAX_BYTES} bytes); repertoire/progress and endgame-course/progress are merged into the stored one instead, keeping the better of both`,
    params: documentParams,
    body: playerDocumentWriteSchema,
    bodyLimit: DOCUMENT_BODY_LIMIT,
    response: playerDocumentSchema,
    handler: async ({ request, params, body }) => {
      const name = `${params.kind}/${params.id}`;
      const course = COURSE_DOCUMENTS.find((each) => each === name);
      if ((params.kind === "repertoire" || params.kind === "endgame-course") && !course)
        throw new HttpError(400, "bad_request", `No document ${name}`, [
          { path: "params.id", message: "Document id is invalid" },
        ]);
      const most = course ? COURSE_DOCUMENT_MAX_BYTES[course] : DOCUMENT_MAX_BYTES;
      if (Buffer.byteLength(body.body, "utf8") > most)
        throw new HttpError(413, "payload_too_large", `A document holds at most ${most} bytes`);
      const schema = courseDocumentSchema(name);
      const checked = schema?.safeParse(JSON.parse(body.body));
      if (checked && !checked.success)
        throw new HttpError(
          400,
          "bad_request",
          `The body is not a ${name} document`,
          checked.error.issues.slice(0, 20).map((issue) => ({
            path: ["body", "body", ...issue.path.map(String)].join("."),
            message: issue.message,
          })),
        );
      try {
        return await progress.putDocument(playerId(request), params.kind, params.id, body.body);
      } catch (error) {
        if (error instanceof DocumentLimitError)
          throw new HttpError(409, "conflict", "Too many documents on this account: delete one first");
        throw error;
      }
    },
  });

  route({
    method: "DELETE",
    url: "/account/documents/:kind/:id",
    tag,
    summary: "Delete a document (deleted: false when there was none)",
    params: documentParams,
    response: z.object({ deleted: z.boolean() }),
    handler: async ({ request, params }) => ({
      deleted: await progress.deleteDocument(playerId(request), params.kind, params.id),
    }),
  });
}
