#!/bin/sh
# Chooses what the image runs: the gateway or one service (see infra/Dockerfile).
set -e
name="${1:-gateway}"
case "$name" in
  gateway)
    shift || true
    exec node --import tsx gateway/src/main.ts "$@" ;;
  auth|vacancy|application|rating|payment|notification)
    shift
    exec node --import tsx "services/$name/src/main.ts" "$@" ;;
  *)
    exec "$@" ;;
esac
