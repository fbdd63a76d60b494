#!/usr/bin/env bash
# The README's run command: installs, builds and starts the site with its API on one port, on an embedded
# SQLite database under ./data that is created, migrated and seeded on first start.
#   bash scripts/start.sh            (PORT=3000 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
npm run build
exec npm run serve
