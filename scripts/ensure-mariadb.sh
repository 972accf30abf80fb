#!/usr/bin/env bash
# Makes sure Debian's MariaDB server binaries are there for the import tests (test/import), which
# start their own private server on a temporary folder (no system service is used or started).
# Installs the `mariadb-server` package with apt-get when mariadbd is missing (needs root).
# Never fails the build: without MariaDB the import tests skip and say why.
exec bash "$(dirname "$0")/apt-ensure.sh" ensure-mariadb 'the import tests' mariadb-server /usr/sbin/mariadbd
