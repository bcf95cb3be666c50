#!/usr/bin/env bash
# Installs coturn (the TURN server of the deployment) from Debian's packages when missing. It starts nothing: the
# calls browser test starts its own turnserver on loopback. Prints nothing but errors; exit 3 when coturn is absent
# and apt is not there to install it (the caller says so and skips).
set -euo pipefail
if command -v turnserver >/dev/null 2>&1; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "coturn is not installed and apt-get is unavailable: install coturn (its turnserver binary) to run the call tests" >&2
  exit 3
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends coturn >/dev/null
# The package's own service stays off: Saathi's tests and compose.yaml start turnserver themselves.
if command -v systemctl >/dev/null 2>&1; then $SUDO systemctl disable --now coturn >/dev/null 2>&1 || true; fi
command -v turnserver >/dev/null
