"""Reading just enough of a class file for the bench scripts (JVMS 4.1, 4.4)."""
import struct


def constant_pool(data):
    """(offset just past the constant pool, {index: Utf8 text}); (None, {}) if not a class
    file or an unknown tag is met."""
    if data[:4] != b"\xca\xfe\xba\xbe":
        return None, {}
    count = struct.unpack(">H", data[8:10])[0]
    utf8 = {}
    pos, i = 10, 1
    while i < count:
        tag = data[pos]
        if tag == 1:  # Utf8
            n = struct.unpack(">H", data[pos + 1:pos + 3])[0]
            utf8[i] = data[pos + 3:pos + 3 + n].decode("utf-8", "replace")
            pos += 3 + n
        elif tag in (3, 4, 9, 10, 11, 12, 17, 18):
            pos += 5
        elif tag in (5, 6):  # Long and Double take two slots
            pos += 9
            i += 1
        elif tag in (7, 8, 16, 19, 20):
            pos += 3
        elif tag == 15:
            pos += 4
        else:
            return None, {}
        i += 1
    return pos, utf8


def access_flags(data):
    """The class's access_flags, or None."""
    pos, _ = constant_pool(data)
    return None if pos is None else struct.unpack(">H", data[pos:pos + 2])[0]
