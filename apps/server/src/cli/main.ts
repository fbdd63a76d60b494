import { ConfigError } from "../config";
import { cliContext } from "./command";
import { commands } from "./commands";

/** `npm run cli -- <command> [arguments]`: maintenance commands (analysis, imports, content). */
async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    const lines = Object.entries(commands).map(([key, c]) => `  ${key} ${c.usage}\n      ${c.summary}`);
    process.stdout.write(`usage: npm run cli -- <command> [arguments]\n\n${lines.join("\n")}\n`);
    return name && name !== "help" ? 2 : 0;
  }
  const context = cliContext(args);
  try {
    return await command.run(context);
  } finally {
    await context.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : error,
    );
    process.exit(1);
  },
);
