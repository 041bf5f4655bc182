/* ELF loading with libelf.  Every check a hostile or broken file can trip
 * is made before memory is touched, and each failure names the file. */
#include "elf_load.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool elf_fail(char *err, size_t errlen, const char *path, const char *what)
{
    snprintf(err, errlen, "%s: %s", path, what);
    return false;
}

static void classify_sections(Elf *e, elf_info_t *info)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
            continue;
        if (sh.sh_type == SHT_NOBITS)
            info->bss_bytes += sh.sh_size;
        else if (sh.sh_flags & SHF_EXECINSTR)
            info->code_bytes += sh.sh_size;
        else if (sh.sh_flags & SHF_WRITE)
            info->data_bytes += sh.sh_size;
        else
            info->rodata_bytes += sh.sh_size;
    }
}

static void find_symbols(Elf *e, elf_info_t *info)
{
    static const struct { const char *name; size_t field; } wanted[] = {
        {"__end__", offsetof(elf_info_t, sym_heap_start)},
        {"end", offsetof(elf_info_t, sym_heap_start)},
        {"__heap_start", offsetof(elf_info_t, sym_heap_start)},
        {"__HeapLimit", offsetof(elf_info_t, sym_heap_limit)},
        {"__heap_end", offsetof(elf_info_t, sym_heap_limit)},
        {"__stack", offsetof(elf_info_t, sym_stack_top)},
        {"__StackTop", offsetof(elf_info_t, sym_stack_top)},
        {"__StackLimit", offsetof(elf_info_t, sym_stack_limit)},
        {"__stack_limit", offsetof(elf_info_t, sym_stack_limit)},
    };
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        if (!data)
            continue;
        size_t count = sh.sh_size / sh.sh_entsize;
        for (size_t i = 0; i < count; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym))
                break;
            const char *name = elf_strptr(e, sh.sh_link, sym.st_name);
            if (!name)
                continue;
            for (size_t w = 0; w < sizeof wanted / sizeof wanted[0]; w++) {
                uint32_t *field = (uint32_t *)((char *)info + wanted[w].field);
                if (strcmp(name, wanted[w].name) == 0 && *field == 0)
                    *field = (uint32_t)sym.st_value;
            }
        }
    }
}

static bool load_segments(machine_t *m, Elf *e, const char *path, const uint8_t *image,
                          size_t image_size, char *err, size_t errlen)
{
    size_t phnum;
    if (elf_getphdrnum(e, &phnum) != 0)
        return elf_fail(err, errlen, path, "cannot read the program headers (truncated?)");
    size_t loaded = 0;
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(e, (int)i, &ph))
            return elf_fail(err, errlen, path, "a program header is truncated");
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_filesz > ph.p_memsz)
            return elf_fail(err, errlen, path, "a segment's file size exceeds its memory size");
        if (ph.p_offset > image_size || ph.p_filesz > image_size - ph.p_offset)
            return elf_fail(err, errlen, path, "a segment extends past the end of the file (truncated)");
        if (ph.p_paddr + ph.p_memsz > 0x100000000ull)
            return elf_fail(err, errlen, path, "a segment extends past the 4 GiB address space");
        char what[600];
        snprintf(what, sizeof what, "%s: segment %zu", path, i);
        uint32_t pa = (uint32_t)ph.p_paddr;
        if (!machine_load(m, pa, image + ph.p_offset, ph.p_filesz, what, err, errlen) ||
            !machine_zero(m, pa + (uint32_t)ph.p_filesz, ph.p_memsz - ph.p_filesz, what, err, errlen))
            return false;
        loaded++;
    }
    if (loaded == 0)
        return elf_fail(err, errlen, path, "no loadable segment");
    return true;
}

bool elf_load(machine_t *m, const char *path, elf_info_t *info, char *err, size_t errlen)
{
    memset(info, 0, sizeof *info);
    if (elf_version(EV_CURRENT) == EV_NONE)
        return elf_fail(err, errlen, path, "libelf is unusable");
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return elf_fail(err, errlen, path, "not a regular file");
    }
    info->file_bytes = (uint64_t)st.st_size;
    if (st.st_size == 0) {
        close(fd);
        return elf_fail(err, errlen, path, "empty file, not an ELF");
    }
    Elf *e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
    bool ok = false;
    size_t image_size = 0;
    const uint8_t *image = e ? (const uint8_t *)elf_rawfile(e, &image_size) : NULL;
    GElf_Ehdr eh;
    if (!e || elf_kind(e) != ELF_K_ELF || !image)
        elf_fail(err, errlen, path, "not an ELF file");
    else if (gelf_getclass(e) != ELFCLASS32)
        elf_fail(err, errlen, path, "not a 32-bit ELF (a Cortex-M firmware is ELF32)");
    else if (!gelf_getehdr(e, &eh))
        elf_fail(err, errlen, path, "truncated ELF header");
    else if (eh.e_ident[EI_DATA] != ELFDATA2LSB)
        elf_fail(err, errlen, path, "big-endian ELF; the Cortex-M55 here is little-endian");
    else if (eh.e_machine != EM_ARM)
        elf_fail(err, errlen, path, "ELF for another machine (e_machine is not EM_ARM)");
    else if (eh.e_type != ET_EXEC)
        elf_fail(err, errlen, path, "not an executable (relocatable object or shared library?)");
    else if (eh.e_phoff + (uint64_t)eh.e_phnum * eh.e_phentsize > image_size)
        elf_fail(err, errlen, path, "truncated: the program headers run past the end of the file");
    else if (eh.e_shoff + (uint64_t)eh.e_shnum * eh.e_shentsize > image_size)
        elf_fail(err, errlen, path, "truncated: the section headers run past the end of the file");
    else if (load_segments(m, e, path, image, image_size, err, errlen)) {
        info->entry = (uint32_t)eh.e_entry;
        classify_sections(e, info);
        find_symbols(e, info);
        ok = true;
    }
    if (e)
        elf_end(e);
    close(fd);
    return ok;
}
