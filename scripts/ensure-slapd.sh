#!/usr/bin/env bash
# Makes sure Debian's OpenLDAP server (slapd) and ldap-utils are there for the directory tests
# (test/directory), which start their own private slapd on a temporary folder (no system service
# is used or started). Installs the packages with apt-get when slapd is missing (needs root).
# Never fails the build: without slapd the directory tests skip and say why.
set -u
if [ -x /usr/sbin/slapd ] && command -v ldapadd >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-slapd: slapd is missing and this is not root; install Debian's slapd and ldap-utils packages (the directory tests will skip)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-slapd: slapd is missing and apt-get is not available (the directory tests will skip)" >&2
  exit 0
fi
echo "ensure-slapd: installing Debian's slapd and ldap-utils with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
# The package's own service must not start: the tests run a private server.
if [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
if apt-get update -qq >/dev/null \
  && apt-get install -y -qq --no-install-recommends slapd ldap-utils >/dev/null; then
  echo "ensure-slapd: $(/usr/sbin/slapd -VV 2>&1 | head -n 1 || echo slapd) installed" >&2
else
  echo "ensure-slapd: apt-get could not install slapd and ldap-utils (the directory tests will skip)" >&2
fi
exit 0
