#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages when missing, starts it on loopback and makes sure the test role
# exists. Prints nothing but errors; the caller uses TEST_DATABASE_URL=postgres://saathi:saathi@127.0.0.1:5432/postgres
set -euo pipefail
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h 2>/dev/null | grep -q online; then
  $SUDO pg_ctlcluster "$version" main start
fi
for _ in $(seq 1 30); do
  if $SUDO -u postgres psql -qtAc 'select 1' >/dev/null 2>&1 || su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1; then break; fi
  sleep 1
done
run_psql() { if [ -n "$SUDO" ]; then $SUDO -u postgres psql -qtAc "$1"; else su postgres -c "psql -qtAc \"$1\""; fi; }
if [ "$(run_psql "SELECT 1 FROM pg_roles WHERE rolname = 'saathi'")" != "1" ]; then
  run_psql "CREATE ROLE saathi LOGIN PASSWORD 'saathi' CREATEDB"
fi
# Dropping a per-test database WITH (FORCE) may have to end a connection another role holds on it.
run_psql "GRANT pg_signal_backend TO saathi" >/dev/null
