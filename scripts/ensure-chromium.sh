#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (the tests drive /usr/bin/chromium).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Chromium is missing and this user cannot install it: run 'apt-get install chromium' as root." >&2
    exit 1
  fi
fi
echo "Installing Chromium from Debian's packages for the browser tests…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
/usr/bin/chromium --version
