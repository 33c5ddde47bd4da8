#!/usr/bin/env bash
set -f
# A correct mock engine for the referee's tests: speaks the `uci` and
# `aalina` dialects and plays a random legal move. It knows no rules itself:
# it asks `$AWALE_BIN perft 1` for the legal moves of the position.
# Options: MOCK_VARIANT (default oware); MOCK_LOG: a file to append "start" to.
[ -n "$MOCK_LOG" ] && echo "start $(basename "$0")" >> "$MOCK_LOG"
variant=${MOCK_VARIANT:-oware}
moves=""
while IFS= read -r line; do
  set -- $line
  case "$1" in
    uci) echo "id name random"; echo "id author tests"; echo "uciok" ;;
    isready) echo "readyok" ;;
    ucinewgame) moves="" ;;
    position)
      moves=""
      if [ "$3" = "moves" ]; then
        shift 3
        if [ $# -eq 1 ] && [ ${#1} -gt 1 ] && [[ "$1" =~ ^[A-Fa-f]+$ ]]; then
          # Aalina's run-together moves: one letter per move.
          moves=$(echo "$1" | sed 's/./& /g')
        else
          moves="$*"
        fi
      fi ;;
    go)
      legal=$("$AWALE_BIN" perft 1 --variant "$variant" --moves "$moves" 2>/dev/null | sed -n 's/^\([^: ]*\): [0-9]*$/\1/p')
      set -- $legal
      if [ $# -eq 0 ]; then
        echo "bestmove (none)"
      else
        pick=$(( RANDOM % $# + 1 ))
        echo "info depth 1 score cp 0 nodes 1 pv ${!pick}"
        echo "bestmove ${!pick}"
      fi ;;
    quit) exit 0 ;;
  esac
done
