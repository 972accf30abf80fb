#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the console's browser tests.
# Installs the `chromium` package with apt-get when it is missing (needs root; non-interactive).
# Never fails the build: when Chromium cannot be installed the console tests skip and say why.
set -u
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-chromium: $CHROMIUM is missing and this is not root; install Debian's chromium package (the console tests will skip)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and apt-get is not available (the console tests will skip)" >&2
  exit 0
fi
echo "ensure-chromium: installing Debian's chromium with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
if apt-get update -qq >/dev/null \
  && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null; then
  echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed" >&2
else
  echo "ensure-chromium: apt-get could not install chromium (the console tests will skip)" >&2
fi
exit 0
