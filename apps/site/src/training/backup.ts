/**
 * The progress backup file (issue "Training screen, second version", the dashboard): every record this browser keeps
 * (progress, rating, the review cards) in one JSON file, so the progress moves to another browser or device. The
 * records are the stored strings as they are; on import each record's own reader drops what it does not recognise (an
 * old backup's review list becomes cards when the cards are first read).
 */
export const BACKUP_APP = "chess-trainer";
export const BACKUP_VERSION = 1;

export interface BackupFile {
  app: typeof BACKUP_APP;
  version: number;
  exportedAt: string;
  records: Record<string, string>;
}

/** The file's text: the records with what made them and when. */
export function createBackup(records: Record<string, string>, now: Date): string {
  const file: BackupFile = {
    app: BACKUP_APP,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    records,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** "chess-trainer-progress-2025-03-07.json", dated in the player's own time zone (the day they see). */
export function backupFileName(now: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `chess-trainer-progress-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}.json`;
}

/**
 * A backup's records, or null when the text is not one of our backup files (not JSON, another app's file, no
 * records object). The records are not checked one by one here: importing hands them to each record's reader.
 */
export function parseBackup(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const file = value as Record<string, unknown>;
  if (file.app !== BACKUP_APP) return null;
  const records = file.records;
  if (typeof records !== "object" || records === null || Array.isArray(records)) return null;
  return records as Record<string, unknown>;
}
