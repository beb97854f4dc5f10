#!/usr/bin/env bash
# tst_package: builds the Debian package with CPack from the build folder, installs it with
# dpkg -i on this machine and uses what was installed: xylem-cli --version, xylem-cli analyze on
# the installed example, xylem-cli mpi over mpirun and xylem-mpiloop (the installed interposer),
# the man pages (man -w), the desktop file and AppStream metadata (their validators), the MIME
# type and the desktop database the package's triggers made, bash completion against the
# installed binary, and xylem --version with no display. The package is removed (dpkg -r) at
# the end, whether the steps passed or not.
#   tst_package.sh BUILD_DIR VERSION
# Exit 0 passed, 1 failed, 77 skipped (not root: dpkg -i needs root).
set -uo pipefail

build=${1:?usage: tst_package.sh BUILD_DIR VERSION}
version=${2:?usage: tst_package.sh BUILD_DIR VERSION}

if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: installing the package needs root (dpkg -i); run the test as root"
    exit 77
fi

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() { echo "PASS: $*"; }
installed() { dpkg-query -W -f='${Status}' xylem 2>/dev/null | grep -q 'install ok installed'; }
# dpkg -r, then --purge: the package has maintainer scripts (ldconfig), so dpkg -r alone keeps a
# "config-files" record of it.
uninstall() { dpkg -r xylem && dpkg --purge xylem; }
known() { dpkg-query -W xylem >/dev/null 2>&1; }

# One install test at a time on this machine (dpkg has one database), whoever runs it.
exec 9>/tmp/xylem-package-test.lock
flock -w 1800 9 || { echo "FAIL: another package test held /tmp/xylem-package-test.lock 30 min"; exit 1; }

if known; then
    echo "FAIL: dpkg knows a xylem package already ($(dpkg-query -W -f='${Status}' xylem));" \
        "this test would replace and remove it"
    exit 1
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tst_package.XXXXXX")
cleanup() {
    if known; then
        uninstall >"$scratch/remove.log" 2>&1 || { echo "FAIL: dpkg -r xylem"; cat "$scratch/remove.log"; }
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP # through cleanup

# The package, built into the scratch folder so a user's own cpack in the build folder is not
# disturbed; under the build lock, so no program is relinked while it is copied.
echo "building the package (cpack -G DEB)"
if ! (cd "$build" && flock -w 1800 /tmp/xylem-build.lock cpack -G DEB -B "$scratch/cpack") \
    >"$scratch/cpack.log" 2>&1; then
    tail -n 30 "$scratch/cpack.log"
    echo "FAIL: cpack -G DEB"
    exit 1
fi
deb=$(find "$scratch/cpack" -maxdepth 1 -name 'xylem_*.deb' | head -n 1)
[ -n "$deb" ] || { echo "FAIL: cpack made no xylem_*.deb"; exit 1; }
pass "built $(basename "$deb") ($(du -h "$deb" | cut -f1))"

# What the package holds and what it depends on, before installing it.
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
contents=$(dpkg-deb -c "$deb" | awk '{ print $NF }' | sed 's|^\./|/|')
for path in /usr/bin/xylem /usr/bin/xylem-cli /usr/bin/xylem-collector /usr/bin/xylem-relay \
    /usr/bin/xylem-gsum /usr/bin/xylem-mpiloop \
    "/usr/lib/$multiarch/xylem/libxylem-mpi.so" "/usr/lib/$multiarch/xylem/libxylem-example-filters.so" \
    /usr/share/xylem/examples/two-hosts.tree.json /usr/share/xylem/sessions/sample.xylem \
    /usr/share/applications/org.xylem.Xylem.desktop /usr/share/metainfo/org.xylem.Xylem.metainfo.xml \
    /usr/share/mime/packages/xylem.xml /usr/share/icons/hicolor/scalable/apps/xylem.svg \
    /usr/share/man/man1/xylem.1.gz /usr/share/man/man1/xylem-cli.1.gz \
    /usr/share/bash-completion/completions/xylem-cli; do
    grep -qxF "$path" <<<"$contents" || fail "the package lacks $path"
done
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
grep -q 'libqt6widgets6' <<<"$depends" || fail "Depends misses libqt6widgets6 (dpkg-shlibdeps did not run?)"
grep -q 'openmpi-bin' <<<"$depends" || fail "Depends misses openmpi-bin"
if grep -qE '(^|[ ,])[a-z0-9.+-]+-dev([ ,(]|$)' <<<"$depends"; then
    fail "Depends names a -dev package: runtime dependencies only"
fi

echo "installing (dpkg -i)"
if ! dpkg -i "$deb" >"$scratch/install.log" 2>&1; then
    cat "$scratch/install.log"
    echo "FAIL: dpkg -i $(basename "$deb")"
    exit 1
fi
pass "dpkg -i"

if out=$(/usr/bin/xylem-cli --version 2>&1) && grep -qF "$version" <<<"$out"; then
    pass "xylem-cli --version: $out"
else
    fail "/usr/bin/xylem-cli --version said '$out' (wanted $version, exit 0)"
fi

examples=/usr/share/xylem/examples
if /usr/bin/xylem-cli analyze --tree "$examples/two-hosts.tree.json" \
    --trace "$examples/two-hosts.trace.csv" --json >"$scratch/report.json" 2>"$scratch/analyze.err" &&
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); sys.exit(0 if r["calls"] == 3 else 1)' \
        "$scratch/report.json"; then
    pass "xylem-cli analyze on the installed example: 3 calls"
else
    cat "$scratch/analyze.err"
    fail "xylem-cli analyze on $examples/two-hosts.*"
fi

# The installed stack records an MPI program: xylem-cli mpi finds the installed interposer (in
# lib/MULTIARCH/xylem, from its own folder), collector and relay, and stores the ranks' calls.
if timeout 120 /usr/bin/xylem-cli mpi -o "$scratch/mpi.xylem" -- mpirun --allow-run-as-root \
    --oversubscribe -np 2 /usr/bin/xylem-mpiloop --iterations 200 >"$scratch/mpi.log" 2>&1 &&
    grep -q 'MPI_Allreduce: 400' "$scratch/mpi.log"; then
    pass "xylem-cli mpi with the installed interposer: $(grep -o '[0-9]* ranks, .* MPI calls' "$scratch/mpi.log")"
else
    tail -n 20 "$scratch/mpi.log"
    fail "xylem-cli mpi -- mpirun -np 2 xylem-mpiloop with the installed programs"
fi

for program in xylem xylem-cli xylem-collector xylem-relay xylem-gsum xylem-mpiloop; do
    page=$(man -w "$program" 2>&1)
    if [ "$page" = "/usr/share/man/man1/$program.1.gz" ]; then
        pass "man -w $program: $page"
    else
        fail "man -w $program said '$page'"
    fi
done

if out=$(desktop-file-validate /usr/share/applications/org.xylem.Xylem.desktop 2>&1) && [ -z "$out" ]; then
    pass "desktop-file-validate: clean"
else
    fail "desktop-file-validate: $out"
fi
if out=$(appstreamcli validate --no-net /usr/share/metainfo/org.xylem.Xylem.metainfo.xml 2>&1); then
    pass "appstreamcli validate --no-net: $(tail -n 1 <<<"$out")"
else
    fail "appstreamcli validate --no-net: $out"
fi

# The triggers of shared-mime-info and desktop-file-utils ran: *.xylem is a type, opened by xylem.
if grep -qs 'pattern="\*\.xylem"' /usr/share/mime/application/x-xylem-session.xml; then
    pass "MIME database knows application/x-xylem-session (*.xylem)"
else
    fail "update-mime-database made no application/x-xylem-session"
fi
if grep -qs '^application/x-xylem-session=.*org\.xylem\.Xylem\.desktop' /usr/share/applications/mimeinfo.cache; then
    pass "the desktop database opens application/x-xylem-session with xylem"
else
    fail "mimeinfo.cache names no application for application/x-xylem-session"
fi

# Completion asks the installed program: xylem-cli's subcommands, and analyze's own options.
completion=$(bash -c '
    source /usr/share/bash-completion/completions/xylem-cli
    COMP_WORDS=(xylem-cli ""); COMP_CWORD=1; _xylem_complete; echo "${COMPREPLY[*]}"
    COMP_WORDS=(xylem-cli analyze --); COMP_CWORD=2; _xylem_complete; echo "${COMPREPLY[*]}"' 2>&1)
if grep -qw analyze <<<"$(head -n 1 <<<"$completion")" &&
    grep -qw -- '--json' <<<"$(tail -n 1 <<<"$completion")"; then
    pass "bash completion: $(head -n 1 <<<"$completion" | cut -c1-60)..."
else
    fail "bash completion of xylem-cli said: $completion"
fi

# The desktop application answers --version on a machine without a display.
if out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM /usr/bin/xylem --version 2>&1) &&
    grep -qF "$version" <<<"$out"; then
    pass "xylem --version without a display: $out"
else
    fail "xylem --version without a display said '$out'"
fi

echo "removing (dpkg -r)"
if uninstall >"$scratch/remove.log" 2>&1 && ! known && [ ! -e /usr/bin/xylem-cli ] &&
    [ ! -e /usr/share/mime/application/x-xylem-session.xml ]; then
    pass "dpkg -r: no xylem left"
else
    cat "$scratch/remove.log"
    fail "dpkg -r xylem left it installed"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all checks passed"
