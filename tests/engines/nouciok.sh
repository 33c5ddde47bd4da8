#!/usr/bin/env bash
# Faulty mock engine: answers `uci` with garbage and never says uciok.
[ -n "$MOCK_LOG" ] && echo "start $(basename "$0")" >> "$MOCK_LOG"
while IFS= read -r line; do
  case "$line" in
    uci) echo "hello? ucI oK"; echo "id name confused" ;;
    quit) exit 0 ;;
  esac
done
