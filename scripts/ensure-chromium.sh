#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the console's browser tests.
exec bash "$(dirname "$0")/ensure-debian-package.sh" chromium /usr/bin/chromium "the console tests" chromium fonts-dejavu-core
