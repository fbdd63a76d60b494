import { type Config, loadConfig } from "../config";
import { createDatabase, type Db, migrateToLatest } from "../db/database";

/** What a CLI command receives: its arguments and, on demand, the configured and migrated database. */
export interface CliContext {
  args: string[];
  config: Config;
  /** Opens the database of DATA_DIR / DATABASE_URL and runs pending migrations (once). */
  database(): Promise<Db>;
  log(message: string): void;
  /** On a terminal: shows a line that replaces the one shown before (a progress bar). Absent elsewhere. */
  status?(line: string): void;
}

export interface Command {
  /** One line for `npm run cli -- help`. */
  summary: string;
  /** Arguments, e.g. "<file.pgn> [--depth N]". */
  usage: string;
  /** Returns the process exit code. */
  run(context: CliContext): Promise<number>;
}

export function cliContext(args: string[]): CliContext & { close(): Promise<void> } {
  const config = loadConfig();
  let opened: Promise<Db> | undefined;
  return {
    args,
    config,
    log: (message) => process.stdout.write(`${message}\n`),
    ...(process.stdout.isTTY ? { status: (line: string) => process.stdout.write(`\r${line}\x1b[K`) } : {}),
    database() {
      opened ??= (async () => {
        const db = createDatabase(config);
        await migrateToLatest(db.db);
        return db;
      })();
      return opened;
    },
    async close() {
      if (opened) await (await opened).close();
    },
  };
}

/** `--name value` or `--name=value` from an argument list. */
export function option(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** Arguments that are not options (nor option values). */
export function positional(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg.startsWith("--")) {
      if (!arg.includes("=") && args[i + 1] !== undefined && !(args[i + 1] as string).startsWith("--")) i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}
