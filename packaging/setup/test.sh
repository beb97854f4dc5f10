#!/usr/bin/env bash
# README's second command (and CI's, through .ci/run): install what Xylem needs, build it
# with warnings as errors, and run every test. Each stage prints its time, so CI's log shows
# where its 90 minutes go.
set -euo pipefail
cd "$(dirname "$0")/../.."

# stage <name> <command...>: run one stage and say how long it took.
stage() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  echo "test.sh: stage $name took $((SECONDS - started)) s"
}

configure() { cmake --preset ci >/dev/null; }

stage install-deps bash packaging/setup/install-deps.sh
stage configure configure
stage build cmake --build --preset ci
stage test ctest --preset ci --parallel "$(nproc)"
# Every decoder's libFuzzer target for a bounded time, from its corpus, with a fixed seed (a red
# run replays); the `fuzz` build target runs them for 10 minutes each with new seeds.
stage fuzz env XYLEM_FUZZ_SEED="${XYLEM_FUZZ_SEED:-1}" \
  bash tests/fuzz/run-fuzzers.sh "${XYLEM_FUZZ_SECONDS:-30}" build/fuzz
# Not yet a stage: the sanitizer suites (packaging/setup/sanitizer-suites.sh) need two more
# builds (ASan's alone estimated at 12 minutes) beside a main build of about 48 minutes, more
# than CI's 90 minutes leave; see docs/developers.md.
