#!/usr/bin/env python3
"""Take one sound out of the container a Debian package keeps it in, for the alert recordings
setup installs (scripts/alert-sounds.tsv). Two containers occur there:

- a Qt resource file (``.rcc``, GCompris keeps each activity's sounds in one): the "qres"
  header (format version, offsets of the tree, the data and the names, big-endian), a tree of
  nodes (name offset, flags; a directory lists its children, a file points into the data),
  names stored as UTF-16BE, and each file's bytes behind a 4-byte length, zlib-compressed
  (behind a 4-byte uncompressed length) when flag 1 is set;
- OpenTTD's ``opensfx.cat``: a table of (offset, size) pairs, little-endian, then each entry as
  a one-byte name length, the name, and a RIFF WAV file.

Usage:
    extract_packed_sound.py CONTAINER MEMBER OUTPUT
        MEMBER: a path inside the .rcc ("resource/LRBark_1_LA_cut.ogg"), or the entry number
        of the .cat ("21"); which container it is, is read from its first bytes
Python 3 only; nothing else is needed.
"""

import os
import struct
import sys
import zlib


class ExtractError(Exception):
    pass


def from_rcc(blob, member):
    if blob[:4] != b"qres":
        raise ExtractError("not a Qt resource file")
    version, tree, data, names = struct.unpack(">IIII", blob[4:20])
    node_size = 22 if version >= 2 else 14

    def name(offset):
        at = names + offset
        (length,) = struct.unpack(">H", blob[at:at + 2])
        return blob[at + 6:at + 6 + 2 * length].decode("utf-16-be")

    def find(index, path):
        at = tree + index * node_size
        name_offset, flags = struct.unpack(">IH", blob[at:at + 6])
        if flags & 2:                                  # a directory: its children
            count, first = struct.unpack(">II", blob[at + 6:at + 14])
            for child in range(first, first + count):
                found = find(child, path)
                if found is not None:
                    return found
            return None
        child_path = full_path(index)
        if child_path != path:
            return None
        (offset,) = struct.unpack(">I", blob[at + 10:at + 14])
        start = data + offset
        (size,) = struct.unpack(">I", blob[start:start + 4])
        raw = blob[start + 4:start + 4 + size]
        if flags & 4:
            raise ExtractError("%s is zstd-compressed, which this script does not read" % path)
        return zlib.decompress(raw[4:]) if flags & 1 else raw

    parents = {}

    def index_parents(index):
        at = tree + index * node_size
        _, flags = struct.unpack(">IH", blob[at:at + 6])
        if flags & 2:
            count, first = struct.unpack(">II", blob[at + 6:at + 14])
            for child in range(first, first + count):
                parents[child] = index
                index_parents(child)

    def full_path(index):
        parts = []
        while index != 0:
            at = tree + index * node_size
            (name_offset,) = struct.unpack(">I", blob[at:at + 4])
            parts.append(name(name_offset))
            index = parents[index]
        return "/".join(reversed(parts))

    index_parents(0)
    found = find(0, member.strip("/"))
    if found is None:
        raise ExtractError("%s is not in the resource file" % member)
    return found


def from_opensfx_cat(blob, member):
    number = int(member)
    (first_offset,) = struct.unpack("<I", blob[:4])
    count = (first_offset & 0x7FFFFFFF) // 8
    if not 0 <= number < count:
        raise ExtractError("entry %d is not in the catalogue (it holds %d)" % (number, count))
    offset, size = struct.unpack("<II", blob[number * 8:number * 8 + 8])
    offset &= 0x7FFFFFFF
    name_length = blob[offset]
    sound = blob[offset + 1 + name_length:offset + 1 + name_length + size]
    if sound[:4] != b"RIFF" or len(sound) != size:
        raise ExtractError("entry %d is not a whole WAV file" % number)
    return sound


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    container, member, output = sys.argv[1:]
    try:
        with open(container, "rb") as f:
            blob = f.read()
        sound = from_rcc(blob, member) if blob[:4] == b"qres" else from_opensfx_cat(blob, member)
    except (ExtractError, OSError, ValueError, struct.error, zlib.error, KeyError) as error:
        print("extract_packed_sound: %s: %s" % (container, error), file=sys.stderr)
        return 1
    tmp = output + ".tmp"
    with open(tmp, "wb") as f:
        f.write(sound)
    os.replace(tmp, output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
