"""The dynamic symbols of an ELF shared object or executable (64-bit, little-endian: the
machines ascendops builds for), read from its .dynsym section without external tools."""
import struct

SHT_DYNSYM = 11


def dynamic_symbols(path):
    """(undefined, defined): the names in `path`'s .dynsym that it imports and exports."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        raise ValueError("%s is not an ELF file" % path)
    if data[4] != 2 or data[5] != 1:
        raise ValueError("%s: only 64-bit little-endian ELF files are read" % path)
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    undefined, defined = set(), set()
    for _name, sh_type, _flags, _addr, offset, size, link, _info, _align, entsize in sections:
        if sh_type != SHT_DYNSYM or not entsize:
            continue
        str_off = sections[link][4]
        for k in range(size // entsize):
            st_name, _st_info, _st_other, st_shndx, _value, _size = struct.unpack_from(
                "<IBBHQQ", data, offset + k * entsize)
            if not st_name:
                continue
            end = data.index(b"\0", str_off + st_name)
            name = data[str_off + st_name:end].decode("ascii", "replace")
            (undefined if st_shndx == 0 else defined).add(name)
    return undefined, defined
