// `npm run chromatic`: publishes the built Storybook to Chromatic for review (chromatic.config.json) when
// CHROMATIC_PROJECT_TOKEN is set; without it, says so and exits 0 without touching the network. Chromatic is for
// reviewing changes in a browser; the offline gate in CI stays the local visual suite (`npm run test:visual`).
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: "inherit" }).status ?? 1;

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    "chromatic: CHROMATIC_PROJECT_TOKEN is not set, so nothing was published.\n" +
      "  Set it to the project token from chromatic.com (the project's Manage page) to publish storybook-static.\n" +
      "  The visual suite (npm run test:visual) is the offline check and needs no token.",
  );
  process.exit(0);
}

const built = run("npm", ["run", "build:storybook"]);
if (built !== 0) process.exit(built);
process.exit(run(join(root, "node_modules/.bin/chromatic"), ["--config-file", "chromatic.config.json"]));
