import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository root (apps/server/src/config.ts → ../../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteDir: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  nodeEnv: "development" | "production" | "test";
  tokenSecret: string;
  apiKey: string | undefined;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  SITE_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  API_KEY: z.string().min(16, "must be at least 16 characters").optional(),
});

/** Thrown when the environment is not usable; the message names every bad variable. */
export class ConfigError extends Error {}

/** Empty strings count as unset, so `PORT=` in a shell behaves like no PORT at all. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== "") out[key] = value;
  return out;
}

/**
 * Reads and checks the configuration. Without TOKEN_SECRET outside production, a random secret is generated once
 * and kept in DATA_DIR/token-secret so tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === "production" && !values.TOKEN_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  TOKEN_SECRET: required in production (at least 32 characters)",
    );
  }
  const dataDir = resolve(cwd, values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    siteDir: values.SITE_DIR ? resolve(cwd, values.SITE_DIR) : join(REPO_ROOT, "apps/site/dist"),
    logLevel: values.LOG_LEVEL,
    nodeEnv: values.NODE_ENV,
    tokenSecret: values.TOKEN_SECRET ?? generatedSecret(dataDir),
    apiKey: values.API_KEY,
  };
}

function generatedSecret(dataDir: string): string {
  const file = join(dataDir, "token-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
