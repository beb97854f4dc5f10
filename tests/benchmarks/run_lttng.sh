#!/usr/bin/env bash
# Runs bench_probe_lttng ($1) inside an LTTng session that records its tracepoint, then removes
# the session and its trace. Needs lttng-tools (packaging/setup/install-deps.sh installs it).
set -u
if ! command -v lttng >/dev/null; then
    echo "lttng disabled: lttng-tools is not installed"; exit 0
fi
pgrep -x lttng-sessiond >/dev/null || lttng-sessiond --daemonize --quiet 2>/dev/null
session="xylem-bench-$$"
output=$(mktemp -d)
trap 'lttng destroy "$session" >/dev/null 2>&1; rm -rf "$output"' EXIT
lttng create "$session" --output="$output" >/dev/null &&
    lttng enable-event --userspace 'xylem_bench:record' --session="$session" >/dev/null &&
    lttng start "$session" >/dev/null || { echo "lttng disabled: could not start a session"; exit 0; }
"$1"
