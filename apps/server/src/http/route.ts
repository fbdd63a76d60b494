import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { HttpError, parse } from "./errors";
import { etagOf, sendsEtag } from "./etag";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One API route: its zod schemas are both the validation and the OpenAPI description. */
export interface RouteSpec<P, Q, B, R> {
  method: Method;
  url: string;
  summary: string;
  tag: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType<R>;
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Short public caching with revalidation (ETag) for reads that every visitor shares. */
  cache?: boolean;
  /**
   * For GET routes whose answer depends only on the URL and on the data this source versions (and whose handler
   * sets no headers): the serialized answer and its ETag are kept per URL and sent again, without running the
   * handler, while the version stays the same.
   */
  memo?: DataVersion | undefined;
  /** Largest accepted body in bytes, when it differs from the app's default. */
  bodyLimit?: number;
  /** Runs before the body is parsed: authorisation checks. */
  guard?: (request: FastifyRequest) => Promise<void> | void;
  handler: (input: RouteInput<P, Q, B>) => Promise<R>;
}

/** A data source's version, read per request (see db/changes.ts). */
export interface DataVersion {
  /** Changes whenever the data may have changed; undefined while that cannot be known (nothing is kept then). */
  version(): number | undefined;
}

/** Every route defined through `defineRoute`, for the OpenAPI document at /api/docs. */
export class RouteRegistry {
  readonly routes: RouteSpec<unknown, unknown, unknown, unknown>[] = [];
}

const empty = z.object({});

/**
 * Registers a route on a Fastify scope (prefix /api): validates params, query and body with zod (400 with the
 * field and reason on refusal), and in development and tests also checks the answer against its schema, so the
 * contract and the implementation cannot drift apart unnoticed.
 */
export function defineRoute<P, Q, B, R>(
  app: FastifyInstance,
  registry: RouteRegistry,
  spec: RouteSpec<P, Q, B, R>,
  options: { checkResponses: boolean },
): void {
  registry.routes.push({ ...spec, url: `${app.prefix}${spec.url}` } as RouteSpec<
    unknown,
    unknown,
    unknown,
    unknown
  >);
  const kept = spec.memo ? new KeptAnswers(spec.memo) : undefined;
  const cacheControl = spec.cache
    ? "public, max-age=30, must-revalidate"
    : spec.method === "GET"
      ? "no-store"
      : undefined;
  const guard = spec.guard;
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    // Always an async hook: Fastify waits for a `done` callback from a function that returns nothing, so a
    // synchronous guard handed over as it is would hang its request.
    ...(guard ? { preValidation: async (request: FastifyRequest) => guard(request) } : {}),
    handler: async (request, reply) => {
      const version = kept?.version();
      const answer = version === undefined ? undefined : kept?.get(request.url, version);
      if (answer) return sendKept(reply, cacheControl, spec.status, answer);
      refuseNul(request.params, "params");
      refuseNul(request.query, "query");
      refuseNul(request.body, "body");
      const input: RouteInput<P, Q, B> = {
        params: parse(spec.params ?? empty, request.params ?? {}, "params") as P,
        query: parse(spec.query ?? empty, request.query ?? {}, "query") as Q,
        body: (spec.body ? parse(spec.body, request.body) : undefined) as B,
        request,
        reply,
      };
      const returned = await spec.handler(input);
      const serialized = returned instanceof SerializedAnswer ? returned.body : undefined;
      if (options.checkResponses) {
        const checked = spec.response.safeParse(
          serialized === undefined ? returned : (JSON.parse(serialized) as R),
        );
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, url: spec.url },
            "response does not match its schema",
          );
          throw new HttpError(500, "internal", "Internal server error");
        }
      }
      if (!kept && serialized === undefined) {
        if (cacheControl) reply.header("cache-control", cacheControl);
        reply.status(spec.status ?? 200);
        return returned;
      }
      const body = serialized ?? JSON.stringify(returned);
      const computed = { body, etag: spec.cache ? etagOf(body) : undefined };
      if (version !== undefined) kept?.keep(request.url, version, computed);
      return sendKept(reply, cacheControl, spec.status, computed);
    },
  });
}

/**
 * One rule for every route rather than one per field: a string anywhere in the params, the query or a parsed body
 * (a value or a key, at any depth) that holds U+0000 is a 400 naming where. PostgreSQL's text cannot hold that
 * character (it refused the write or the comparison, a 500), SQLite's can; no field of this API needs it, so both
 * databases now answer the same. Streamed bodies (a CSV, a multipart upload) are left to their own parsers.
 */
function refuseNul(value: unknown, part: string): void {
  const pending: [unknown, string[]][] = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    let found: string[] | undefined;
    if (typeof item === "string") {
      if (item.includes("\u0000")) found = path;
    } else if (Array.isArray(item)) {
      for (const [index, element] of item.entries()) pending.push([element, [...path, String(index)]]);
    } else if (item !== null && typeof item === "object" && isPlain(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes("\u0000")) found = [...path, key.replaceAll("\u0000", "\\u0000")];
        else pending.push([element, [...path, key]]);
      }
    }
    if (found) {
      const where = [part, ...found].join(".");
      const message = "must not contain the NUL character (U+0000)";
      throw new HttpError(400, "bad_request", `${where}: ${message}`, [{ path: where, message }]);
    }
  }
}

/** A parsed JSON object or a query/params record (fast-querystring's have a prototype of their own), not a stream. */
function isPlain(value: object): boolean {
  return typeof (value as { pipe?: unknown }).pipe !== "function" && !ArrayBuffer.isView(value);
}

/**
 * An answer its handler serialized already (from JSON it keeps): sent as it is. Only the development check parses
 * it again.
 */
class SerializedAnswer {
  constructor(readonly body: string) {}
}

/** Lets a handler answer with JSON text of its response type instead of the object. */
export function serializedAnswer<R>(body: string): R {
  return new SerializedAnswer(body) as unknown as R;
}

/** URLs kept per route: query strings make many URLs of one answer, and the bound stops them piling up. */
const KEPT_URLS = 100;

interface KeptAnswer {
  body: string;
  etag: string | undefined;
}

/** The answers of one `memo` route, per URL, all of one version of the data. */
class KeptAnswers {
  #version: number | undefined;
  readonly #answers = new Map<string, KeptAnswer>();

  constructor(private readonly source: DataVersion) {}

  version(): number | undefined {
    return this.source.version();
  }

  get(url: string, version: number): KeptAnswer | undefined {
    if (version !== this.#version) {
      this.#answers.clear();
      this.#version = version;
      return undefined;
    }
    return this.#answers.get(url);
  }

  /**
   * Keeps an answer computed from data read at `version`, unless the data moved on meanwhile: it may have read
   * either side of that change.
   */
  keep(url: string, version: number, answer: KeptAnswer): void {
    if (this.source.version() !== version || version !== this.#version) return;
    if (this.#answers.size >= KEPT_URLS) this.#answers.delete(this.#answers.keys().next().value as string);
    this.#answers.set(url, answer);
  }
}

/** What Fastify sends for a handler's object, from the serialized body (the ETag hook gets the tag as it is). */
function sendKept(
  reply: FastifyReply,
  cacheControl: string | undefined,
  status: number | undefined,
  answer: KeptAnswer,
): string {
  if (cacheControl) reply.header("cache-control", cacheControl);
  reply.status(status ?? 200);
  reply.type("application/json; charset=utf-8");
  if (answer.etag) sendsEtag(reply, answer.etag);
  return answer.body;
}

/** `defineRoute` bound to one scope: `const route = routesOn(app, docs, options); route({ ... })`. */
export function routesOn(
  app: FastifyInstance,
  registry: RouteRegistry,
  options: { checkResponses: boolean },
) {
  return <P, Q, B, R>(spec: RouteSpec<P, Q, B, R>) => defineRoute(app, registry, spec, options);
}
