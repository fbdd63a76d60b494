import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { resolve } from "node:path";
import type { Kysely, Selectable } from "kysely";
import type { Database, ImportsTable } from "../db/schema";
import { MAX_LINE_BYTES } from "./lines";

/** How a file is recognised on a later run: same path, same size, same first line. */
export interface FileIdentity {
  path: string;
  size: number;
  firstLineHash: string;
  /** The first line itself (the header, usually) and its length in bytes with its line end. */
  firstLine: string;
  firstLineBytes: number;
}

/** Reads a file's identity: its absolute path, size and the SHA-256 of its first line. */
export async function fileIdentity(path: string): Promise<FileIdentity> {
  const absolute = resolve(path);
  const handle = await open(absolute, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, MAX_LINE_BYTES + 1));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    const end = head.indexOf(10);
    const lineBytes =
      end < 0 ? head.subarray(0, Math.min(head.length, MAX_LINE_BYTES)) : head.subarray(0, end);
    const firstLine = lineBytes.toString("utf8").replace(/\r$/, "");
    return {
      path: absolute,
      size,
      firstLineHash: createHash("sha256").update(lineBytes).digest("hex"),
      firstLine,
      firstLineBytes: end < 0 ? bytesRead : end + 1,
    };
  } finally {
    await handle.close();
  }
}

/** Where an import of a file stands, with its running totals over every run. */
export interface ImportProgress {
  id: number;
  byteOffset: number;
  /** The last line already handled (0: none). */
  line: number;
  complete: boolean;
  totals: { read: number; imported: number; skipped_existing: number; refused: number };
}

function progressOf(row: Selectable<ImportsTable>): ImportProgress {
  return {
    id: row.id,
    byteOffset: Number(row.byte_offset),
    line: row.line,
    complete: row.complete === 1,
    totals: {
      read: row.read,
      imported: row.imported,
      skipped_existing: row.skipped_existing,
      refused: row.refused,
    },
  };
}

/**
 * The stored progress of this file, created at the start when the file is new; `restart` sets it back to the
 * beginning (the unique sources still keep a second pass from adding anything twice).
 */
export async function progressFor(
  db: Kysely<Database>,
  kind: string,
  file: FileIdentity,
  restart: boolean,
): Promise<ImportProgress> {
  const match = db
    .selectFrom("imports")
    .selectAll()
    .where("kind", "=", kind)
    .where("path", "=", file.path)
    .where("size", "=", file.size)
    .where("first_line_hash", "=", file.firstLineHash);
  const found = await match.executeTakeFirst();
  const now = new Date().toISOString();
  const fresh = {
    byte_offset: 0,
    line: 0,
    read: 0,
    imported: 0,
    skipped_existing: 0,
    refused: 0,
    complete: 0,
    started_at: now,
    updated_at: now,
  };
  if (found && !restart) return progressOf(found);
  if (found) {
    await db.updateTable("imports").set(fresh).where("id", "=", found.id).execute();
  } else {
    await db
      .insertInto("imports")
      .values({ kind, path: file.path, size: file.size, first_line_hash: file.firstLineHash, ...fresh })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return progressOf(await match.executeTakeFirstOrThrow());
}

/** Counts of one committed step, added to the stored totals. */
export interface ProgressStep {
  byteOffset: number;
  line: number;
  read: number;
  imported: number;
  skipped: number;
  refused: number;
  complete: boolean;
}

/** Records a step in the caller's transaction, so the progress and the rows it covers commit together. */
export async function recordProgress(trx: Kysely<Database>, id: number, step: ProgressStep): Promise<void> {
  await trx
    .updateTable("imports")
    .set((eb) => ({
      byte_offset: step.byteOffset,
      line: step.line,
      read: eb("read", "+", step.read),
      imported: eb("imported", "+", step.imported),
      skipped_existing: eb("skipped_existing", "+", step.skipped),
      refused: eb("refused", "+", step.refused),
      complete: step.complete ? 1 : 0,
      updated_at: new Date().toISOString(),
    }))
    .where("id", "=", id)
    .execute();
}
