import { z } from "zod";
import type { RouteRegistry } from "./route";

function schemaOf(schema: z.ZodType, io: "input" | "output"): unknown {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: "any" });
  } catch {
    return {};
  }
}

/** Parameters of an OpenAPI operation from a zod object schema. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query"): unknown[] {
  if (!schema) return [];
  const json = schemaOf(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** The OpenAPI 3.1 document of every registered route, generated from the same zod schemas that validate. */
export function openApiDocument(registry: RouteRegistry, version: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry.routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, "{$1}");
    paths[path] ??= {};
    const status = String(route.status ?? 200);
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: schemaOf(route.body, "input") } },
            },
          }
        : {}),
      responses: {
        [status]: {
          description: "Success",
          content: { "application/json": { schema: schemaOf(route.response, "output") } },
        },
        "4XX": { description: "Refused: `{ error, message, details? }`" },
      },
      ...(route.guard ? { security: [{ bearer: [] }, { apiKey: [] }] } : {}),
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Chess trainer API", version },
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "Admin access token from POST /api/admin/login",
        },
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "The server's secret API_KEY",
        },
      },
    },
    paths,
  };
}
