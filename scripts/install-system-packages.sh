#!/usr/bin/env bash
# The Debian packages the tests need, installed when missing: Chromium for the report's browser tests,
# bubblewrap for run_command's sandbox (without it the tests pass on the fallback). Uses sudo when not
# root; does nothing when both are present.
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
export DEBIAN_FRONTEND=noninteractive
if [ ! -x /usr/bin/chromium ]; then
  echo "installing chromium (Debian package) for the report's browser tests"
  as_root apt-get update -qq >/dev/null
  as_root apt-get install -y -qq chromium >/dev/null
fi
if ! command -v bwrap >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  as_root apt-get install -y -qq bubblewrap >/dev/null 2>&1 ||
    { as_root apt-get update -qq >/dev/null 2>&1 && as_root apt-get install -y -qq bubblewrap >/dev/null 2>&1; } ||
    echo "bubblewrap could not be installed: run_command's tests use the fallback sandbox"
fi
