#!/usr/bin/env bash
# Faulty mock engine: a clean handshake, then it never answers `go`.
[ -n "$MOCK_LOG" ] && echo "start $(basename "$0")" >> "$MOCK_LOG"
while IFS= read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
