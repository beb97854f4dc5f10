#!/usr/bin/env bash
# README's second command (and CI's, through .ci/run): install what Xylem needs, build it
# with warnings as errors, and run every test.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash packaging/setup/install-deps.sh
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci --parallel "$(nproc)"
