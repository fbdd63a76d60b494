import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ReceivedMail, startSmtpSink } from "../apps/server/src/contact/smtp-sink";

/** Where the end-to-end server mails contact messages (CONTACT_TO in playwright.config.ts). */
export const CONTACT_TO = "contact@chess-trainer.test";

/** Every mail the sink has received so far (tests poll this). */
export function receivedMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as ReceivedMail);
}

/**
 * Playwright global setup: a real SMTP server on 127.0.0.1:E2E_SMTP_PORT that the end-to-end server mails contact
 * messages to (playwright.config.ts sets SMTP_URL to it). Each received mail is written as JSON into E2E_MAIL_DIR,
 * where the tests read it. Returns the teardown that stops it.
 */
export default async function startMailSink(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = process.env.E2E_MAIL_DIR;
  if (!port || !dir) throw new Error("E2E_SMTP_PORT and E2E_MAIL_DIR are set by playwright.config.ts");
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const sink = await startSmtpSink({
    port,
    onMail: (mail) => {
      received += 1;
      // Written aside, then renamed: a test never reads half a file.
      const name = join(dir, `${Date.now()}-${received}`);
      writeFileSync(`${name}.tmp`, JSON.stringify(mail, null, 2));
      renameSync(`${name}.tmp`, `${name}.json`);
    },
  });
  return () => sink.close();
}
