import { analyseCommand, analysisControlCommand, workerCommand } from "../analysis/cli";
import { adminCommand } from "../auth/cli";
import { importLichessCommand } from "../importers/cli";
import type { Command } from "./command";

/** Every CLI command by name. Each lives in its own module next to the code it drives. */
export const commands: Record<string, Command> = {
  admin: adminCommand,
  analyse: analyseCommand,
  worker: workerCommand,
  analysis: analysisControlCommand,
  "import-lichess": importLichessCommand,
};
