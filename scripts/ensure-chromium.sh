#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the console's browser tests.
# Installs the `chromium` package with apt-get when it is missing (needs root; non-interactive).
# Never fails the build: when Chromium cannot be installed the console tests skip and say why.
exec bash "$(dirname "$0")/apt-ensure.sh" ensure-chromium 'the console tests' 'chromium fonts-dejavu-core' /usr/bin/chromium
