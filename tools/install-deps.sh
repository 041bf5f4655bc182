#!/bin/sh
# Installs the Debian 12 packages the build and the tests need, if any is
# missing.  As root it runs apt-get; otherwise it prints the one line to run.
set -e
PKGS="build-essential pkg-config libelf-dev libcapstone-dev libjson-c-dev libcriterion-dev \
gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm clang python3 chromium gdb-multiarch flatbuffers-compiler strace \
espeak-ng sox xxd"
# --list: print the package names (one place for the list; .ci/run uses it).
if [ "${1-}" = "--list" ]; then
    echo $PKGS
    exit 0
fi
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "install-deps: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends $missing >/dev/null
else
    echo "install-deps: missing packages; run:" >&2
    echo "  sudo apt-get install -y$missing" >&2
    exit 1
fi
