#!/usr/bin/env bash
# Every suite, in the order that fails fastest. Assumes dependencies are installed (scripts/test.sh does it).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results

step() { echo; echo "=== $1"; }

step "type-check"
npm run typecheck
step "lint and format"
npx biome ci .
step "unit, server and story tests (Vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "build the site"
npm run build
step "build Storybook"
npm run build:storybook
step "visual regression + axe on every story"
npx playwright test -c e2e/playwright.visual.config.ts
step "end-to-end in Chromium against the real server"
npx playwright test -c e2e/playwright.config.ts
step "summary"
node scripts/test-summary.mjs
