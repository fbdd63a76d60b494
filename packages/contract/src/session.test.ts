import { describe, expect, it } from "vitest";
import { isSessionLocallyValid, SESSION_LIFETIME_MS, sessionRemainingMs } from "./session";

describe("admin session validity (spec section 5)", () => {
  const now = 1_700_000_000_000;

  it("is valid with a token younger than 30 minutes", () => {
    expect(isSessionLocallyValid({ token: "t", timestamp: now - 1000 }, now)).toBe(true);
    expect(sessionRemainingMs({ token: "t", timestamp: now - 1000 }, now)).toBe(SESSION_LIFETIME_MS - 1000);
  });

  it("is invalid at exactly 30 minutes and later", () => {
    expect(isSessionLocallyValid({ token: "t", timestamp: now - SESSION_LIFETIME_MS }, now)).toBe(false);
    expect(isSessionLocallyValid({ token: "t", timestamp: now - SESSION_LIFETIME_MS - 1 }, now)).toBe(false);
    expect(sessionRemainingMs({ token: "t", timestamp: now - SESSION_LIFETIME_MS }, now)).toBe(0);
  });

  it("needs both the token and the timestamp", () => {
    expect(isSessionLocallyValid({ token: null, timestamp: now }, now)).toBe(false);
    expect(isSessionLocallyValid({ token: "", timestamp: now }, now)).toBe(false);
    expect(isSessionLocallyValid({ token: "t", timestamp: null }, now)).toBe(false);
    expect(isSessionLocallyValid({ token: "t", timestamp: Number.NaN }, now)).toBe(false);
  });

  it("refuses a timestamp from the future", () => {
    expect(isSessionLocallyValid({ token: "t", timestamp: now + 60_000 }, now)).toBe(false);
  });
});
