#!/usr/bin/env bash
# Compares `awale bench` runs side by side on a noisy machine: each command
# is run ROUNDS times, the commands alternating, and the median and least
# search time (nodes / nodes-per-second, as bench prints them) are reported
# for the whole bench and for each variant's part.
#
# Usage: scripts/bench-compare.sh ROUNDS 'LABEL=COMMAND' ...
# Example (two threads against one, same binary):
#   scripts/bench-compare.sh 9 \
#     't1=target/release/awale bench --threads 1' \
#     't2=target/release/awale bench --threads 2'
set -euo pipefail

if [[ $# -lt 2 || ! $1 =~ ^[0-9]+$ ]]; then
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
rounds=$1
shift

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for ((r = 1; r <= rounds; r++)); do
    i=0
    for spec in "$@"; do
        cmd=${spec#*=}
        # The last lines are "<variant>: <nodes> nodes <nps> nps" and
        # "<nodes> nodes <nps> nps"; milliseconds = nodes / nps * 1000.
        bash -c "$cmd" 2>/dev/null | awk -v dir="$out" -v i="$i" '
            /^[a-z0-9]+: [0-9]+ nodes [0-9]+ nps$/ {
                sub(":", "", $1)
                printf "%.1f\n", $2 / $4 * 1000 >> (dir "/" i "." $1)
            }
            /^[0-9]+ nodes [0-9]+ nps$/ {
                printf "%.1f\n", $1 / $3 * 1000 >> (dir "/" i ".total")
            }'
        i=$((i + 1))
    done
done

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
least() { sort -n "$1" | head -1; }

i=0
for spec in "$@"; do
    label=${spec%%=*}
    if [[ ! -s $out/$i.total ]]; then
        echo "$label: no bench total in the output of: ${spec#*=}" >&2
        exit 1
    fi
    line=$(printf '%-12s total median %7.1f ms  least %7.1f ms' "$label" "$(median "$out/$i.total")" "$(least "$out/$i.total")")
    for part in "$out/$i".*; do
        name=${part##*/$i.}
        [[ $name == total ]] && continue
        line+=$(printf '  %s %.1f' "$name" "$(median "$part")")
    done
    echo "$line"
    i=$((i + 1))
done
