import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { HttpError, parse } from "./errors";

type Method = "GET" | "POST" | "PUT" | "DELETE";

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
  /** Largest accepted body in bytes, when it differs from the app's default. */
  bodyLimit?: number;
  /** Runs before the body is parsed: authorisation checks. */
  guard?: (request: FastifyRequest) => Promise<void> | void;
  handler: (input: RouteInput<P, Q, B>) => Promise<R>;
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
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(spec.guard ? { preValidation: spec.guard } : {}),
    handler: async (request, reply) => {
      const input: RouteInput<P, Q, B> = {
        params: parse(spec.params ?? empty, request.params ?? {}, "params") as P,
        query: parse(spec.query ?? empty, request.query ?? {}, "query") as Q,
        body: (spec.body ? parse(spec.body, request.body) : undefined) as B,
        request,
        reply,
      };
      const result = await spec.handler(input);
      if (options.checkResponses) {
        const checked = spec.response.safeParse(result);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, url: spec.url },
            "response does not match its schema",
          );
          throw new HttpError(500, "internal", "Internal server error");
        }
      }
      if (spec.cache) reply.header("cache-control", "public, max-age=30, must-revalidate");
      else if (spec.method === "GET") reply.header("cache-control", "no-store");
      reply.status(spec.status ?? 200);
      return result;
    },
  });
}

/** `defineRoute` bound to one scope: `const route = routesOn(app, docs, options); route({ ... })`. */
export function routesOn(
  app: FastifyInstance,
  registry: RouteRegistry,
  options: { checkResponses: boolean },
) {
  return <P, Q, B, R>(spec: RouteSpec<P, Q, B, R>) => defineRoute(app, registry, spec, options);
}
