import { ADMIN } from "../admin";
import { expectAccessible } from "../axe";
import { CONTACT_TO, receivedMails } from "../smtp-sink";
import { expect, type Page, test } from "../test";

/**
 * The contact form end to end: the built site, the real server with its outbox, and a real SMTP server (started by
 * the global setup) that receives the mail. The server limits 5 messages per client network in 10 minutes, and
 * every test here comes from 127.0.0.1: keep the number of messages sent below that.
 */

const LANGUAGE_KEY = "chesstrainer.language";
const SUCCESS = "Thank you for your message. We will get back to you soon!";
/** The server takes a form sent within 3 s of opening for a bot's; a person takes longer. */
const HUMAN_FILL_MS = 3500;

/** Moves the page's clock (installed before it opened) on by the time a person needs to fill the form. */
function likeAPerson(page: Page) {
  return page.clock.fastForward(HUMAN_FILL_MS);
}

test.describe("contact", () => {
  test("a message typed in the browser arrives by mail and the admin sees it delivered", async ({ page }) => {
    const subject = `Rook endgame question ${Date.now()}`;
    const text = "Hello!\nWhich rook endgame should I study first: Lucena or Philidor?";

    await page.clock.install();
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByText("Write to us and we will answer by email.", { exact: false })).toBeVisible();
    await page.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
    await page.getByRole("textbox", { name: "Email" }).fill("ada@example.org");
    await page.getByRole("textbox", { name: "Subject" }).fill(subject);
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await likeAPerson(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue("");

    await expect
      .poll(
        () => receivedMails().filter((mail) => mail.headers.subject === `Contact form: ${subject}`).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const mail = receivedMails().find((m) => m.headers.subject === `Contact form: ${subject}`);
    expect(mail?.envelope.to).toEqual([CONTACT_TO]);
    expect(mail?.headers["reply-to"]).toBe("Ada Lovelace <ada@example.org>");
    expect(mail?.text).toContain("Name:    Ada Lovelace");
    expect(mail?.text).toContain("Email:   ada@example.org");
    expect(mail?.text).toContain(text);

    // The admin's list shows it, delivered, with its full text on demand.
    await page.goto("/admin/messages");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Messages" }),
    ).toHaveAttribute("aria-current", "page");
    const row = page.getByRole("row").filter({ hasText: subject });
    await expect(async () => {
      await page.reload();
      await expect(row.getByText("Delivered")).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByRole("cell", { name: "Ada Lovelace" })).toBeVisible();
    await expect(row.getByRole("link", { name: "ada@example.org" })).toHaveAttribute(
      "href",
      "mailto:ada@example.org",
    );
    const show = row.getByRole("button", { name: "Show message" });
    await expect(show).toHaveAttribute("aria-expanded", "false");
    await show.click();
    await expect(row.getByRole("button", { name: "Hide message" })).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByText("Which rook endgame should I study first: Lucena or Philidor?"),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test("the browser shows what is missing or wrong and sends nothing", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/email/contact")) sent.push(request.method());
    });
    await page.goto("/contact");
    const name = page.getByRole("textbox", { name: "Name" });
    await expect(name).toBeVisible();
    await expect(name).toBeEditable();
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription("Please enter your name.");
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(
      "Please enter your email address.",
    );
    await expect(page.getByRole("textbox", { name: "Subject" })).toHaveAccessibleDescription(
      "Please enter a subject.",
    );
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
      "Please enter your message.",
    );
    await expectAccessible(page);

    await name.fill("Ada Lovelace");
    await expect(name).not.toHaveAttribute("aria-invalid");
    await page.getByRole("textbox", { name: "Email" }).fill("ada@example");
    await page.getByRole("textbox", { name: "Subject" }).fill("Openings");
    await page.getByRole("textbox", { name: "Message" }).fill("Which opening suits a beginner?");
    await page.getByRole("button", { name: "Send Message" }).click();
    const email = page.getByRole("textbox", { name: "Email" });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(
      "Please enter a valid email address, such as name@example.com.",
    );
    // The message area is at least 150 px high.
    const box = await page.getByRole("textbox", { name: "Message" }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(150);
    expect(sent).toEqual([]);
  });

  test("the page in Arabic: right to left, Arabic texts and messages, and it sends", async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
    const subject = `سؤال عن الافتتاحيات ${Date.now()}`;
    await page.clock.install();
    await page.goto("/contact");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "اتصل بنا" })).toBeVisible();
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect(page.getByRole("textbox", { name: "الاسم" })).toHaveAccessibleDescription(
      "يرجى إدخال اسمك.",
    );
    await expectAccessible(page);

    await page.getByRole("textbox", { name: "الاسم" }).fill("خالد");
    await page.getByRole("textbox", { name: "البريد الإلكتروني" }).fill("khalid@example.org");
    await page.getByRole("textbox", { name: "الموضوع" }).fill(subject);
    await page.getByRole("textbox", { name: "الرسالة" }).fill("ما الافتتاحية المناسبة للمبتدئ؟");
    await likeAPerson(page);
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "شكرًا لرسالتك. سنتواصل معك قريبًا!" }),
    ).toBeVisible();

    await expect
      .poll(() => receivedMails().find((mail) => mail.headers.subject === `Contact form: ${subject}`), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const mail = receivedMails().find((m) => m.headers.subject === `Contact form: ${subject}`);
    expect(mail?.headers["reply-to"]).toBe("خالد <khalid@example.org>");
    expect(mail?.text).toContain("ما الافتتاحية المناسبة للمبتدئ؟");
  });
});
