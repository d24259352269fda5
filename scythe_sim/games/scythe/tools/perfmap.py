"""Names for `perf`: where the compiled kernel's functions lie in memory.

Numba runs compiled code from anonymous memory, so `perf report` shows its samples as
``[JIT]`` without names. `keep_loaded_objects` (called before the kernel is first used)
keeps the object code of every library Numba loads from its on-disk cache; after the
kernel is loaded, `write_perf_map` reads each object's symbol table and writes
``/tmp/perf-<pid>.map``, the file perf reads to name samples in JIT memory::

    perf record -F 2000 -o perf.data scythe-sim bench --strategy-mix default --perf-map --no-compile
    perf report -i perf.data --sort sym

A development aid only: it uses a private Numba hook (``CPUCodeLibrary._unserialize``)
and sees only what was loaded from the cache (``scythe-sim warmup`` fills it). Samples
in helpers that LLVM inlined count for their caller.
"""
import os
import struct

_OBJECTS = []          # (code library, ELF object bytes) of every library loaded from cache


def keep_loaded_objects():
    """Remember the object code of each library Numba loads from its cache from now on."""
    from numba.core import codegen

    library_class = codegen.CPUCodeLibrary
    if getattr(library_class, "_scythe_keeps_objects", False):
        return
    unserialize = library_class._unserialize.__func__

    def keeping(cls, codegen_, state):
        library = unserialize(cls, codegen_, state)
        if state[1] == "object":              # (name, kind, (object code, bitcode))
            _OBJECTS.append((library, state[2][0]))
        return library

    library_class._unserialize = classmethod(keeping)
    library_class._scythe_keeps_objects = True


def elf_functions(obj: bytes):
    """(name, size) of every sized function symbol in a little-endian ELF64 object."""
    section_offset = struct.unpack_from("<Q", obj, 0x28)[0]
    entry_size, count = struct.unpack_from("<HH", obj, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", obj, section_offset + i * entry_size)
                for i in range(count)]
    functions = []
    for _, kind, _, _, offset, size, link, _, _, item in sections:
        if kind != 2:                          # SHT_SYMTAB
            continue
        strings = sections[link][4]
        for k in range(size // item):
            name, info, _, _, _, length = struct.unpack_from("<IBBHQQ", obj, offset + k * item)
            if info & 0xF == 2 and length > 0:  # STT_FUNC with a size
                end = obj.index(b"\0", strings + name)
                functions.append((obj[strings + name:end].decode(), length))
    return functions


def readable(symbol: str) -> str:
    """module.function from a Numba-mangled symbol: the length-prefixed parts after _ZN,
    up to the first part that is not a name (Numba's B<n> tags follow the function's)."""
    if not symbol.startswith("_ZN"):
        return symbol
    parts, i = [], 3
    while i < len(symbol) and symbol[i].isdigit():
        j = i
        while symbol[j].isdigit():
            j += 1
        length = int(symbol[i:j])
        parts.append(symbol[j:j + length])
        i = j + length
    return ".".join(parts) if parts else symbol


def write_perf_map(path=None) -> tuple[str, int]:
    """Write the map of every function of the kept objects; returns (path, functions)."""
    path = path or f"/tmp/perf-{os.getpid()}.map"
    entries = {}
    for library, obj in _OBJECTS:
        for name, size in elf_functions(obj):
            try:
                address = library.get_pointer_to_function(name)
            except Exception:          # a symbol the engine did not keep (e.g. discarded)
                continue
            if address:
                entries[address] = (size, readable(name))
    with open(path, "w", encoding="utf-8") as out:
        for address, (size, name) in sorted(entries.items()):
            out.write(f"{address:x} {size:x} {name}\n")
    return path, len(entries)
