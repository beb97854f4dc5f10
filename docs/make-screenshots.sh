#!/usr/bin/env bash
# Renders the pictures of the user guide (docs/images/*.png) with Xylem itself: it records a
# local demo cluster twice (a hierarchy and a flat tree, h2.t1 delayed), a program it attaches
# to and a small MPI program,
# then has `xylem --screenshot` draw the views a reader meets in docs/guide.md. Run by the
# build target docs_screenshots (docs/CMakeLists.txt); by hand:
#
#   b=build/ci; bash docs/make-screenshots.sh $b/app/gui/xylem $b/app/cli/xylem-cli \
#       $b/collectors/collector/xylem-collector $b/collectors/allreduce/xylem-gsum \
#       $b/collectors/mpi/xylem-mpiloop docs/images
#
# Needs no display (Qt's offscreen platform draws the window) and mpirun for the MPI picture.
set -euo pipefail

if [[ $# -ne 6 ]]; then
    echo "usage: $0 XYLEM XYLEM-CLI XYLEM-COLLECTOR XYLEM-GSUM XYLEM-MPILOOP OUTPUT-DIR" >&2
    exit 2
fi
xylem=$1
cli=$2
collector=$3
gsum=$4
mpiloop=$5
out=$6
here=$(cd "$(dirname "$0")" && pwd)
design=$here/examples/two-relays.design.json

for program in "$xylem" "$cli" "$collector" "$gsum" "$mpiloop"; do
    [[ -x $program ]] || { echo "$0: $program is not an executable" >&2; exit 2; }
done
command -v mpirun >/dev/null || { echo "$0: mpirun is not installed (openmpi-bin)" >&2; exit 2; }
mkdir -p "$out"

work=$(mktemp -d)
rings=xylem-docs-$$- # the attached program's rings in /dev/shm, removed at the end
children=()
cleanup() {
    for pid in "${children[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -f /dev/shm/"$rings"*
    rm -rf "$work"
}
trap cleanup EXIT

# A recording that fails stops the script with what the tool said.
run() {
    local log=$work/log
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "$0: failed: $*" >&2
        exit 1
    fi
}

echo "recording the demo cluster (hierarchy, then flat)..."
# The delay (1 ms) stands well above the scheduling noise of a busy machine with few cores.
run "$cli" record --hosts 4 --threads 2 --iterations 3000 --noise h2.t1:1000:1 \
    --name "hierarchy: h2.t1 delayed 1 ms" -o "$work/demo.xylem"
run "$cli" record --hosts 4 --threads 2 --shape flat --iterations 3000 --noise h2.t1:1000:1 \
    --name "flat tree, same culprit" -o "$work/demo.xylem"

# Attach to a program started elsewhere: the recording writes an address file, one collector
# per host joins through it, and the program (xylem-gsum here) records into rings named for them.
echo "recording a program started elsewhere (2 hosts x 2 threads, h1.t1 delayed)..."
"$cli" generate --hosts 2 --threads 2 >"$work/program.tree.json"
"$cli" record --attach "$work/tree.address" --config "$work/program.tree.json" --duration 12s \
    --name "attached: xylem-gsum, h1.t1 delayed" -o "$work/attached.xylem" >"$work/attach.log" 2>&1 &
recorder=$!
children+=("$recorder")
for _ in $(seq 100); do
    [[ -s $work/tree.address ]] && break
    sleep 0.1
done
[[ -s $work/tree.address ]] || { cat "$work/attach.log" >&2; echo "$0: no address file" >&2; exit 1; }
for host in h0 h1; do
    "$collector" --attach "$work/tree.address" --host "$host" --ring-prefix "$rings$host-" \
        --sample-period-ms 100 >"$work/collector-$host.log" 2>&1 &
    children+=("$!")
done
XYLEM_RING_PREFIX="$rings{host}-" run "$gsum" launch --config "$work/program.tree.json" \
    --iterations 3000 --noise h1.t1:1000:1
if ! wait "$recorder"; then
    cat "$work/attach.log" >&2
    echo "$0: the attached recording failed" >&2
    exit 1
fi

echo "recording an MPI program (4 ranks, rank 2 late)..."
root=()
[[ $(id -u) -eq 0 ]] && root=(--allow-run-as-root)
run "$cli" mpi -o "$work/mpi.xylem" -- mpirun "${root[@]}" --oversubscribe -np 4 \
    "$mpiloop" --iterations 2000 --late-rank 2 --late-us 2000

# shot NAME SESSION ARGS...: one picture, 1280 x 800 (the window's size in main.cpp).
shot() {
    local name=$1 session=$2
    shift 2
    echo "drawing $name.png..."
    QT_QPA_PLATFORM=offscreen run "$xylem" "$session" --language en \
        --screenshot "$out/$name.png" "$@"
}

shot demo-tree "$work/demo.xylem" --run 1 --tab tree
shot attach-timeline "$work/attached.xylem" --tab timeline
shot compare "$work/demo.xylem" --run 1 --then-run 2 --tab comparison
shot mpi-waitstates "$work/mpi.xylem" --tab waitstates
shot demo-clocks "$work/demo.xylem" --run 1 --tab clocks
# A copy: opening a session may write to it (an upgrade, a cached report).
cp "$here/../resources/sessions/sample.xylem" "$work/sample.xylem"
shot session-timemap "$work/sample.xylem" --run 1 --tab timemap
shot session-tables "$work/sample.xylem" --run 1 --tab tables
# The overview's findings, the run over time and its slowest call (the One call view opens on it).
shot session-overview "$work/sample.xylem" --run 1 --tab overview
shot session-overtime "$work/sample.xylem" --run 1 --tab overtime
shot session-call "$work/sample.xylem" --run 1 --tab call
shot scope-builder "$work/demo.xylem" --run 1 --tab scopes --design "$design"
echo "pictures in $out"
