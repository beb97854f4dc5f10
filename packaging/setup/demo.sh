#!/usr/bin/env bash
# README's first command: install what Xylem needs, build it, and run the main job — the live
# demo. Until the desktop application exists, and on any machine without a display, that is
# `xylem-cli record`: a local cluster of 4 hosts x 2 threads runs xylem-gsum with a planted
# culprit (h2.t1 is delayed), a gather tree of collectors brings every tuple to the front-end
# live, and the run is stored in a session file, whose path is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash packaging/setup/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release

cli=build/release/app/cli/xylem-cli
session="$(pwd)/build/release/demo.xylem"
rm -f "$session"
"$cli" record --hosts 4 --threads 2 --iterations 10000 --noise h2.t1:200:1 \
       --name "demo: h2.t1 delayed" -o "$session"
echo
"$cli" analyze --session "$session" --run 1 --top 5
echo
echo "demo: the live session is $session"
echo "demo: its full report: $cli analyze --session $session --run 1 --json"
