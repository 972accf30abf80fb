#!/usr/bin/env bash
# Makes sure Debian's MariaDB server binaries are there for the import tests (test/import), which
# start their own private server on a temporary folder (no system service is used or started).
exec bash "$(dirname "$0")/ensure-debian-package.sh" mariadb /usr/sbin/mariadbd "the import tests" mariadb-server
