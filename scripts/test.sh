#!/usr/bin/env bash
# The README's test command: installs what the tests need, then runs every suite.
#   bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

bash scripts/install-system.sh
echo "--- npm ci"
npm ci --no-audit --no-fund --loglevel=error
echo "installed in $(( $(date +%s) - start )) s"

npm run test:all
echo "whole test command took $(( $(date +%s) - start )) s"
