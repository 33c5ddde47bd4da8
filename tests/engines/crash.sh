#!/usr/bin/env bash
# Faulty mock engine: a clean handshake, then it dies when asked to move.
[ -n "$MOCK_LOG" ] && echo "start $(basename "$0")" >> "$MOCK_LOG"
while IFS= read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "info string about to crash"; exit 3 ;;
    quit) exit 0 ;;
  esac
done
