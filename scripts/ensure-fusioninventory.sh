#!/usr/bin/env bash
# Makes sure Debian's FusionInventory agent is there for the inventory test (test/inventory), which
# runs the real agent once in the foreground against a Deskbase it starts (no daemon is started).
# Never fails the build: without the agent the real-agent test skips and says why.
exec bash "$(dirname "$0")/apt-ensure.sh" ensure-fusioninventory 'the real-agent test' fusioninventory-agent /usr/bin/fusioninventory-agent
