import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const tempDir = () => mkdtempSync(join(tmpdir(), "ct-config-"));

describe("loadConfig", () => {
  it("has working defaults", () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: join(cwd, "data"),
      databaseUrl: undefined,
      logLevel: "info",
      nodeEnv: "development",
      apiKey: undefined,
    });
    expect(config.siteDir).toMatch(/apps\/site\/dist$/);
  });

  it("names every bad variable in one message", () => {
    expect(() =>
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" }, tempDir()),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" }, tempDir());
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
      expect(message).toContain("LOG_LEVEL");
    }
  });

  it("requires a TOKEN_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" }, tempDir())).toThrow(
      /TOKEN_SECRET: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", TOKEN_SECRET: "short" }, tempDir())).toThrow(
      /TOKEN_SECRET/,
    );
    const secret = "s".repeat(40);
    expect(loadConfig({ NODE_ENV: "production", TOKEN_SECRET: secret }, tempDir()).tokenSecret).toBe(secret);
  });

  it("generates a token secret once, keeps it private and reuses it", () => {
    const cwd = tempDir();
    const first = loadConfig({}, cwd);
    const second = loadConfig({}, cwd);
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.tokenSecret).toBe(first.tokenSecret);
    const file = join(cwd, "data", "token-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.tokenSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("reads the contact mail settings: SMTP_URL optional, CONTACT_TO and CONTACT_FROM with defaults", () => {
    expect(loadConfig({}, tempDir())).toMatchObject({
      smtpUrl: undefined,
      contactTo: "admin@localhost",
      contactFrom: "Chess Trainer <no-reply@localhost>",
    });
    expect(
      loadConfig(
        {
          SMTP_URL: "smtps://mailer%40example.org:secret@mail.example.org:465",
          CONTACT_TO: "coach@example.org, owner@example.org",
          CONTACT_FROM: "Chess Site <site@example.org>",
        },
        tempDir(),
      ),
    ).toMatchObject({
      smtpUrl: "smtps://mailer%40example.org:secret@mail.example.org:465",
      contactTo: "coach@example.org, owner@example.org",
      contactFrom: "Chess Site <site@example.org>",
    });
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525?ignoreTLS=true" }, tempDir()).smtpUrl).toBe(
      "smtp://127.0.0.1:2525?ignoreTLS=true",
    );
    expect(() =>
      loadConfig(
        { SMTP_URL: "http://mail.example.org", CONTACT_TO: "nobody", CONTACT_FROM: "a <b>" },
        tempDir(),
      ),
    ).toThrow(/SMTP_URL: must be an smtp:\/\/[\s\S]*CONTACT_TO[\s\S]*CONTACT_FROM/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }, tempDir())).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});
