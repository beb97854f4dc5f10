#!/usr/bin/env bash
# README's first command: install what Xylem needs, build it, and run the main job — the live
# demo, recorded by `xylem-cli record`: a local cluster of 4 hosts x 2 threads runs xylem-gsum with a planted
# culprit (h2.t1 is delayed), a gather tree of collectors brings every tuple to the front-end
# live, and the run is stored in a session file, whose path is printed at the end. Then the
# desktop application shows it: a window with a display, PNG pictures of the window without.
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

# The desktop application: where there is a display, xylem records the live demo again and
# shows it as it grows (Live ▸ Stop keeps the session); where there is none, pictures of the
# window over the run just recorded.
gui=build/release/app/gui/xylem
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "demo: starting $gui on the live demo (session build/release/demo-live.xylem)"
  rm -f build/release/demo-live.xylem
  exec "$gui" --live-demo "$(pwd)/build/release/demo-live.xylem"
fi
for tab in overview tree tables; do
  QT_QPA_PLATFORM=offscreen "$gui" "$session" --tab "$tab" \
      --screenshot "$(pwd)/build/release/demo-$tab.png" 2>/dev/null
done
echo "demo: no display here; the window is drawn in $(pwd)/build/release/demo-overview.png, demo-tree.png and demo-tables.png"
