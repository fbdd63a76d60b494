import { ADMIN } from "../admin";
import { expect, type Page, type Route, test } from "../test";
import { unrendered } from "../unrendered";

/**
 * The site against a server that is down or slow (issue 8): every screen that talks to the API shows the spec's
 * error message instead of breaking, keeps what the user typed, and works again once the server is back. "Down" is
 * played two ways: the connection is refused (every screen), and a proxy in front answers 502 with an HTML page
 * (the home page's reads and the contact form's write; that the client fails every call on such a page, as on a
 * refused connection, is proven in apps/site/src/api/client.test.ts).
 */

const LUCENA = "lucena-position-how-to-build-a-bridge";

const outages = {
  refused: (route: Route) => route.abort("connectionrefused"),
  "502 from a proxy": (route: Route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
} as const;

/**
 * Takes the API down until the returned function brings it back. The admin guard's token check still goes through:
 * the spec logs the admin out when that check fails, so on admin screens the outage begins once they are in.
 */
async function apiDown(page: Page, outage: (route: Route) => Promise<void>) {
  await page.route("**/api/**", (route) =>
    new URL(route.request().url()).pathname === "/api/admin/validate" ? route.continue() : outage(route),
  );
  return () => page.unroute("**/api/**");
}

function mainNavigation(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" });
}

interface Screen {
  name: string;
  admin?: boolean;
  /** How the walk comes to the screen: by its address, or by the link a visitor follows from the screen before. */
  open: (page: Page) => Promise<unknown>;
  /** What the screen shows while the API is down. */
  failed: (page: Page) => Promise<void>;
  /** How the user tries again (a Retry button, or loading the page again where the screen has none). */
  retry: (page: Page) => Promise<void>;
  /** What the screen shows once it worked. */
  works: (page: Page) => Promise<void>;
}

const home: Screen = {
  name: "home",
  open: (page) => page.goto("/"),
  failed: async (page) => {
    const cards = page.locator("[data-slot=phase-card]");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) await expect(card).toContainText("Error loading positions");
    await expect(page.getByText("Failed to fetch puzzle statistics")).toBeVisible();
    // Visitors see no analysis panel at all rather than its connection error (the admin page shows that).
    await expect(page.locator("[data-slot=analysis-status-panel]")).toHaveCount(0);
  },
  retry: (page) => page.reload().then(() => undefined),
  works: async (page) => {
    await expect(page.locator("[data-slot=phase-card]").first()).not.toContainText("Error loading positions");
    await expect(page.getByText("Failed to fetch puzzle statistics")).toHaveCount(0);
  },
};

/**
 * Opened by its address at the start of the refused walk. Its retry, loading the page again, is the home page's there
 * (see the walk).
 */
const trainingModules: Screen = {
  name: "training modules",
  open: (page) => page.goto("/training"),
  failed: (page) =>
    expect(page.getByRole("alert").filter({ hasText: "Failed to load training scenarios" })).toBeVisible(),
  retry: (page) => page.reload().then(() => undefined),
  works: (page) => expect(page.locator("[data-slot=module-card]").first()).toContainText(/Positions: \d+/),
};

/** The screens the walks open one after the other, each from the one before (or by its address). */
const screens: Screen[] = [
  {
    name: "training module",
    open: (page) =>
      page
        .locator("[data-slot=module-card]")
        .filter({ hasText: "Endgame Essentials" })
        .getByRole("link")
        .click(),
    failed: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Error Loading Module" })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveText("Failed to load the first position");
    },
    retry: (page) => page.getByRole("button", { name: "Retry" }).click(),
    works: (page) =>
      expect(page.getByRole("heading", { level: 1, name: "Endgame Essentials" })).toBeVisible(),
  },
  {
    name: "blog index",
    open: (page) => page.goto("/blog?search=Lucena"),
    failed: (page) =>
      expect(page.getByRole("alert").filter({ hasText: "Error Loading Posts" })).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) =>
      expect(page.getByRole("article", { name: "The Lucena Position: How to Build a Bridge" })).toBeVisible(),
  },
  {
    name: "blog post",
    open: (page) =>
      page
        .getByRole("article", { name: "The Lucena Position: How to Build a Bridge" })
        .getByRole("link")
        .click(),
    failed: (page) => expect(page.getByText(/^Error: .+/)).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) =>
      expect(
        page.getByRole("heading", { level: 1, name: "The Lucena Position: How to Build a Bridge" }),
      ).toBeVisible(),
  },
  {
    name: "admin blog list",
    admin: true,
    open: (page) => page.goto("/admin/blog"),
    failed: (page) => expect(page.getByText("Failed to fetch blog posts")).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: async (page) => {
      await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
      await expect(page.getByText("Failed to fetch blog posts")).toHaveCount(0);
    },
  },
  {
    name: "post editor",
    admin: true,
    open: (page) => page.goto(`/admin/blog/edit/${LUCENA}`),
    failed: (page) => expect(page.getByText("Failed to load blog post. Please try again.")).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) => expect(page.getByPlaceholder("Enter title")).toHaveValue(/The Lucena Position/),
  },
  {
    name: "admin messages",
    admin: true,
    open: (page) => page.goto("/admin/messages"),
    failed: (page) => expect(page.getByText("Failed to load messages.")).toBeVisible(),
    retry: (page) => page.getByRole("button", { name: "Try again" }).click(),
    works: (page) => expect(page.getByText("Failed to load messages.")).toHaveCount(0),
  },
];

/** Takes the API down, opens the screen, checks its message, brings the API back and checks that Retry works. */
async function downThenRetry(page: Page, screen: Screen, outage: (route: Route) => Promise<void>) {
  await test.step(screen.name, async () => {
    const restore = await apiDown(page, outage);
    await screen.open(page);
    await screen.failed(page);
    await restore();
    await screen.retry(page);
    await screen.works(page);
  });
}

/**
 * Contact, reached by the navigation with the API down: the spec's message, and nothing typed is lost. The API is
 * back afterwards.
 */
async function contactDown(page: Page, outage: (route: Route) => Promise<void>) {
  await test.step("contact", async () => {
    const restore = await apiDown(page, outage);
    await mainNavigation(page).getByRole("link", { name: "Contact", exact: true }).click();
    const fields = {
      Name: "Ada Lovelace",
      Email: "ada@example.org",
      Subject: "Lost?",
      Message: "Still here.",
    };
    for (const [name, value] of Object.entries(fields)) await page.getByRole("textbox", { name }).fill(value);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Failed to send message. Please try again later.")).toBeVisible();
    for (const [name, value] of Object.entries(fields))
      await expect(page.getByRole("textbox", { name })).toHaveValue(value);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await restore();
  });
}

/** The errors the page threw: none is allowed on any screen, down or back. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

// One page walks every screen for each kind of outage. The pages come unrendered, so the browser makes the reads the
// server would have made, as it does on every screen reached inside the app: the walk goes from screen to screen by
// the links a visitor follows where there is one (a search, a post's editor and the admin screens are opened by
// their addresses).
test.describe("server down", () => {
  test("refused: every screen shows the spec's message and works again on Retry; login and contact keep what was typed", async ({
    page,
  }) => {
    // Ten screens, each shown down and again up, on a machine shared with other work.
    test.slow();
    const errors = pageErrors(page);
    await unrendered(page);
    // The training page and the home page have no Retry button: the visitor loads the page again. Both fail while
    // the API is down (the training page by its address, then the home page by the navigation: neither has anything
    // read yet); the home page is loaded again once the API is back, and the training page, reached from it by the
    // navigation, works too. (Loading a page again starts from nothing, so once is enough.)
    await test.step("training modules and home", async () => {
      const restore = await apiDown(page, outages.refused);
      await trainingModules.open(page);
      await trainingModules.failed(page);
      await mainNavigation(page).getByRole("link", { name: "Home", exact: true }).click();
      await home.failed(page);
      await restore();
      await home.retry(page);
      await home.works(page);
      await mainNavigation(page).getByRole("link", { name: "Training", exact: true }).click();
      await trainingModules.works(page);
    });
    for (const screen of screens.filter(({ admin }) => !admin))
      await downThenRetry(page, screen, outages.refused);
    await contactDown(page, outages.refused);

    // Login, with the connection refused (the client fails the same way on a 502): the typed name is kept, and the
    // next try logs in, which the admin screens then use.
    await test.step("login", async () => {
      const restore = await apiDown(page, outages.refused);
      await page.goto("/admin/login");
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByText("An error occurred during login. Please try again.")).toBeVisible();
      await expect(page.getByLabel("Username")).toHaveValue(ADMIN.username);
      await restore();
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL(/\/admin\/blog$/);
    });
    for (const screen of screens.filter(({ admin }) => admin))
      await downThenRetry(page, screen, outages.refused);
    expect(errors).toEqual([]);
  });

  // That loading the page again works once the server is back is the refused walk's: a new page keeps nothing of
  // the outage, whichever it was.
  test("502 from a proxy: the home page's message; contact's message, and nothing typed is lost", async ({
    page,
  }) => {
    const errors = pageErrors(page);
    await unrendered(page);
    await test.step("home", async () => {
      const restore = await apiDown(page, outages["502 from a proxy"]);
      await home.open(page);
      await home.failed(page);
      await restore();
    });
    await contactDown(page, outages["502 from a proxy"]);
    expect(errors).toEqual([]);
  });
});

test.describe("slow server", () => {
  /**
   * Holds every API answer until the returned function lets them through, the way a loaded server does. Holding
   * (rather than a fixed delay) keeps the test honest on a busy machine: the page may start its first read before
   * its script has mounted (the post's read is started early), and a fixed delay could end before anything painted.
   */
  async function heldApi(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/**", async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    return release;
  }

  // The training module's page comes rendered by the server (its first position is fetched once the page is live);
  // the blog index and a post are reached from it by links, so the browser reads what they show.
  test("each screen shows that it is loading, then what came: a training module, the blog index, a post", async ({
    page,
  }) => {
    await test.step("a training module shows 'Loading Training Module' and then the first position", async () => {
      const release = await heldApi(page);
      await page.goto("/training/endgame");
      await expect(page.getByRole("heading", { level: 1, name: "Loading Training Module" })).toBeVisible({
        timeout: 15_000,
      });
      release();
      await expect(page.getByRole("heading", { level: 1, name: "Endgame Essentials" })).toBeVisible({
        timeout: 15_000,
      });
      await page.unroute("**/api/**");
    });

    await test.step("the blog index keeps its heading while the posts come", async () => {
      const release = await heldApi(page);
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: "Blog", exact: true })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
      await expect(page.getByRole("article")).toHaveCount(0);
      release();
      // The posts come (which ones lead the first page depends on what other tests have published meanwhile).
      await expect(page.getByRole("article").first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Chess Blog" })).toBeVisible();
      await page.unroute("**/api/**");
    });

    await test.step("a post shows 'Loading post...' and then the post", async () => {
      const link = page.getByRole("article").first().getByRole("link").first();
      const title = (await link.innerText()).trim();
      const release = await heldApi(page);
      await link.click();
      await expect(page.getByRole("status").filter({ hasText: "Loading post..." })).toBeVisible({
        timeout: 15_000,
      });
      release();
      await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByRole("status").filter({ hasText: "Loading post..." })).toHaveCount(0);
    });
  });
});
