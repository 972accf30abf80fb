#!/usr/bin/env bash
# Makes sure a real component the tests need is there: installs its Debian packages with apt-get,
# non-interactively, when its program is missing (needs root). The package's own service is not
# started (the tests run private instances). Never fails the build: without the program the tests
# that need it skip and say why.
# Usage: ensure-debian-package.sh <name> <program path> <what skips without it> <package>...
set -u
NAME=$1 PROGRAM=$2 SKIPS=$3
shift 3
if [ -x "$PROGRAM" ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-$NAME: $PROGRAM is missing and this is not root; install Debian's $* package ($SKIPS will skip)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-$NAME: $PROGRAM is missing and apt-get is not available ($SKIPS will skip)" >&2
  exit 0
fi
echo "ensure-$NAME: installing Debian's $* with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
if [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
if apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "$@" >/dev/null; then
  echo "ensure-$NAME: $("$PROGRAM" --version 2>/dev/null | head -n 1 || echo "$1") installed" >&2
else
  echo "ensure-$NAME: apt-get could not install $* ($SKIPS will skip)" >&2
fi
exit 0
