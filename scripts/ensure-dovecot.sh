#!/usr/bin/env bash
# Makes sure Debian's Dovecot IMAP server is there for the mail collector tests (test/mail), which
# start their own private server on a throwaway Maildir (test/support/dovecot.ts); installs the
# `dovecot-imapd` package when it is missing (needs root). Never fails the build.
exec bash "$(dirname "$0")/apt-ensure.sh" ensure-dovecot 'the mail tests' dovecot-imapd /usr/sbin/dovecot /usr/lib/dovecot/imap
