#!/usr/bin/env bash
# README's first command: install what Xylem needs, build it, and run the main job.
# Until the live demo exists, the main job is `xylem-cli analyze` on the worked example that
# ships in resources/examples/: it prints the report (text, then JSON into build/).
set -euo pipefail
cd "$(dirname "$0")/../.."

bash packaging/setup/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release

cli=build/release/app/cli/xylem-cli
tree=resources/examples/two-hosts.tree.json
trace=resources/examples/two-hosts.trace.csv
"$cli" analyze --tree "$tree" --trace "$trace"
"$cli" analyze --tree "$tree" --trace "$trace" --json > build/release/two-hosts.report.json
echo
echo "demo: the JSON report (metrics.md section 8) is in $(pwd)/build/release/two-hosts.report.json"
