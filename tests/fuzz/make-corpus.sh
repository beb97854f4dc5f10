#!/usr/bin/env bash
# Regenerates tests/fuzz/corpus from the real encoders (xylem-fuzz-seeds, built in the fuzz build
# folder) and the reference data of tests/data; the /proc seeds are this machine's own files.
# Inputs kept for findings (corpus/<target>/finding-*) are left alone.
#   make-corpus.sh [BUILD_DIR]      (default build/fuzz beside the sources)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=${1:-$source_dir/build/fuzz}
if [ ! -f "$build/build.ninja" ]; then
  CC=${CC:-clang-14} CXX=${CXX:-clang++-14} cmake -S "$source_dir" -B "$build" -G Ninja \
    -DXYLEM_BUILD_FUZZERS=ON -DXYLEM_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build" --target xylem-fuzz-seeds
find "$here/corpus" -name 'seed-*' -delete 2>/dev/null || true
ASAN_OPTIONS=detect_leaks=0 "$build/tests/fuzz/xylem-fuzz-seeds" "$source_dir" "$here/corpus"

# /proc: the selector byte of fuzz_proc.cpp, then the file.
mkdir -p "$here/corpus/proc"
i=0
for f in /proc/stat /proc/net/dev /proc/meminfo; do
  { printf "\\x$(printf %02x $i)"; cat "$f"; } >"$here/corpus/proc/seed-$(basename "$f")"
  i=$((i + 1))
done
echo "make-corpus: $(find "$here/corpus" -type f | wc -l) files in $here/corpus"
