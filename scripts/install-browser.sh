#!/usr/bin/env bash
# Installs Debian's headless browser and its WebDriver server for the
# real-browser test (tests/web_browser.rs): `chromium` and `chromium-driver`,
# only when /usr/bin/chromium or /usr/bin/chromedriver is missing.
# Needs root (CI and the development machines run as root); uses sudo
# otherwise when it is there.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium chromium-driver
/usr/bin/chromium --version
/usr/bin/chromedriver --version
