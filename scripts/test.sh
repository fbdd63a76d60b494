#!/usr/bin/env bash
# The README's test command: installs what the tests need, then runs every suite.
#   bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

bash scripts/install-system.sh
echo "--- npm ci"
# Every package's install script but better-sqlite3's: its compile from source (about a minute of one core, while
# the other waits) runs beside the type-check and the builds instead, in scripts/test-all.sh, which compiles it
# whenever it does not load (2026-11-30, a clean clone: install and lanes 122 s one after the other, 104 s side by
# side).
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
scripted=$(node -e 'for (const [path, entry] of Object.entries(require("./package-lock.json").packages))
  if (entry.hasInstallScript && path !== "node_modules/better-sqlite3") console.log(path.slice(path.lastIndexOf("node_modules/") + 13))')
[ -z "$scripted" ] || npm rebuild $scripted --loglevel=error
echo "installed in $(( $(date +%s) - start )) s"

npm run test:all
echo "whole test command took $(( $(date +%s) - start )) s"
