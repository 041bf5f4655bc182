#!/bin/sh
# tests/mve_random/run.sh [--seeds N] [--count N] [--etsim PATH] [--qemu-only] ...
# Random MVE differential test, QEMU against etsim: see run.py --help and
# tests/mve_random/README.md.
exec python3 "$(dirname "$0")/run.py" "$@"
