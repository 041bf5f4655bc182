#!/bin/sh
# semihost-calls.sh PROG.elf [QEMU ARGS...]
#
# Lists the semihosting calls a program makes on QEMU, in order, one per
# line (e.g. "SYS_OPEN (0x01)"), by running it with QEMU's interrupt log.
# The program's own output goes to /dev/null; its exit status is printed
# last.  Meant for comparing etsim's semihosting with QEMU's; see
# firmware/README.md for the calls newlib makes at start-up and exit.
set -e
if [ $# -lt 1 ]; then
    echo "usage: $0 PROG.elf [QEMU ARGS...]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp "${TMPDIR:-/tmp}/semihost-calls.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
sh "$here/qemu-run.sh" "$@" -d int -D "$log" </dev/null >/dev/null 2>&1 || status=$?
sed -n 's/.*handling as semihosting call \(0x[0-9a-f]*\).*/\1/p' "$log" | while read -r op; do
    case $op in
    0x1) n=SYS_OPEN ;; 0x2) n=SYS_CLOSE ;; 0x3) n=SYS_WRITEC ;; 0x4) n=SYS_WRITE0 ;;
    0x5) n=SYS_WRITE ;; 0x6) n=SYS_READ ;; 0x7) n=SYS_READC ;; 0x8) n=SYS_ISERROR ;;
    0x9) n=SYS_ISTTY ;; 0xa) n=SYS_SEEK ;; 0xc) n=SYS_FLEN ;; 0xd) n=SYS_TMPNAM ;;
    0xe) n=SYS_REMOVE ;; 0xf) n=SYS_RENAME ;; 0x10) n=SYS_CLOCK ;; 0x11) n=SYS_TIME ;;
    0x12) n=SYS_SYSTEM ;; 0x13) n=SYS_ERRNO ;; 0x15) n=SYS_GET_CMDLINE ;;
    0x16) n=SYS_HEAPINFO ;; 0x18) n=SYS_EXIT ;; 0x20) n=SYS_EXIT_EXTENDED ;;
    0x30) n=SYS_ELAPSED ;; 0x31) n=SYS_TICKFREQ ;; *) n=SYS_UNKNOWN ;;
    esac
    printf '%s (%s)\n' "$n" "$op"
done
echo "exit status $status"
