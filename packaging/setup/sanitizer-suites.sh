#!/usr/bin/env bash
# CI's sanitizer stage (test.sh runs it after the ci build's tests): builds the suites labelled
# `untrusted` under ASan + UBSan (the asan preset) and those labelled `threads` under TSan (the
# tsan preset) -- the lists are in cmake/sanitizersuites.cmake -- runs them, and fails on any
# sanitizer report, also one written by a daemon a suite starts (xylem-collector, xylem-relay),
# which the suite itself might not notice: every report goes to a file, and any file fails.
# Only those suites and what they link are built: every suite under both sanitizers does not
# fit CI's time on two cores.
#   sanitizer-suites.sh            both groups
#   sanitizer-suites.sh asan|tsan  one of them
# The builds go to build/ci-asan and build/ci-tsan (the presets with less debug information and
# gold, to build faster), not to the developers' build/asan.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
jobs=$(nproc)

# run_group <preset> <label>: configure, build the label's suites, run them, check the reports.
run_group() {
  local preset=$1 label=$2
  local dir=build/ci-$preset reports
  reports=$root/$dir/sanitizer-reports
  local started=$SECONDS
  cmake --preset "$preset" -B "$dir" -DCMAKE_CXX_FLAGS_DEBUG=-g1 \
    -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=gold -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=gold \
    -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=gold >/dev/null
  local suites
  mapfile -t suites < <(ctest --test-dir "$dir" -L "^$label\$" -N | sed -n 's/^ *Test *#[0-9]*: //p')
  if [ ${#suites[@]} -eq 0 ]; then
    echo "sanitizer-suites: no suite has the label '$label' in $dir" >&2
    return 1
  fi
  echo "sanitizer-suites: $preset: ${#suites[@]} suites labelled $label"
  cmake --build "$dir" --target xylem-leakcheck "${suites[@]}"
  rm -rf "$reports"
  mkdir -p "$reports"
  local status=0
  ASAN_OPTIONS="log_path=$reports/asan:detect_leaks=1" \
    UBSAN_OPTIONS="log_path=$reports/ubsan:print_stacktrace=1:halt_on_error=1" \
    TSAN_OPTIONS="log_path=$reports/tsan:halt_on_error=1:suppressions=$root/tests/tsan.supp" \
    ctest --test-dir "$dir" -L "^$label\$" --output-on-failure --parallel "$jobs" || status=1
  if [ -n "$(ls -A "$reports")" ]; then
    echo "sanitizer-suites: $preset reported (files in $reports):" >&2
    cat "$reports"/* >&2
    status=1
  fi
  echo "sanitizer-suites: $preset stage took $((SECONDS - started)) s"
  return $status
}

case "${1:-}" in
  "") groups=(asan tsan) ;;
  asan | tsan) groups=("$1") ;;
  *)
    echo "sanitizer-suites: unknown argument '$1' (none runs both; asan; tsan)" >&2
    exit 2
    ;;
esac

status=0
for preset in "${groups[@]}"; do
  case $preset in
    asan) run_group asan untrusted || status=1 ;;
    tsan) run_group tsan threads || status=1 ;;
  esac
done
exit $status
