#!/bin/sh
# Chooses what the image runs: the gateway or one service, as a JavaScript bundle built by
# scripts/build-server.mjs (see infra/Dockerfile).
set -e
name="${1:-gateway}"
case "$name" in
  gateway)
    shift || true
    exec node --enable-source-maps dist/server/gateway.js "$@" ;;
  auth|vacancy|application|rating|payment|notification)
    shift
    exec node --enable-source-maps "dist/server/$name.js" "$@" ;;
  *)
    exec "$@" ;;
esac
