#!/usr/bin/env bash
# Is the new build stronger? Plays OLD_BINARY against NEW_BINARY until an
# SPRT decides (H1: NEW is at least ELO1 Elo stronger; H0: at most ELO0).
#
#   scripts/sprt.sh OLD_BINARY NEW_BINARY [extra awale match arguments...]
#
# Games start from the balanced openings of scripts/openings-oware.txt
# (made by scripts/make-openings.py), each played with both colours.
# Environment: AWALE (the referee, default: NEW_BINARY), NODES (a fixed
# node count per move: games independent of the machine's load), TC (a
# clock per player, BASE+INC in seconds, e.g. 4+0.04: for time management;
# when neither is set, MOVETIME ms per move, default 100), GAMES (upper
# bound, 4000),
# CONCURRENCY (2), ELO0 (0), ELO1 (5), OPENINGS (the openings file),
# RECORDS (sprt-records.txt; rerun the same command to resume), VARIANT
# (oware; another variant starts its games with RANDOM_PLIES random plies,
# default 6, drawn from SEED, default 1, unless OPENINGS names a file).
# Extra arguments go to `awale match` (e.g. --engine options are set with
# option.NAME=VALUE in ENGINE_OPTIONS, a comma-separated list added to both;
# OLD_OPTIONS and NEW_OPTIONS add to one side only, e.g.
# OLD_OPTIONS=option.OwnBook=false to test the opening book; for long
# time controls, `--adjudicate-tables DIR` ends the games that endgame
# tables up to 20 seeds settle, a fifth of the plies: BENCHMARKS.md).
# Exit status: 0 when H1 is accepted (stronger), 1 when H0 is, 2 undecided.
# `scripts/sprt.sh --help` prints this text.
set -euo pipefail
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
  # The comment block above is the one documentation: print it.
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
  exit 0
fi
if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_BINARY NEW_BINARY [awale match arguments...]" >&2
  exit 64
fi
here=$(dirname "$(realpath "$0")")
old=$(realpath "$1"); new=$(realpath "$2"); shift 2
referee=${AWALE:-$new}
extra=${ENGINE_OPTIONS:+,$ENGINE_OPTIONS}
old_extra=$extra${OLD_OPTIONS:+,$OLD_OPTIONS}
new_extra=$extra${NEW_OPTIONS:+,$NEW_OPTIONS}
if [ -n "${NODES:-}" ]; then
  limit=(--nodes "$NODES")
elif [ -n "${TC:-}" ]; then
  limit=(--tc "$TC")
else
  limit=(--movetime "${MOVETIME:-100}")
fi
variant=${VARIANT:-oware}
if [ -n "${OPENINGS:-}" ] || [ "$variant" = oware ]; then
  openings=(--openings "${OPENINGS:-$here/openings-oware.txt}")
else
  openings=(--openings-random "${RANDOM_PLIES:-6}" --seed "${SEED:-1}")
fi
out=$("$referee" match \
  --engine "cmd=$new,arg=uci,name=new$new_extra" \
  --engine "cmd=$old,arg=uci,name=old$old_extra" \
  "${limit[@]}" --games "${GAMES:-4000}" \
  --concurrency "${CONCURRENCY:-2}" \
  --variant "$variant" "${openings[@]}" \
  --sprt "elo0=${ELO0:-0},elo1=${ELO1:-5},alpha=0.05,beta=0.05" \
  --records "${RECORDS:-sprt-records.txt}" "$@" | tee /dev/stderr)
case "$out" in
  *"H1 was accepted"*) echo "new is stronger"; exit 0 ;;
  *"H0 was accepted"*) echo "new is not stronger"; exit 1 ;;
  *) echo "no decision yet"; exit 2 ;;
esac
