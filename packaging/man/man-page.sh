#!/bin/sh
# Writes the man page of one of Xylem's programs from its own --help and --version (help2man),
# gzipped as Debian installs man pages. Called by packaging/CMakeLists.txt at build time:
#   man-page.sh PROGRAM "ONE-LINE DESCRIPTION" OUTPUT.1.gz
set -eu

if [ $# -ne 3 ]; then
    echo "usage: man-page.sh PROGRAM DESCRIPTION OUTPUT.1.gz" >&2
    exit 2
fi
program=$1
description=$2
output=$3

# The same page on every machine: English, and none of the user's GUI settings (xylem reads
# its language from them). A scratch config folder next to the output, removed on exit.
config=$(mktemp -d "${output}.config.XXXXXX")
trap 'rm -rf "$config" "$output.tmp"' EXIT
export LC_ALL=C.UTF-8 LANGUAGE='' XDG_CONFIG_HOME="$config"
# xylem-mpiloop is an MPI program: OpenMPI refuses root without these (the build may run as root).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# In a sanitizer build (preset asan) a leak report at exit would fail --help; leaks are the
# tests' business, not the man pages'.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# Run by its name, as users do: the help's usage line shows argv[0], not the build's path.
PATH="$(dirname "$program"):$PATH"
program=$(basename "$program")

# help2man takes any output as the help: a program whose --help fails would become a page of its
# error message. Both must succeed first.
for option in --help --version; do
    if ! "$program" "$option" >/dev/null 2>&1; then
        echo "man-page: '$program $option' failed; its man page needs both to exit 0" >&2
        exit 1
    fi
done

# The page is named after the program as typed: its version line is "NAME VERSION" whatever the
# program calls itself there (the GUI says "Xylem 0.1.0").
version=$("$program" --version 2>/dev/null | head -n 1 | awk '{ print $NF }')
# A program with subcommands (a "Commands:" or "Subcommands:" heading, then one indented name per
# line) gets each subcommand's own --help in a section of the page, so the page holds every option.
include=$config/include.h2m
commands=$("$program" --help 2>/dev/null | awk '
    tolower($0) ~ /^[[:space:]]*(sub)?commands:?[[:space:]]*$/ { listing = 1; next }
    listing && /^[[:space:]]+[a-z][a-z0-9_-]*([[:space:]]|$)/ { print $1; next }
    listing && !/^[[:space:]]*$/ { listing = 0 }')
if [ -n "$commands" ]; then
    echo "[COMMANDS IN DETAIL]" >>"$include"
    for command in $commands; do
        "$program" "$command" --help >/dev/null 2>&1 || continue # e.g. "help": no options
        {
            printf '.SS %s\n.nf\n' "$command"
            # roff: a backslash is \e, a line may not start with a dot or a quote.
            "$program" "$command" --help 2>/dev/null |
                sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"
            printf '.fi\n'
        } >>"$include"
    done
fi

set -- # help2man refuses an empty include file
[ -s "$include" ] && set -- --include="$include"
help2man --no-info --section=1 --name="$description" --source="Xylem $version" \
    --manual="Xylem manual" --version-string="$program $version" "$@" --output="$output.tmp" \
    "$program"
gzip -9n <"$output.tmp" >"$output"
