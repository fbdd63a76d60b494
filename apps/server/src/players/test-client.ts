import { PLAYER_SESSION_COOKIE } from "@ct/contract";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type BuildOptions, buildApp } from "../app";
import type { HashCost } from "../auth/accounts";
import { loadConfig } from "../config";
import { siteFixture } from "../testing/app";
import type { TestDatabase } from "../testing/databases";

/** Cheap argon2 for tests only, passed explicitly; production code uses PASSWORD_HASH_COST. */
export const TEST_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The site's own origin in these tests: PUBLIC_URL's default, http://localhost:3000. */
export const SITE_ORIGIN = "http://localhost:3000";
export const EVIL_ORIGIN = "https://evil.example";

/** The real app on a test database (as testing/app.ts builds it), with cheap password hashes for players. */
export async function playerTestApp(
  database: TestDatabase,
  overrides: { env?: Record<string, string>; hashCost?: HashCost } & Pick<
    BuildOptions,
    "onPlayerMailQueued"
  > = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SITE_DIR: siteFixture(),
    ...database.env,
    ...overrides.env,
  });
  return buildApp({
    config,
    db: database.db,
    kind: database.kind,
    version: "test",
    logger: false,
    playerHashCost: overrides.hashCost ?? TEST_COST,
    ...(overrides.onPlayerMailQueued ? { onPlayerMailQueued: overrides.onPlayerMailQueued } : {}),
  });
}

/**
 * A browser of one client network: it keeps the session cookie the server sets (and forgets it when told), and
 * sends the site's Origin with every request unless told otherwise.
 */
export class Browser {
  cookie: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    readonly address: string,
    private readonly origin: string | null = SITE_ORIGIN,
  ) {}

  async send(
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const options: InjectOptions = {
      method,
      url,
      remoteAddress: this.address,
      headers: {
        ...(this.origin ? { origin: this.origin } : {}),
        ...(this.cookie ? { cookie: `${PLAYER_SESSION_COOKIE}=${this.cookie}` } : {}),
        "user-agent": "test-browser/1.0",
        ...headers,
      },
      ...(payload ? { payload } : {}),
    };
    const response = await this.app.inject(options);
    const set = response.cookies.find((cookie) => cookie.name === PLAYER_SESSION_COOKIE);
    if (set) this.cookie = set.maxAge === 0 || set.value === "" ? undefined : set.value;
    return response;
  }

  signUp(username: string, password: string, email?: string) {
    return this.send("POST", "/api/account/sign-up", { username, password, ...(email ? { email } : {}) });
  }

  signIn(username: string, password: string) {
    return this.send("POST", "/api/account/sign-in", { username, password });
  }

  /** The signed-in account's name, or null. */
  async whoAmI(): Promise<string | null> {
    const response = await this.send("GET", "/api/account/session");
    return (response.json() as { account: { username: string } | null }).account?.username ?? null;
  }
}

/**
 * Client networks (/24s) no other call returned, so one test's rate limits never reach another's; `first` is the
 * first byte of the addresses, one per test file.
 */
export function networks(first: number): () => string {
  let n = 0;
  return () => {
    n++;
    return `${first}.${Math.floor(n / 250)}.${n % 250}.7`;
  };
}

/** A password of the contract's length that is not a common one. */
export function strongPassword(seed: string): string {
  return `Knight-fork ${seed} e4e5`;
}
