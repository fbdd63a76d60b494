#!/usr/bin/env bash
# Every suite, in the order that fails fastest. Assumes dependencies are installed (scripts/test.sh does it).
#
# The type-check and the builds are single-threaded for most of their time, so they run side by side (two lanes,
# one per core of the machine this was measured on); each lane's output is printed whole when it ends, and the
# command stops if either failed. The suites then run one after another, each on every core.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results/lanes

step() { echo; echo "=== $1"; }

# lane <name> <command...>: runs the command in the background, its output kept in test-results/lanes/<name>.log.
lane_pids=()
lane_names=()
lane() {
  local name=$1
  shift
  ("$@") >"test-results/lanes/$name.log" 2>&1 &
  lane_pids+=($!)
  lane_names+=("$name")
}
# Waits for every lane, prints each one's output with its time, and fails when one failed.
wait_lanes() {
  local failed=0
  for i in "${!lane_pids[@]}"; do
    local status=0
    wait "${lane_pids[$i]}" || status=$?
    step "${lane_names[$i]} (exit $status)"
    cat "test-results/lanes/${lane_names[$i]}.log"
    [ "$status" -eq 0 ] || failed=1
  done
  lane_pids=()
  lane_names=()
  return "$failed"
}
timed() {
  local started=$SECONDS
  "$@"
  echo "--- $* took $((SECONDS - started)) s"
}

# better-sqlite3's native binding, when it does not load (scripts/test.sh installs without compiling it): only the
# server's tests need it, so its compile, one core for about a minute, overlaps the other lanes.
# It is the longest lane, so the other two run at a lower priority while it runs.
second=()
if ! node -e 'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null; then
  lane "compile better-sqlite3" bash -c 'set -e; started=$SECONDS; npm rebuild better-sqlite3 --loglevel=error; echo "--- took $((SECONDS - started)) s"'
  second=(nice -n 10)
fi
lane "type-check, lint and format" "${second[@]}" bash -c 'set -e; started=$SECONDS; npm run typecheck; npx biome ci .; echo "--- took $((SECONDS - started)) s"'
lane "build the site and Storybook" "${second[@]}" bash -c 'set -e; started=$SECONDS; npm run build; npm run build:storybook; echo "--- took $((SECONDS - started)) s"'
wait_lanes

step "unit and server tests (Vitest)"
# The storybook project (`npm run test:stories`: every story's play function and Storybook's a11y check, in Vitest's
# browser mode) is not run here: the visual suite below runs every play function in all four modes on the built
# Storybook, and the same axe check as the addon's in English/LTR, so it proves all that project proves.
# The load test's run is 5 s on SQLite and 2.5 s on PostgreSQL here (30 s and 15 s by default): long enough for every
# kind of read and write to overlap many times; raise LOAD_SECONDS for a soak.
export LOAD_SECONDS=${LOAD_SECONDS:-5}
# 30 signed-in players (200 by default): each signs up (an argon2id hash of 46 MiB) and posts 40 results on the 124
# curated puzzles (20 by default), so every puzzle still gets about ten players' results from both processes at once,
# as 60 players of 20 results did, with half the sign-ups (the accounts tests prove the hash); the 200 of a soak
# spent some 50 s more of the command on hashing passwords. Raise LOAD_PLAYERS for a soak.
export LOAD_PLAYERS=${LOAD_PLAYERS:-30}
export LOAD_PLAYER_PUZZLES=${LOAD_PLAYER_PUZZLES:-40}
timed npx vitest run --project unit --project server --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "visual regression + axe on every story"
timed npx playwright test -c e2e/playwright.visual.config.ts
step "end-to-end in Chromium against the real server"
timed npx playwright test -c e2e/playwright.config.ts
step "summary"
node scripts/test-summary.mjs
