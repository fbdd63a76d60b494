import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { adminPasswordSchema, adminUsernameSchema } from "@ct/contract";
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
  /** The admin account ensured at start: created with ADMIN_PASSWORD, or with a generated one printed once. */
  adminUsername: string;
  /** When set, the admin account's password is made this at every start. */
  adminPassword: string | undefined;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): false (default, direct exposure),
   * true (any), or a list of proxy addresses/CIDRs. Login rate limits key on that address.
   */
  trustProxy: boolean | string[];
  /** "in-process" runs an analysis worker inside the server; "off" leaves analysis to `npm run cli -- worker`. */
  analysisWorker: "in-process" | "off";
  /** Engine processes per worker (default: one per core). */
  enginePoolSize: number | undefined;
  /**
   * Serialized next-puzzle answers each process keeps in memory (default 12,000: the shipped library whole, a few
   * kB each); 0 reads every answer's row from the database.
   */
  nextAnswersKept: number;
  /**
   * The site's public address (`https://chess.example.org`, no trailing slash) for absolute links in the RSS feed,
   * the sitemap, canonical links and Open Graph tags. Unset: `http://localhost:PORT`, never the request's Host
   * header: a link built from that header let one forged request poison what a shared cache served everyone.
   */
  publicUrl: string;
  /**
   * The SMTP server that contact messages are mailed through: `smtp://host:587`, `smtps://user:pass@host:465`;
   * `?ignoreTLS=true` sends in plain text to a local sink that offers no TLS. Unset, messages stay in the outbox.
   */
  smtpUrl: string | undefined;
  /** Where contact messages are mailed (one address, or several separated by commas). */
  contactTo: string;
  /** The From of contact mails: `address` or `Name <address>`; the sender's own address goes in Reply-To. */
  contactFrom: string;
  /**
   * How long a request may take to arrive whole, headers and body (ms; default 60 s): a client that declares a
   * body and never sends it, or trickles it, gets a 408 and the connection closed, as slow headers already do.
   */
  requestTimeoutMs: number;
  /** How often this process publishes the scheduled posts whose time has come (ms; default 30 s). */
  blogScheduleIntervalMs: number;
  /** How long a Puzzle Racer race lasts (s; default 90, lichess's; tests and trials shorten it). */
  racerRaceSeconds: number;
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
  ADMIN_USERNAME: adminUsernameSchema.default("admin"),
  ADMIN_PASSWORD: adminPasswordSchema.optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, "must be false, true or proxy addresses")
    .default("false"),
  ANALYSIS_WORKER: z.enum(["in-process", "off"]).default("in-process"),
  ENGINE_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  NEXT_ANSWERS_KEPT: z.coerce.number().int().min(0).max(1_000_000).default(12_000),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, "must be an http:// or https:// address without query")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/?#]+\/?(\?\S*)?$/, "must be an smtp:// or smtps:// URL (smtp://host:port)")
    .optional(),
  CONTACT_TO: z
    .string()
    .regex(
      /^[^\s@<>,]+@[^\s@<>,]+(\s*,\s*[^\s@<>,]+@[^\s@<>,]+)*$/,
      "must be email addresses separated by commas",
    )
    .default("admin@localhost"),
  CONTACT_FROM: z
    .string()
    .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, "must be an address or Name <address>")
    .default("Chess Trainer <no-reply@localhost>"),
  // Long enough for the largest body the server takes (a 64 MB batch) on a slow but honest link.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  BLOG_SCHEDULE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  RACER_RACE_SECONDS: z.coerce.number().int().min(5).max(600).default(90),
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
    adminUsername: values.ADMIN_USERNAME,
    adminPassword: values.ADMIN_PASSWORD,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    analysisWorker: values.ANALYSIS_WORKER,
    enginePoolSize: values.ENGINE_POOL_SIZE,
    nextAnswersKept: values.NEXT_ANSWERS_KEPT,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, "") ?? `http://localhost:${values.PORT}`,
    smtpUrl: values.SMTP_URL,
    contactTo: values.CONTACT_TO,
    contactFrom: values.CONTACT_FROM,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    blogScheduleIntervalMs: values.BLOG_SCHEDULE_INTERVAL_MS,
    racerRaceSeconds: values.RACER_RACE_SECONDS,
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

function parseTrustProxy(value: string): boolean | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  return value.split(",");
}
