#!/usr/bin/env bash
# Measures the strength ladder: each step against the one below it with
# the referee (`awale match`), from balanced openings with both colours,
# every move a search of at most NODES nodes; prints a Markdown table of
# the results and the ratings they give, the random mover (step 0) at 0.
#
#   scripts/ladder.sh [AWALE_BINARY]      (default: target/release/awale)
#
# Environment: GAMES per pair (200), NODES (50000), FROM and TO (the
# pairs FROM-1 v FROM up to TO-1 v TO; 1 and the top step), CONCURRENCY
# (2), VARIANT (oware; another variant starts its games with 6 random
# plies drawn from SEED, default 1), OPENINGS (the openings file of
# oware), RECORDS (a directory, ladder-records/: rerun the same command
# to resume). `scripts/ladder.sh --help` prints this text.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
  exit 0
fi
here=$(dirname "$(realpath "$0")")
awale=$(realpath "${1:-$here/../target/release/awale}")
top=$(echo uci | "$awale" uci | sed -n 's/^option name Skill type spin .* max \([0-9]*\).*/\1/p')
[ -n "$top" ] || { echo "$awale lists no Skill option" >&2; exit 1; }
from=${FROM:-1}; to=${TO:-$top}
variant=${VARIANT:-oware}
if [ -n "${OPENINGS:-}" ] || [ "$variant" = oware ]; then
  openings=(--openings "${OPENINGS:-$here/openings-oware.txt}")
else
  openings=(--openings-random 6 --seed "${SEED:-1}")
fi
records=${RECORDS:-ladder-records}
mkdir -p "$records"
echo "| step | against the step below (W-L-D) | score | Elo | rating |"
echo "|---:|---|---:|---:|---:|"
rating=0
for ((n = from; n <= to; n++)); do
  out=$("$awale" match \
    --engine "cmd=$awale,arg=uci,name=step$n,option.Skill=$n" \
    --engine "cmd=$awale,arg=uci,name=step$((n - 1)),option.Skill=$((n - 1))" \
    --nodes "${NODES:-50000}" --games "${GAMES:-200}" \
    --concurrency "${CONCURRENCY:-2}" --variant "$variant" "${openings[@]}" \
    --records "$records/$variant-$n.txt" 2>/dev/null)
  score=$(grep '^Score of' <<<"$out" | sed 's/.*: \([0-9]* - [0-9]* - [0-9]*\) *\[\([0-9.]*\)\].*/\1 \2/')
  elo=$(grep '^Elo difference' <<<"$out" | sed 's/Elo difference: \([-0-9.inf]*\) +\/- \([0-9.inf]*\).*/\1 \2/')
  read -r wins _ losses _ draws fraction <<<"$score"
  read -r diff margin <<<"$elo"
  rating=$(awk -v r="$rating" -v d="$diff" 'BEGIN { printf "%.0f", r + d }')
  printf '| %d | %s-%s-%s | %s | %+.0f ± %.0f | %s |\n' \
    "$n" "$wins" "$losses" "$draws" "$fraction" "$diff" "$margin" "$rating"
done
