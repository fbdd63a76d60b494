import { describe, expect, it } from "vitest";
import { BACKUP_APP, backupFileName, createBackup, parseBackup } from "./backup";

const RECORDS = {
  "chesstrainer.rating": '{"rating":1532,"history":[]}',
  "chesstrainer.progress.positions": "[]",
};

describe("the progress backup file", () => {
  it("round-trips the records with the app's name, version and date", () => {
    const now = new Date("2025-03-07T10:20:30.000Z");
    const text = createBackup(RECORDS, now);
    expect(JSON.parse(text)).toEqual({
      app: BACKUP_APP,
      version: 1,
      exportedAt: "2025-03-07T10:20:30.000Z",
      records: RECORDS,
    });
    expect(parseBackup(text)).toEqual(RECORDS);
  });

  it("is named after the local day", () => {
    expect(backupFileName(new Date(2025, 2, 7, 23, 59))).toBe("chess-trainer-progress-2025-03-07.json");
    expect(backupFileName(new Date(2026, 10, 30, 0, 1))).toBe("chess-trainer-progress-2026-11-30.json");
  });

  it.each([
    ["not JSON", "{nope"],
    ["JSON that is not an object", "[1, 2]"],
    ["null", "null"],
    ["another app's file", JSON.stringify({ app: "lichess", records: {} })],
    ["no app", JSON.stringify({ records: {} })],
    ["no records", JSON.stringify({ app: BACKUP_APP })],
    ["records that are a list", JSON.stringify({ app: BACKUP_APP, records: [] })],
    ["records that are text", JSON.stringify({ app: BACKUP_APP, records: "x" })],
  ])("refuses %s", (_, text) => {
    expect(parseBackup(text)).toBeNull();
  });

  it("leaves each record to its own reader (unknown keys and odd values pass through)", () => {
    const text = JSON.stringify({ app: BACKUP_APP, version: 9, records: { other: 1 } });
    expect(parseBackup(text)).toEqual({ other: 1 });
  });
});
