#!/usr/bin/env bash
# Makes sure Debian's MariaDB server binaries are there for the import tests (test/import), which
# start their own private server on a temporary folder (no system service is used or started).
# Installs the `mariadb-server` package with apt-get when mariadbd is missing (needs root).
# Never fails the build: without MariaDB the import tests skip and say why.
set -u
if command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-mariadb: mariadbd is missing and this is not root; install Debian's mariadb-server package (the import tests will skip)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-mariadb: mariadbd is missing and apt-get is not available (the import tests will skip)" >&2
  exit 0
fi
echo "ensure-mariadb: installing Debian's mariadb-server with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
# The package's own service must not start: the tests run a private server.
if [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
if apt-get update -qq >/dev/null \
  && apt-get install -y -qq --no-install-recommends mariadb-server >/dev/null; then
  echo "ensure-mariadb: $(/usr/sbin/mariadbd --version 2>/dev/null || echo mariadbd) installed" >&2
else
  echo "ensure-mariadb: apt-get could not install mariadb-server (the import tests will skip)" >&2
fi
exit 0
