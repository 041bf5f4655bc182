#!/bin/sh
# qemu-run.sh PROG.elf [QEMU ARGS...]
#
# Runs an AN547 firmware ELF on QEMU's mps3-an547 board, the way the
# differential suite does (tests/diff/run.sh uses this script):
#   * semihosting on, "native" target: the program's stdout and stderr
#     (SYS_WRITE to ":tt") go to this process's stdout and stderr;
#   * -nographic: UART0 (and QEMU's monitor, multiplexed) on stdio, so the
#     UART0 bytes land on stdout too; Ctrl-A x stops a hung program;
#   * the exit status is the program's: exit(n) reaches QEMU through
#     SYS_EXIT_EXTENDED and QEMU exits with n (1 for abort()).
# Extra arguments go to QEMU, e.g. to load a model into the QSPI flash:
#   tests/diff/qemu-run.sh runner.elf -device loader,file=m.pte,addr=0x28000000
# QEMU reads stdin (the monitor multiplexer): give it </dev/null in scripts.
set -e
if [ $# -lt 1 ]; then
    echo "usage: $0 PROG.elf [QEMU ARGS...]" >&2
    exit 2
fi
elf=$1
shift
if [ ! -r "$elf" ]; then
    echo "qemu-run.sh: cannot read $elf" >&2
    exit 2
fi
exec qemu-system-arm -M mps3-an547 -nographic \
    -semihosting-config enable=on,target=native \
    -kernel "$elf" "$@"
