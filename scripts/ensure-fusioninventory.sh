#!/usr/bin/env bash
# Makes sure Debian's FusionInventory agent is there for the inventory test (test/inventory), which runs
# the real agent once in the foreground against a Deskbase it starts (no system service is used or started).
# Installs the `fusioninventory-agent` package with apt-get when the agent is missing (needs root).
# Never fails the build: without the agent the real-agent test skips and says why.
set -u
if command -v fusioninventory-agent >/dev/null 2>&1 || [ -x /usr/bin/fusioninventory-agent ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-fusioninventory: fusioninventory-agent is missing and this is not root; install Debian's fusioninventory-agent package (the real-agent test will skip)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-fusioninventory: fusioninventory-agent is missing and apt-get is not available (the real-agent test will skip)" >&2
  exit 0
fi
echo "ensure-fusioninventory: installing Debian's fusioninventory-agent with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
# The package's own daemon must not start: the test runs the agent once in the foreground.
if [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
if apt-get update -qq >/dev/null \
  && apt-get install -y -qq --no-install-recommends fusioninventory-agent >/dev/null; then
  echo "ensure-fusioninventory: $(fusioninventory-agent --version 2>/dev/null | head -n 1 || echo fusioninventory-agent) installed" >&2
else
  echo "ensure-fusioninventory: apt-get could not install fusioninventory-agent (the real-agent test will skip)" >&2
fi
exit 0
