#!/usr/bin/env bash
# Installs Debian packages with apt-get when a file they provide is missing, for the tests that
# start a real component of their own (no system service is started: a policy-rc.d refuses it).
#   bash scripts/apt-ensure.sh <name> <what skips without it> '<package> [<package>…]' <file>...
# Needs root to install. Never fails the build: without the package, the tests skip and say why.
set -u
NAME=$1 SKIPS=$2 PACKAGE=$3
shift 3
missing=0
for file in "$@"; do [ -e "$file" ] || missing=1; done
[ "$missing" = 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  echo "$NAME: $PACKAGE is missing and this is not root; install Debian's $PACKAGE package ($SKIPS will skip)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$NAME: $PACKAGE is missing and apt-get is not available ($SKIPS will skip)" >&2
  exit 0
fi
echo "$NAME: installing Debian's $PACKAGE with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
if [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
# shellcheck disable=SC2086 # the package list splits on spaces
if apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends $PACKAGE >/dev/null; then
  echo "$NAME: $PACKAGE installed" >&2
else
  echo "$NAME: apt-get could not install $PACKAGE ($SKIPS will skip)" >&2
fi
exit 0
