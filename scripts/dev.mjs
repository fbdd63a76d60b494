// Development: the API server (restarts on change) and Vite with hot reload, side by side.
import { spawn } from "node:child_process";

const children = [
  spawn("node", ["--import", "tsx", "--watch", "apps/server/src/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: process.env.PORT ?? "3000" },
  }),
  spawn("npx", ["vite", "--config", "apps/site/vite.config.ts", "apps/site"], { stdio: "inherit" }),
];

function stop() {
  for (const child of children) child.kill("SIGTERM");
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
