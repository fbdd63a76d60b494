import {
  PLAYER_PASSWORD_MAX_LENGTH,
  PLAYER_PASSWORD_MIN_LENGTH,
  playerEmailSchema,
  playerUsernameSchema,
  signUpSchema,
} from "@ct/contract";
import { describe, expect, it } from "vitest";
import { ACCOUNT_RULES, validateAccountForm } from "./rules";

describe("the account forms' rules", () => {
  it("are the contract's, without zod", () => {
    expect(ACCOUNT_RULES.passwordMin).toBe(PLAYER_PASSWORD_MIN_LENGTH);
    expect(ACCOUNT_RULES.passwordMax).toBe(PLAYER_PASSWORD_MAX_LENGTH);
    for (const name of [
      "ada",
      "Ada_Lovelace-1815",
      "abc",
      "a".repeat(20),
      "ab",
      "a".repeat(21),
      "Ada Lovelace",
      "émile",
      "",
    ]) {
      expect(ACCOUNT_RULES.username.test(name), name).toBe(playerUsernameSchema.safeParse(name).success);
    }
    for (const email of [
      "",
      "ada@example.org",
      "ada@localhost",
      "a b@example.org",
      "@example.org",
      `${"a".repeat(250)}@x.io`,
    ]) {
      const mine = validateAccountForm("email", { email }).email === undefined;
      expect(mine, email).toBe(playerEmailSchema.safeParse(email).success);
    }
  });

  it("accept what the contract's sign-up accepts, and refuse what it refuses", () => {
    const cases = [
      { username: "ada", password: "0123456789", email: "" },
      { username: "ada", password: "012345678", email: "" },
      { username: "ad", password: "0123456789", email: "" },
      { username: "ada", password: "0123456789", email: "ada@example" },
      { username: " ada ", password: "0123456789", email: " ada@example.org " },
    ];
    for (const values of cases) {
      const mine = Object.keys(validateAccountForm("signUp", values)).length === 0;
      expect(mine, JSON.stringify(values)).toBe(signUpSchema.safeParse(values).success);
    }
  });
});
