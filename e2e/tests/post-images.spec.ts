import { adminToken } from "../admin";
import { expect, test } from "../test";

/** A 2×2 PNG, served for the "other host" below (the test machine has no internet). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

test("an image from another https host in a post shows on the post page (sanitiser and CSP agree)", async ({
  page,
}) => {
  const token = await adminToken(page.request);
  const created = await page.request.post("/api/blog/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: `Remote image ${Date.now()}`,
      content:
        '<p>A board from elsewhere.</p><img src="https://images.example.org/board.png" alt="Remote board">' +
        '<img src="http://plain.example.org/board.png" alt="Plain http board">',
      tags: [],
      published: true,
      author: "Admin",
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  await page.route("https://images.example.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: PNG }),
  );
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation(d: string): void }).reportViolation(event.effectiveDirective),
    );
  });

  await page.goto(`/blog/${slug}`);
  const image = page.getByRole("img", { name: "Remote board" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(2);
  // The sanitiser dropped the plain-http image, which the CSP would have blocked.
  await expect(page.getByRole("img", { name: "Plain http board" })).toHaveCount(0);
  expect(violations).toEqual([]);
});
