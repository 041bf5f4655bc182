/* ELF loading with libelf.  Every check a hostile or broken file can trip
 * is made before memory is touched, and each failure names the file. */
#include "elf_load.h"

#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_io.h"

static bool elf_fail(char *err, size_t errlen, const char *path, const char *what)
{
    snprintf(err, errlen, "%s: %s", path, what);
    return false;
}

/* The allocated sections, and their sizes by kind for the summary.  False
 * only when out of memory. */
static bool read_sections(Elf *e, elf_info_t *info, elf_tables_t *t)
{
    size_t n = 0;
    if (elf_getshdrnum(e, &n) != 0)
        n = 0;   /* unreadable section headers: no sections (the load needs none) */
    t->sections = calloc(n ? n : 1, sizeof *t->sections);
    if (!t->sections)
        return false;
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(e, scn)) != NULL && t->nsections < n) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
            continue;
        t->sections[t->nsections++] = (elf_section_t){sh.sh_addr, sh.sh_size, sh.sh_flags, sh.sh_type};
        if (sh.sh_type == SHT_NOBITS)
            info->bss_bytes += sh.sh_size;
        else if (sh.sh_flags & SHF_EXECINSTR)
            info->code_bytes += sh.sh_size;
        else if (sh.sh_flags & SHF_WRITE)
            info->data_bytes += sh.sh_size;
        else
            info->rodata_bytes += sh.sh_size;
    }
    return true;
}

/* Append one symbol table and its string table to t; the names are
 * resolved into t->names once every table is read (it may move). */
static bool read_symtab(Elf *e, Elf_Scn *scn, const GElf_Shdr *sh, elf_tables_t *t, size_t *names_len,
                        uint32_t **name_offsets)
{
    Elf_Data *data = elf_getdata(scn, NULL);
    Elf_Data *strs = elf_getdata(elf_getscn(e, sh->sh_link), NULL);
    if (!data || !strs || !strs->d_buf)
        return true;   /* unreadable: as if absent, the load does not need it */
    /* No more entries than the data holds, whatever sh_size claims. */
    size_t count = sh->sh_size / sh->sh_entsize;
    size_t fits = data->d_size / gelf_fsize(e, ELF_T_SYM, 1, EV_CURRENT);
    count = count < fits ? count : fits;
    elf_symbol_t *syms = realloc(t->symbols, (t->nsymbols + count + 1) * sizeof *syms);
    uint32_t *offs = realloc(*name_offsets, (t->nsymbols + count + 1) * sizeof *offs);
    char *names = realloc(t->names, *names_len + strs->d_size + 1);
    t->symbols = syms ? syms : t->symbols;
    *name_offsets = offs ? offs : *name_offsets;
    t->names = names ? names : t->names;
    if (!syms || !offs || !names || *names_len + strs->d_size >= UINT32_MAX)
        return false;
    /* A NUL after the copy: a name the table does not end stops there. */
    memcpy(names + *names_len, strs->d_buf, strs->d_size);
    names[*names_len + strs->d_size] = '\0';
    for (size_t i = 0; i < count; i++) {
        GElf_Sym sym;
        if (!gelf_getsym(data, (int)i, &sym))
            break;
        if (sym.st_name >= strs->d_size)
            continue;
        offs[t->nsymbols] = (uint32_t)(*names_len + sym.st_name);
        t->symbols[t->nsymbols++] = (elf_symbol_t){NULL, (uint32_t)sym.st_value, (uint32_t)sym.st_size,
                                                  (uint8_t)GELF_ST_TYPE(sym.st_info)};
    }
    *names_len += strs->d_size + 1;
    return true;
}

static bool read_symbols(Elf *e, elf_tables_t *t)
{
    size_t names_len = 0;
    uint32_t *name_offsets = NULL;
    bool ok = true;
    Elf_Scn *scn = NULL;
    while (ok && (scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB && sh.sh_entsize != 0)
            ok = read_symtab(e, scn, &sh, t, &names_len, &name_offsets);
    }
    for (size_t i = 0; ok && i < t->nsymbols; i++)
        t->symbols[i].name = t->names + name_offsets[i];
    free(name_offsets);
    return ok;
}

/* The linker symbols of the heap and stack: the first non-zero value of
 * each field's names wins. */
static void find_symbols(const elf_tables_t *t, elf_info_t *info)
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
    for (size_t i = 0; i < t->nsymbols; i++) {
        for (size_t w = 0; w < sizeof wanted / sizeof wanted[0]; w++) {
            uint32_t *field = (uint32_t *)((char *)info + wanted[w].field);
            if (strcmp(t->symbols[i].name, wanted[w].name) == 0 && *field == 0)
                *field = t->symbols[i].value;
        }
    }
}

/* The file's bytes: image in memory, or read from fd where image is NULL. */
typedef struct {
    const uint8_t *image;
    int fd;
    size_t size;
} elf_file_t;

static bool load_segments(machine_t *m, Elf *e, const char *path, const elf_file_t *f, char *err,
                          size_t errlen)
{
    size_t image_size = f->size;
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
        if (!machine_load_file(m, pa, f->fd, f->image, ph.p_offset, ph.p_filesz, what, err, errlen) ||
            !machine_zero(m, pa + (uint32_t)ph.p_filesz, ph.p_memsz - ph.p_filesz, what, err, errlen))
            return false;
        loaded++;
    }
    if (loaded == 0)
        return elf_fail(err, errlen, path, "no loadable segment");
    return true;
}

bool elf_load(machine_t *m, const char *path, elf_info_t *info, elf_tables_t *tables, char *err,
              size_t errlen)
{
    memset(info, 0, sizeof *info);
    memset(tables, 0, sizeof *tables);
    if (elf_version(EV_CURRENT) == EV_NONE)
        return elf_fail(err, errlen, path, "libelf is unusable");
    /* A regular file is read in the parts the load needs (libelf reads
     * the headers and the symbol tables from fd, the segments go straight
     * into simulated memory): a firmware with debug information is 1 MiB
     * and more, mostly sections nothing here reads. */
    file_data_t file;
    int fd;
    if (!file_open(path, 1ull << 31, "a firmware ELF", &fd, &file, err, errlen))
        return false;
    info->file_bytes = file.size;
    if (file.size == 0) {
        if (fd >= 0)
            close(fd);
        file_data_free(&file);
        return elf_fail(err, errlen, path, "empty file, not an ELF");
    }
    elf_file_t src = {file.bytes, fd, file.size};
    Elf *e = fd >= 0 ? elf_begin(fd, ELF_C_READ, NULL) : elf_memory((char *)file.bytes, file.size);
    bool ok = false;
    size_t image_size = file.size;
    GElf_Ehdr eh;
    if (!e || elf_kind(e) != ELF_K_ELF)
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
    else if (load_segments(m, e, path, &src, err, errlen)) {
        info->entry = (uint32_t)eh.e_entry;
        ok = read_sections(e, info, tables) && read_symbols(e, tables);
        if (!ok)
            elf_fail(err, errlen, path, "out of memory reading the sections and symbols");
        else
            find_symbols(tables, info);
    }
    if (e)
        elf_end(e);
    if (fd >= 0)
        close(fd);
    file_data_free(&file);
    return ok;
}

void elf_tables_free(elf_tables_t *t)
{
    free(t->symbols);
    free(t->sections);
    free(t->names);
    memset(t, 0, sizeof *t);
}
