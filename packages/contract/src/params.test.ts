import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idParamsSchema, MAX_PATH_ID, pathIdSchema, pathNumberSchema, queryIntegerSchema } from "./params";

const LOOSE = [
  "1e0",
  "0x1",
  "+1",
  "01",
  "1.0",
  " 1",
  "1 ",
  "0b1",
  "1_0",
  "\u0661",
  "-1",
  "",
  "1n",
  "Infinity",
];

describe("path numbers", () => {
  it("takes ids in decimal digits only, as the OpenAPI document says", () => {
    expect(idParamsSchema.parse({ id: "1" })).toEqual({ id: 1 });
    expect(idParamsSchema.parse({ id: "2147483647" })).toEqual({ id: MAX_PATH_ID });
    for (const id of [...LOOSE, "0", "00", "2147483648", "9".repeat(30)]) {
      const result = idParamsSchema.safeParse({ id });
      expect(result.success, id).toBe(false);
      expect(result.error?.issues[0]?.path, id).toEqual(["id"]);
    }
    expect(z.toJSONSchema(idParamsSchema, { io: "input" })).toMatchObject({
      properties: { id: { type: "string", pattern: "^[1-9][0-9]*$" } },
    });
  });

  it("says what is wrong in the caller's words", () => {
    const schema = pathIdSchema("Invalid puzzle id");
    expect(schema.safeParse("0x1").error?.issues[0]?.message).toBe("Invalid puzzle id");
    expect(schema.safeParse("4294967296").error?.issues[0]?.message).toBe("Invalid puzzle id");
  });

  it("takes zero where a number may be zero, within bounds", () => {
    const sequence = pathNumberSchema({ max: 10, message: "bad" });
    expect(["0", "7", "10"].map((value) => sequence.parse(value))).toEqual([0, 7, 10]);
    for (const value of [...LOOSE, "11", "00"]) expect(sequence.safeParse(value).success, value).toBe(false);
  });

  it("reads query integers the same strict way", () => {
    const page = queryIntegerSchema({ min: 1, max: 100 });
    expect(page.parse("3")).toBe(3);
    for (const value of [...LOOSE, "0", "101"]) expect(page.safeParse(value).success, value).toBe(false);
  });
});
