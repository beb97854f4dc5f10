# bash completion for Xylem's programs: xylem, xylem-cli, xylem-collector, xylem-relay,
# xylem-gsum and xylem-mpiloop (installed once per program name under
# share/bash-completion/completions). It asks the program's own --help at completion time, so
# it knows every option and subcommand the installed version has and never goes stale. The
# help is read loosely, whatever its layout: an option is any word starting with "--", a
# subcommand is a name listed under a "Subcommands:" heading or written as "PROGRAM NAME" in a
# usage line.

# The help text of "$@ --help", bounded in time: completion must never hang the shell.
_xylem_help()
{
    if command -v timeout >/dev/null 2>&1; then
        timeout 3 "$@" --help 2>&1
    else
        "$@" --help 2>&1
    fi
}

# Every "--option" the help names, once each.
_xylem_options()
{
    grep -oE -- '(^|[^[:alnum:]-])--[[:alnum:]][[:alnum:]_-]*' | grep -oE -- '--[[:alnum:]][[:alnum:]_-]*' |
        sort -u
}

# The subcommands of program $1 (its base name) in the help on standard input.
_xylem_subcommands()
{
    awk -v program="$1" '
        # CLI11 and most parsers: a "Subcommands:" heading, then one indented name per line.
        tolower($0) ~ /^[[:space:]]*(sub)?commands:?[[:space:]]*$/ { listing = 1; next }
        listing && /^[[:space:]]+[a-z][a-z0-9_-]*([[:space:]]|$)/ { print $1; next }
        listing && !/^[[:space:]]*$/ { listing = 0 }
        # Usage lines: "program NAME ..." or "program a | b | c".
        {
            for (i = 1; i < NF; ++i) {
                if ($i != program) continue
                for (j = i + 1; j <= NF; ++j) {
                    if ($j == "|") continue
                    if ($j ~ /^[a-z][a-z0-9_-]*$/) print $j
                    if (j + 1 > NF || $(j + 1) != "|") break
                }
            }
        }' | sort -u
}

# True when option $1 takes a value according to the help on standard input: it is written
# "--option VALUE", "--option=VALUE" or "--option <value>" somewhere.
_xylem_takes_value()
{
    grep -qE -- "(^|[^[:alnum:]-])$1([ =]([A-Z]|<|[[:alnum:]_]+\.[[:alnum:]])|\\[=)"
}

_xylem_complete()
{
    local cur=${COMP_WORDS[COMP_CWORD]}
    local prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    local program=${COMP_WORDS[0]}
    local name=${program##*/}
    COMPREPLY=()

    local top
    top=$(_xylem_help "$program") || true
    local subcommands
    subcommands=$(printf '%s\n' "$top" | _xylem_subcommands "$name")

    # The subcommand already typed, if any: its own help knows its options.
    local command=() i
    for ((i = 1; i < COMP_CWORD; ++i)); do
        if [[ ${COMP_WORDS[i]} != -* ]] && grep -qxF -- "${COMP_WORDS[i]}" <<<"$subcommands"; then
            command=("${COMP_WORDS[i]}")
            break
        fi
    done
    local help=$top
    if ((${#command[@]})); then
        help=$(_xylem_help "$program" "${command[@]}") || true
    fi

    # --option=VALUE: a file name after the "=" (bash splits the "=" into a word of its own)
    if [[ $prev == "=" ]]; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return 0
    fi
    if [[ $cur == --*=* ]]; then
        mapfile -t COMPREPLY < <(compgen -f -- "${cur#*=}")
        return 0
    fi
    if [[ $prev == -* ]] && printf '%s\n' "$help" | _xylem_takes_value "$prev"; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return 0
    fi
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(printf '%s\n' "$help" | _xylem_options)" -- "$cur")
        return 0
    fi
    if ((${#command[@]} == 0)) && [[ -n $subcommands ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$subcommands" -- "$cur")
        ((${#COMPREPLY[@]})) && return 0
    fi
    mapfile -t COMPREPLY < <(compgen -f -- "$cur") # a session or configuration file
    return 0
}

complete -o filenames -F _xylem_complete xylem xylem-cli xylem-collector xylem-relay xylem-gsum \
    xylem-mpiloop
