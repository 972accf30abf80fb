#!/usr/bin/env bash
# Makes sure Debian's FusionInventory agent is there for the inventory test (test/inventory), which
# runs the real agent once in the foreground against a Deskbase it starts (no daemon is started).
exec bash "$(dirname "$0")/ensure-debian-package.sh" fusioninventory /usr/bin/fusioninventory-agent "the real-agent test" fusioninventory-agent
