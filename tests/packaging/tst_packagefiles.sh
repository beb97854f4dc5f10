#!/usr/bin/env bash
# tst_packagefiles: what packaging/ adds, checked without installing anything (any user): the
# desktop file and AppStream metadata pass their validators, the MIME type compiles into a MIME
# database with the glob *.xylem and is the one the desktop file opens, the built xylem answers
# --help and --version with no display, bash completion reads the built programs' help
# (subcommands and options of xylem-cli and xylem-gsum, xylem-relay's options), and the build's
# man pages render under each program's name.
#   tst_packagefiles.sh SOURCE_DIR BUILD_DIR XYLEM XYLEM_CLI XYLEM_GSUM XYLEM_RELAY
set -uo pipefail

source_dir=$1 build=$2 xylem=$3 cli=$4 gsum=$5 relay=$6
packaging=$source_dir/packaging
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() { echo "PASS: $*"; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tst_packagefiles.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

desktop=$packaging/org.xylem.Xylem.desktop
if out=$(desktop-file-validate "$desktop" 2>&1) && [ -z "$out" ]; then
    pass "desktop-file-validate: clean"
else
    fail "desktop-file-validate: $out"
fi
if out=$(appstreamcli validate --no-net "$packaging/org.xylem.Xylem.metainfo.xml" 2>&1); then
    pass "appstreamcli validate --no-net: $(tail -n 1 <<<"$out")"
else
    fail "appstreamcli validate --no-net: $out"
fi

mkdir -p "$scratch/mime/packages"
cp "$packaging/xylem-mime.xml" "$scratch/mime/packages/xylem.xml"
if update-mime-database "$scratch/mime" >"$scratch/mime.log" 2>&1 &&
    grep -q 'pattern="\*\.xylem"' "$scratch/mime/application/x-xylem-session.xml" &&
    grep -qx 'application/x-xylem-session:\*\.xylem' "$scratch/mime/globs"; then
    pass "the MIME type compiles: application/x-xylem-session for *.xylem"
else
    cat "$scratch/mime.log"
    fail "update-mime-database did not make application/x-xylem-session with the glob *.xylem"
fi
if grep -qx 'MimeType=application/x-xylem-session;' "$desktop" && grep -q '^Exec=xylem %f$' "$desktop"; then
    pass "the desktop file opens application/x-xylem-session with xylem FILE"
else
    fail "the desktop file's MimeType or Exec do not open application/x-xylem-session with xylem"
fi

# No display, no platform asked for: help and version must not need one.
nodisplay=(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM XDG_CONFIG_HOME="$scratch/config")
if out=$("${nodisplay[@]}" "$xylem" --help 2>&1) && grep -q -- '--screenshot' <<<"$out"; then
    pass "xylem --help without a display"
else
    fail "xylem --help without a display said: $out"
fi
if out=$("${nodisplay[@]}" "$xylem" --version 2>&1) && grep -qE '^Xylem [0-9]+\.[0-9]+' <<<"$out"; then
    pass "xylem --version without a display: $out"
else
    fail "xylem --version without a display said: $out"
fi

# complete WORD... : what the completion offers for the last word, on one line.
complete_words() {
    PATH="$(dirname "$cli"):$(dirname "$gsum"):$(dirname "$relay"):$PATH" bash -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _xylem_complete; echo "${COMPREPLY[*]}"' _ "$packaging/completion/xylem.bash" "$@"
}
expect_completion() { # expect_completion WANTED... -- WORD...
    local wanted=() got
    while [ "$1" != -- ]; do wanted+=("$1"); shift; done
    shift
    got=$(complete_words "$@")
    for w in "${wanted[@]}"; do
        grep -qw -- "$w" <<<"$got" || { fail "completing '$*' offered '$got', not $w"; return; }
    done
    pass "completing '$*' offers ${wanted[*]}"
}
expect_completion analyze import info export -- xylem-cli ""
expect_completion --json --tree --trace -- xylem-cli analyze --
expect_completion launch run -- xylem-gsum ""
expect_completion --parent --node -- xylem-relay --
if (cd "$source_dir/resources/examples" && complete_words xylem-cli analyze --tree two) |
    grep -qw two-hosts.tree.json; then
    pass "completing a file after --tree"
else
    fail "completing 'xylem-cli analyze --tree two' offered no file"
fi

for program in xylem xylem-cli xylem-collector xylem-relay xylem-gsum xylem-mpiloop; do
    page=$build/packaging/man/$program.1.gz
    if out=$(LC_ALL=C MANWIDTH=80 man -l "$page" 2>&1) && grep -qE "^ +$program +- " <<<"$out"; then
        pass "man page of $program"
    else
        fail "no man page of $program at $page ($(head -n 3 <<<"$out"))"
    fi
done

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all checks passed"
