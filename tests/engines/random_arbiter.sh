#!/usr/bin/env bash
set -f
# A correct mock engine speaking the class-harness (arbiter) line protocol:
# START or the opponent's move in, its own random legal move out.
variant=${MOCK_VARIANT:-oware}
moves=""
while IFS= read -r line; do
  case "$line" in
    *RESULT*) exit 0 ;;
    START) ;;
    *) moves="$moves $line" ;;
  esac
  legal=$("$AWALE_BIN" perft 1 --variant "$variant" --moves "$moves" 2>/dev/null | sed -n 's/^\([^: ]*\): [0-9]*$/\1/p')
  set -- $legal
  [ $# -eq 0 ] && exit 0
  pick=$(( RANDOM % $# + 1 ))
  echo "${!pick}"
  moves="$moves ${!pick}"
done
