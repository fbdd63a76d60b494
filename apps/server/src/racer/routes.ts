import {
  type RacerClientMessage,
  type RacerEntry,
  type RacerPlayerView,
  type RacerPuzzleView,
  type RacerServerMessage,
  racerClientMessageSchema,
  racerEntrySchema,
  racerIdSchema,
  racerJoinSchema,
  racerRaceSchema,
} from "@ct/contract";
import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { clientNetwork } from "../auth/rate-limit";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { siteBaseUrl } from "../http/site-url";
import { playerOf, requireSameOrigin } from "../players/session";
import { inProcessChannel, postgresChannel, type RaceChannel, type RaceEvent } from "./channel";
import { RacerPuzzles } from "./puzzles";
import {
  progressOf,
  RACER_TIMING,
  type RaceRecord,
  type RacerTiming,
  Races,
  raceState,
  raceView,
} from "./races";

export interface RacerRoutesOptions extends AppContext {
  /** Shorter countdowns and races for tests. */
  racerTiming?: Partial<RacerTiming>;
}

/** Largest socket message accepted (a move is under 100 bytes). */
const MAX_MESSAGE_BYTES = 2048;
/** Socket messages of any kind per second before the socket is closed (moves have their own limit). */
const MESSAGES_PER_SECOND = 30;

const idParams = z.object({ id: racerIdSchema });

/**
 * Puzzle Racer (issue 41): /api/racer. A race's truth is in the database (races.ts); its events go between server
 * processes through the channel (PostgreSQL LISTEN/NOTIFY, in-process on SQLite), so any process serves any player.
 */
export async function racerRoutes(app: FastifyInstance, context: RacerRoutesOptions): Promise<void> {
  const timing: RacerTiming = {
    ...RACER_TIMING,
    raceMs: context.config.racerRaceSeconds * 1000,
    ...context.racerTiming,
  };
  const races = new Races(context.db, timing);
  const library = new RacerPuzzles(context.db);
  const channel: RaceChannel =
    context.kind === "postgres" && context.config.databaseUrl
      ? postgresChannel(context.db, context.config.databaseUrl, (error) =>
          app.log.warn({ err: error }, "racer events listener lost"),
        )
      : inProcessChannel();
  app.addHook("onClose", async () => {
    await channel.close();
  });
  // After a gap in the events (PostgreSQL's listener came back), every socket gets the whole race again.
  const sockets = new Set<RaceSocket>();
  channel.onResync(() => {
    for (const socket of sockets) void socket.resync();
  });
  const base = siteBaseUrl(context.config.publicUrl);
  const linkOf = (id: string) => `${base}/training/racer/${id}`;
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Racer";

  const puzzles = async () => {
    const chosen = await library.choose();
    if (chosen.length === 0) throw new HttpError(409, "no_puzzles", "No puzzles are stored yet");
    return chosen;
  };

  /** Who joins: a signed-in player by their username, a guest by the name they give. */
  async function joiner(request: FastifyRequest, name: string | undefined) {
    const player = await playerOf(context, request);
    if (player) return { name: player.username, accountId: player.id, network: clientNetwork(request.ip) };
    if (!name) {
      throw new HttpError(400, "bad_request", "Give a name to race under (or sign in)", [
        { path: "body.name", message: "Give a name to race under (or sign in)" },
      ]);
    }
    const taken = await context.db
      .selectFrom("players")
      .select("id")
      .where("username_key", "=", name.toLowerCase())
      .executeTakeFirst();
    if (taken) {
      throw new HttpError(
        409,
        "name_taken",
        "That name belongs to an account: sign in, or choose another name",
      );
    }
    return { name, accountId: null, network: clientNetwork(request.ip) };
  }

  async function entry(
    raceId: string,
    player: { id: string; name: string; token: string },
  ): Promise<RacerEntry> {
    const record = await races.read(raceId);
    if (!record) throw new HttpError(404, "not_found", "No such race");
    return { id: raceId, link: linkOf(raceId), race: raceView(record, Date.now(), linkOf), player };
  }

  route({
    method: "POST",
    url: "/racer/races",
    summary: "Open a race (you join it and own it); answers its id, link and your token",
    tag,
    body: racerJoinSchema,
    response: racerEntrySchema,
    status: 201,
    handler: async ({ body, request }) => {
      requireSameOrigin(request, context);
      const now = Date.now();
      const who = await joiner(request, body.name);
      await races.checkJoinLimit(who.network, now);
      const id = await races.create(await puzzles(), { public: false }, now);
      const joined = await races.join(id, who, now);
      return entry(id, joined);
    },
  });

  route({
    method: "POST",
    url: "/racer/races/:id/join",
    summary: "Join a race before it starts (up to 10 players)",
    tag,
    params: idParams,
    body: racerJoinSchema,
    response: racerEntrySchema,
    handler: async ({ params, body, request }) => {
      requireSameOrigin(request, context);
      const now = Date.now();
      const who = await joiner(request, body.name);
      await races.checkJoinLimit(who.network, now);
      const joined = await races.join(params.id, who, now);
      await channel.publish({ race: params.id, kind: joined.started ? "start" : "players" });
      return entry(params.id, joined);
    },
  });

  route({
    method: "POST",
    url: "/racer/queue",
    summary: "Join any race: the public queue's race starts 10 s after a second player joined",
    tag,
    body: racerJoinSchema,
    response: racerEntrySchema,
    handler: async ({ body, request }) => {
      requireSameOrigin(request, context);
      const now = Date.now();
      const who = await joiner(request, body.name);
      await races.checkJoinLimit(who.network, now);
      const { raceId, ...joined } = await races.queue(who, puzzles, now);
      await channel.publish({ race: raceId, kind: joined.started ? "start" : "players" });
      return entry(raceId, joined);
    },
  });

  route({
    method: "GET",
    url: "/racer/races/:id",
    summary: "A race: its state, players, scores, and its puzzles once started",
    tag,
    params: idParams,
    response: racerRaceSchema,
    handler: async ({ params }) => {
      const record = await races.read(params.id);
      if (!record) throw new HttpError(404, "not_found", "No such race");
      return raceView(record, Date.now(), linkOf);
    },
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  app.get<{ Params: { id: string } }>("/racer/races/:id/socket", { websocket: true }, (socket, request) => {
    const id = racerIdSchema.safeParse(request.params.id);
    if (!id.success) {
      send(socket, { type: "error", error: "not_found", message: "No such race" });
      socket.close(1008, "no such race");
      return;
    }
    const raceSocket = new RaceSocket(socket, id.data, races, channel, linkOf, puzzles, timing);
    sockets.add(raceSocket);
    socket.on("close", () => sockets.delete(raceSocket));
    raceSocket.attach();
  });
}

function send(socket: WebSocket, message: RacerServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * One browser's socket to one race. Its first message names the player (`hello` with the token); after that it
 * sends that player's moves, and gets everyone's progress, the start, the end and the rematch. Every message is
 * checked; a bad one gets an error message and changes nothing.
 */
class RaceSocket {
  #player: string | null = null;
  #unsubscribe: (() => void) | null = null;
  #endTimer: NodeJS.Timeout | null = null;
  #second = 0;
  #messages = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly raceId: string,
    private readonly races: Races,
    private readonly channel: RaceChannel,
    private readonly linkOf: (id: string) => string,
    private readonly puzzles: () => Promise<RacerPuzzleView[]>,
    private readonly timing: RacerTiming,
  ) {}

  attach(): void {
    this.socket.on("message", (data, isBinary) => {
      const second = Math.floor(Date.now() / 1000);
      if (second !== this.#second) {
        this.#second = second;
        this.#messages = 0;
      }
      if (++this.#messages > MESSAGES_PER_SECOND) {
        this.#error("too_many_messages", "Too many messages: the connection is closed");
        this.socket.close(1008, "too many messages");
        return;
      }
      // One message at a time, in order: a player's moves are judged in the order they were sent.
      this.#queue = this.#queue.then(() => this.#handle(data, isBinary)).catch(() => {});
    });
    this.socket.on("close", () => this.#detach());
    this.socket.on("error", () => this.#detach());
  }

  #detach(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#endTimer) clearTimeout(this.#endTimer);
  }

  #error(error: string, message: string): void {
    send(this.socket, { type: "error", error, message });
  }

  async #handle(data: unknown, isBinary: boolean): Promise<void> {
    let parsed: unknown;
    try {
      if (isBinary) throw new Error("binary");
      parsed = JSON.parse(String(data));
    } catch {
      return this.#error("bad_request", "Messages are JSON text");
    }
    const checked = racerClientMessageSchema.safeParse(parsed);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return this.#error(
        "bad_request",
        issue ? `${issue.path.join(".") || "message"}: ${issue.message}` : "Bad message",
      );
    }
    try {
      await this.#on(checked.data);
    } catch (error) {
      if (error instanceof HttpError) this.#error(error.code, error.message);
      else this.#error("internal", "Something went wrong on the server");
    }
  }

  async #on(message: RacerClientMessage): Promise<void> {
    if (message.type === "ping") return send(this.socket, { type: "pong" });
    if (message.type === "hello") return this.#hello(message.token);
    const player = this.#player;
    if (!player) return this.#error("unauthorized", "Say hello with your token first");
    const now = Date.now();
    if (message.type === "start") {
      await this.races.start(this.raceId, player, now);
      await this.channel.publish({ race: this.raceId, kind: "start" });
      return;
    }
    if (message.type === "move") {
      const result = await this.races.move(this.raceId, player, message, now);
      send(this.socket, {
        type: "verdict",
        correct: result.correct,
        reply: result.reply,
        progress: result.progress,
      });
      await this.channel.publish({ race: this.raceId, kind: "progress", data: result.player, at: now });
      if (result.allDone) await this.channel.publish({ race: this.raceId, kind: "end" });
      return;
    }
    const rematch = await this.races.rematch(this.raceId, this.puzzles, now);
    await this.channel.publish({ race: this.raceId, kind: "rematch", data: rematch });
  }

  async resync(): Promise<void> {
    try {
      await this.#sendState();
    } catch {
      // As for an event: the next one brings the state.
    }
  }

  async #hello(token: string): Promise<void> {
    const row = await this.races.playerByToken(this.raceId, token);
    if (!row) return this.#error("unauthorized", "That token is not a player's of this race");
    this.#player = row.id;
    if (!this.#unsubscribe) {
      this.#unsubscribe = this.channel.subscribe(this.raceId, (event) => void this.#onEvent(event));
      await this.channel.ready();
    }
    await this.#sendState();
  }

  /** The whole race and the player's own progress (also after a reconnect). */
  async #sendState(): Promise<void> {
    const record = await this.races.read(this.raceId);
    if (!record || !this.#player) return;
    const mine = record.players.find((row) => row.id === this.#player);
    if (!mine) return;
    const now = Date.now();
    send(this.socket, {
      type: "state",
      race: raceView(record, now, this.linkOf),
      you: mine.id,
      progress: progressOf(mine),
    });
    this.#scheduleEnd(record, now);
  }

  /** Each process tells its own sockets of the end when the time comes: no process owns the race. */
  #scheduleEnd(record: RaceRecord, now: number): void {
    if (this.#endTimer) clearTimeout(this.#endTimer);
    this.#endTimer = null;
    const state = raceState(record.race, now);
    if (state === "finished" || state === "lobby" || !record.race.ends_at) return;
    const wait = Date.parse(record.race.ends_at) - now + 20;
    this.#endTimer = setTimeout(() => void this.#sendEnd(), Math.min(wait, this.timing.raceMs + 60_000));
  }

  async #sendEnd(): Promise<void> {
    const record = await this.races.read(this.raceId);
    if (!record) return;
    const now = Date.now();
    if (raceState(record.race, now) !== "finished") return this.#scheduleEnd(record, now);
    send(this.socket, { type: "end", race: raceView(record, now, this.linkOf) });
  }

  async #onEvent(event: RaceEvent): Promise<void> {
    try {
      if (event.kind === "progress") {
        send(this.socket, {
          type: "progress",
          player: event.data as RacerPlayerView,
          at: event.at,
        });
      } else if (event.kind === "end") {
        await this.#sendEnd();
      } else if (event.kind === "rematch") {
        const id = String(event.data);
        send(this.socket, { type: "rematch", id, link: this.linkOf(id) });
      } else {
        await this.#sendState();
      }
    } catch {
      // A read that failed (the database restarting): the next event or a reconnect brings the state again.
    }
  }
}
