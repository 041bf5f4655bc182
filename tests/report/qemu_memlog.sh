#!/bin/sh
# qemu_memlog.sh PLUGIN.so OUT.log PROG.elf [QEMU ARGS...]
#
# Runs an AN547 firmware ELF on QEMU's mps3-an547 board the way
# tests/diff/qemu-run.sh does, with the qemu-memlog plugin
# (tests/report/qemu_memlog.c) writing OUT.log: "I <pc>" per executed
# instruction, then "R|W <addr> <bytes>" per data access it makes.
# The firmware's output goes to stdout/stderr; stdin is /dev/null; the exit
# status is the program's.
set -e
if [ $# -lt 3 ]; then
    echo "usage: $0 PLUGIN.so OUT.log PROG.elf [QEMU ARGS...]" >&2
    exit 2
fi
plugin=$1
log=$2
elf=$3
shift 3
for f in "$plugin" "$elf"; do
    if [ ! -r "$f" ]; then
        echo "qemu_memlog.sh: cannot read $f" >&2
        exit 2
    fi
done
case $plugin in */*) ;; *) plugin=./$plugin ;; esac
# QEMU splits -plugin's options at commas.
case $log in *,*)
    echo "qemu_memlog.sh: the log path must not contain a comma: $log" >&2
    exit 2 ;;
esac
exec qemu-system-arm -M mps3-an547 -nographic \
    -semihosting-config enable=on,target=native \
    -plugin "$plugin,out=$log" \
    -kernel "$elf" "$@" </dev/null
