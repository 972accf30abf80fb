#!/usr/bin/env bash
# Makes sure Debian's Dovecot IMAP server binaries are there for the mail collector tests (test/mail),
# which start their own private server on a throwaway Maildir (no system service is used or started).
# Installs the `dovecot-imapd` package with apt-get when dovecot is missing (needs root).
# Never fails the build: without Dovecot the mail tests skip and say why.
set -u
if [ -x /usr/sbin/dovecot ] && [ -x /usr/lib/dovecot/imap ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-dovecot: dovecot is missing and this is not root; install Debian's dovecot-imapd package (the mail tests will skip)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-dovecot: dovecot is missing and apt-get is not available (the mail tests will skip)" >&2
  exit 0
fi
echo "ensure-dovecot: installing Debian's dovecot-imapd with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
# The package's own service must not start: the tests run a private server.
if [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
if apt-get update -qq >/dev/null \
  && apt-get install -y -qq --no-install-recommends dovecot-imapd >/dev/null; then
  echo "ensure-dovecot: $(/usr/sbin/dovecot --version 2>/dev/null || echo dovecot) installed" >&2
else
  echo "ensure-dovecot: apt-get could not install dovecot-imapd (the mail tests will skip)" >&2
fi
exit 0
