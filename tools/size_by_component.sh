#!/bin/sh
# Code size of a firmware by component, from its GNU ld map file: the
# bytes of the code, read-only data and initialised data (what
# arm-none-eabi-size counts as text + data) that each input object put in
# the image, summed by where the object comes from; what no object put
# there (the linker script's copy/zero tables, padding between input
# sections) is "tables, padding", so that the total is exactly text + data.
#
#   sh tools/size_by_component.sh build/firmware/runner-NAME.map
#
# Components: runtime core (runtime/*.c, with the selective build's
# et_data_map.o and et_program.o), kernels (runtime/kernels/, with
# the selective build's kernel_registry.o), backends (runtime/backends/),
# DSP offload (runtime/dsp_offload.c with the HLD program it carries, and
# the runner's dsp.c), runner (the rest of firmware/runner/), Ethos-U driver (firmware/ethosu/), startup
# (firmware/common/), libc (newlib, libm, librdimon, libgcc and the crt
# objects); anything else is "other".
set -eu
MAP=$1
[ -r "$MAP" ] || { echo "size_by_component: cannot read $MAP" >&2; exit 2; }
awk '
function hex(s,    i, n) {
    n = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return n
}
function component(path) {
    if (path ~ /\.a\(/ || path ~ /crt[^\/]*\.o$/ || path ~ /lib(c|m|g|gcc|rdimon|nosys)[^\/]*\.a/) return "libc"
    if (path ~ /runtime\/kernels\// || path ~ /\/kernel_registry\.o$/) return "kernels"
    if (path ~ /runtime\/backends\// || path ~ /\/backend_registry\.o$/) return "backends"
    if (path ~ /runtime\/dsp_offload\.o$/ || path ~ /firmware\/runner\/dsp\.o$/ || path ~ /\/select\/[^\/]*\/dsp\.o$/)
        return "DSP offload"
    if (path ~ /runtime\// || path ~ /\/select\/[^\/]*\/et_[a-z_]*\.o$/) return "runtime core"
    if (path ~ /firmware\/runner\// || path ~ /\/select\/[^\/]*\/npu\.o$/) return "runner"
    if (path ~ /firmware\/ethosu\//) return "Ethos-U driver"
    if (path ~ /firmware\/common\//) return "startup"
    return "other"
}
# An input section that goes into the image: code, constants, initialised data.
function counted(sec) {
    return sec ~ /^\.(vectors|text|rodata|data|flash_text|flash_rodata|sram_data|ARM\.exidx|ARM\.extab|init_array|fini_array|preinit_array|init|fini)/
}
# An output section of the image (what arm-none-eabi-size counts as text + data).
function image_section(sec) {
    return sec ~ /^\.(vectors|text|rodata|data|flash_text|flash_rodata|sram_data|ARM\.exidx|ARM\.extab|init_array|fini_array|preinit_array|copy\.table|zero\.table)$/
}
/^Linker script and memory map/ { inmap = 1; next }
!inmap { next }
# "name  0xADDR  0xSIZE" at the start of a line: an output section
/^\.[^ ]+ +0x[0-9a-f]+ +0x[0-9a-f]+/ { if (image_section($1)) image += hex($3); next }
# " .text.name  0xADDR  0xSIZE  path" or the name alone, the rest on the next line
/^ \.[^ ]+$/ { pending = $1; next }
{
    sec = ""; addr = ""; size = ""; path = ""
    if ($0 ~ /^ \.[^ ]+ +0x[0-9a-f]+ +0x[0-9a-f]+ /) { sec = $1; addr = $2; size = $3; path = $4 }
    else if (pending != "" && $0 ~ /^ +0x[0-9a-f]+ +0x[0-9a-f]+ /) { sec = pending; addr = $1; size = $2; path = $3 }
    pending = ""
    if (sec == "" || path == "" || !counted(sec)) next
    n = hex(size)
    # address 0: a discarded section, but for the vector table
    if (n == 0 || (hex(addr) == 0 && sec != ".vectors")) next
    c = component(path)
    bytes[c] += n; total += n
}
END {
    split("runtime core,kernels,backends,DSP offload,runner,Ethos-U driver,startup,libc,other", order, ",")
    for (i = 1; i <= 9; i++)
        if (bytes[order[i]] > 0)
            printf "  %-15s %8d bytes\n", order[i], bytes[order[i]]
    # the copy and zero tables of the linker script, and the padding between input sections
    if (image > total)
        printf "  %-15s %8d bytes\n", "tables, padding", image - total
    printf "  %-15s %8d bytes\n", "total", (image > total ? image : total)
}' "$MAP"
