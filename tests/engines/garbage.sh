#!/usr/bin/env bash
# Faulty mock engine: a clean handshake, then garbage instead of a move.
[ -n "$MOCK_LOG" ] && echo "start $(basename "$0")" >> "$MOCK_LOG"
while IFS= read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) printf '\x01\xfe\xff garbage ###\n'; echo "info ???"; echo "bestmove #@!x" ;;
    quit) exit 0 ;;
  esac
done
