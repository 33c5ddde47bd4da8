#!/usr/bin/env bash
# Is the new build stronger? Plays OLD_BINARY against NEW_BINARY until an
# SPRT decides (H1: NEW is at least ELO1 Elo stronger; H0: at most ELO0).
#
#   scripts/sprt.sh OLD_BINARY NEW_BINARY [extra awale match arguments...]
#
# Environment: AWALE (the referee, default: NEW_BINARY), MOVETIME (ms, 50),
# GAMES (upper bound, 2000), CONCURRENCY (1), ELO0 (0), ELO1 (10),
# RECORDS (sprt-records.txt; rerun the same command to resume).
# Exit status: 0 when H1 is accepted (stronger), 1 when H0 is, 2 undecided.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_BINARY NEW_BINARY [awale match arguments...]" >&2
  exit 64
fi
old=$(realpath "$1"); new=$(realpath "$2"); shift 2
referee=${AWALE:-$new}
out=$("$referee" match \
  --engine "cmd=$new,arg=uci,name=new" \
  --engine "cmd=$old,arg=uci,name=old" \
  --movetime "${MOVETIME:-50}" --games "${GAMES:-2000}" \
  --concurrency "${CONCURRENCY:-1}" --openings-random 4 \
  --sprt "elo0=${ELO0:-0},elo1=${ELO1:-10},alpha=0.05,beta=0.05" \
  --records "${RECORDS:-sprt-records.txt}" "$@" | tee /dev/stderr)
case "$out" in
  *"H1 was accepted"*) echo "new is stronger"; exit 0 ;;
  *"H0 was accepted"*) echo "new is not stronger"; exit 1 ;;
  *) echo "no decision yet"; exit 2 ;;
esac
