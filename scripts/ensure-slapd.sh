#!/usr/bin/env bash
# Makes sure Debian's OpenLDAP server (slapd) and ldap-utils are there for the directory tests
# (test/directory), which start their own private slapd on a temporary folder (no system service
# is used or started). Never fails the build: without slapd the directory tests skip and say why.
exec bash "$(dirname "$0")/apt-ensure.sh" ensure-slapd 'the directory tests' 'slapd ldap-utils' /usr/sbin/slapd /usr/bin/ldapadd
