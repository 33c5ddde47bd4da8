#!/usr/bin/env bash
set -f
# Faulty mock engine: always plays a hole of its opponent (a well-formed but
# illegal move).
[ -n "$MOCK_LOG" ] && echo "start $(basename "$0")" >> "$MOCK_LOG"
count=0
while IFS= read -r line; do
  set -- $line
  case "$1" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    position) if [ "$3" = "moves" ]; then count=$(( $# - 3 )); else count=0; fi ;;
    go) if [ $(( count % 2 )) -eq 0 ]; then echo "bestmove a"; else echo "bestmove A"; fi ;;
    quit) exit 0 ;;
  esac
done
