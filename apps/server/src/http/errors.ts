import { STATUS_CODES as HTTP_STATUS_TEXT, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ApiError } from "@ct/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";

/** An error answer with a status a client can act on: `{ error, message, details? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ApiError["details"],
  ) {
    super(message);
  }

  toJSON(): ApiError {
    return { error: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export const notFound = (message: string) => new HttpError(404, "not_found", message);

/**
 * Parses a request part (params, query, body) with a zod schema; a refusal becomes a 400 that names each field
 * and why.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part = "body"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  const first = details[0];
  const message = first ? `${first.path}: ${first.message}` : `invalid ${part}`;
  throw new HttpError(400, "bad_request", message, details);
}

/** The API's error codes for statuses without a code of their own: `bad_request`, `not_found`, ... */
const STATUS_CODES = new Map<number, string>([
  [400, "bad_request"],
  [401, "unauthorized"],
  [403, "forbidden"],
  [404, "not_found"],
  [405, "method_not_allowed"],
  [408, "request_timeout"],
  [409, "conflict"],
  [411, "length_required"],
  [413, "payload_too_large"],
  [414, "uri_too_long"],
  [415, "unsupported_media_type"],
  [417, "expectation_failed"],
  [429, "too_many_requests"],
  [431, "request_header_fields_too_large"],
  [503, "unavailable"],
]);

export function errorCode(status: number): string {
  return STATUS_CODES.get(status) ?? (status >= 500 ? "internal" : "bad_request");
}

/**
 * A unique-constraint clash reported by the database (SQLite `SQLITE_CONSTRAINT_UNIQUE`/`_PRIMARYKEY`, PostgreSQL
 * `23505`) as a 409, naming the column; null for any other error. Repositories check what they can first and
 * answer with their own messages; this catches every clash they could not foresee (two writers racing, say).
 */
export function uniqueViolation(error: unknown): HttpError | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, message, table, detail } = error as {
    code?: unknown;
    message?: unknown;
    table?: unknown;
    detail?: unknown;
  };
  let columns: string | undefined;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    columns = /constraint failed: (.+)$/.exec(String(message))?.[1];
  } else if (code === "23505") {
    const keys = /^Key \(([^)]+)\)=/.exec(String(detail ?? ""))?.[1];
    columns = keys
      ?.split(",")
      .map((key) => (typeof table === "string" ? `${table}.${key.trim()}` : key.trim()))
      .join(", ");
  } else return null;
  return new HttpError(409, "conflict", `A record with the same ${columns ?? "unique value"} already exists`);
}

/** True when the request announced a body (a length above zero, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * A refusal sent before the request's body was read whole (a CSV refused at its first line, a guard refusing an
 * upload) closes the connection: otherwise a keep-alive client's next request would wait behind the unread rest of
 * the body. What still arrives is read and dropped while the answer goes out.
 */
export function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // `complete` is Node's flag for "the whole message was received"; injected test requests do not have it.
  if (raw.complete !== false || !hasBody(raw)) return;
  reply.header("connection", "close");
  if (!raw.destroyed) raw.resume();
}

/**
 * The app's error handler: every refusal is `{ error, message, details? }` with its status; a unique-constraint
 * clash is a 409; anything else is a 500 that hides the details (and logs them).
 */
export function apiErrorHandler(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  closeIfBodyUnread(request, reply);
  if (error instanceof HttpError) return reply.status(error.statusCode).send(error.toJSON());
  const conflict = uniqueViolation(error);
  if (conflict) return reply.status(conflict.statusCode).send(conflict.toJSON());
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals: malformed JSON, unsupported content type, body too large, ...
    return reply.status(status).send({ error: errorCode(status), message: error.message });
  }
  request.log.error({ err: error }, "unhandled error");
  return reply.status(500).send({ error: "internal", message: "Internal server error" });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a path that is not valid
 * percent-encoding, a path parameter over `maxParamLength`), in the API's shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : (error.statusCode ?? 400);
  const message =
    error.code === "FST_ERR_BAD_URL"
      ? "The path is not valid percent-encoded text"
      : error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? "A segment of the path is too long"
        : error.message;
  reply.status(status).send({ error: errorCode(status), message });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (a malformed request line or header, two
 * lengths, headers over the limit, a timeout). There is no request to answer through Fastify, so the answer is
 * written to the socket, in the API's shape, and the connection closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException & { reason?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const message =
    status === 408
      ? "The request took too long to arrive"
      : status === 431
        ? "The request's headers are too large"
        : `The request is not valid HTTP/1.1${error.reason ? `: ${error.reason}` : ""}`;
  answerOnSocket(socket, status, message);
  socket.destroy(error);
}

/** Writes a whole JSON error answer straight to a socket (nothing of Fastify's is there to send it). */
function answerOnSocket(socket: Socket, status: number, message: string): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ error: errorCode(status), message });
  socket.write(
    `HTTP/1.1 ${status} ${HTTP_STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** CONNECT (a proxy tunnel): Node drops the connection without a word unless someone listens; this is no proxy. */
export function refuseTunnels(app: FastifyInstance): void {
  app.server.on("connect", (_request: IncomingMessage, socket: Socket) => {
    answerOnSocket(socket, 405, "CONNECT is not supported: this server is not a proxy");
    socket.end();
  });
}

/**
 * `Expect` other than `100-continue`: Node answers 417 itself, with an empty body, unless the server listens for
 * `checkExpectation`. The request is handed to Fastify instead, where an early hook refuses it in the API's shape
 * (injected requests, which never meet Node's parser, get the same answer).
 */
export function refuseUnknownExpectations(app: FastifyInstance): void {
  app.server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => {
    app.server.emit("request", request, response);
  });
  app.addHook("onRequest", async (request) => {
    const expect = request.headers.expect;
    if (expect === undefined || expect.trim().toLowerCase() === "100-continue") return;
    throw new HttpError(
      417,
      "expectation_failed",
      `Expect: ${expect.slice(0, 60)} is not supported; the only expectation this server meets is 100-continue`,
    );
  });
}
