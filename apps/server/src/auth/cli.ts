import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { type Command, positional } from "../cli/command";
import { AccountError, AdminAccounts, type HashCost } from "./accounts";

/**
 * The first line of stdin. On a terminal the typing is not echoed; from a pipe
 * (`printf '%s\n' "$PW" | npm run cli -- admin create ana`) the line is read as is. Never from the command line,
 * where it would land in shell history and process lists.
 */
export async function readPasswordFromStdin(): Promise<string> {
  const terminal = process.stdin.isTTY === true;
  if (terminal) process.stderr.write("Password (not shown): ");
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: silent, terminal });
  try {
    for await (const line of lines) return line;
    return "";
  } finally {
    lines.close();
    if (terminal) process.stderr.write("\n");
  }
}

export interface AdminCommandOptions {
  /** Where the password comes from when ADMIN_PASSWORD is unset. */
  readPassword: () => Promise<string>;
  /** argon2 cost; tests lower it explicitly. */
  hashCost?: HashCost;
}

/** `admin list | create <user> | set-password <user>`, the password from ADMIN_PASSWORD or stdin. */
export function createAdminCommand(options: AdminCommandOptions): Command {
  return {
    summary: "List admin accounts, create one, or set one's password (from ADMIN_PASSWORD or stdin)",
    usage: "list | create <user> | set-password <user>",
    async run(context) {
      const [action, username] = positional(context.args);
      if (action !== "list" && action !== "create" && action !== "set-password") {
        context.log("admin: use list, create <user> or set-password <user>");
        return 2;
      }
      const { db } = await context.database();
      const accounts = new AdminAccounts(db, options.hashCost ? { hashCost: options.hashCost } : {});
      if (action === "list") {
        const all = await accounts.list();
        if (all.length === 0) context.log("no admin accounts");
        for (const account of all) {
          context.log(`${account.username}  created ${account.created_at}  updated ${account.updated_at}`);
        }
        return 0;
      }
      if (!username) {
        context.log(`admin ${action}: give the account's username`);
        return 2;
      }
      const password = context.config.adminPassword ?? (await options.readPassword());
      if (!password) {
        context.log(`admin ${action}: give the password in ADMIN_PASSWORD or on stdin`);
        return 2;
      }
      try {
        if (action === "create") {
          if (!(await accounts.create(username, password))) {
            context.log(`admin create: an account named "${username}" already exists (use set-password)`);
            return 1;
          }
          context.log(`created admin account "${username}"`);
          return 0;
        }
        if (!(await accounts.setPassword(username, password))) {
          context.log(`admin set-password: no account named "${username}" (use create)`);
          return 1;
        }
        context.log(`set the password of "${username}"; its sessions were ended`);
        return 0;
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        context.log(`admin ${action}: ${error.message}`);
        return 2;
      }
    },
  };
}

export const adminCommand = createAdminCommand({ readPassword: readPasswordFromStdin });
