"""The drawings are drawn: each PNG that `pond art` wrote is a picture with a
shape (transparent around it, not a plain square), more than one colour
inside, and a dark outline or detail; the animals also differ in shape."""
import struct
import sys
import zlib


def decode(path):
    """Width, height and RGBA rows of an 8-bit RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"art: {path}: not a PNG")
    pos, idat, width, height, kind = 8, b"", 0, 0, None
    while pos < len(data):
        length, chunk = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if chunk == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            if depth != 8 or kind != 6:
                sys.exit(f"art: {path}: not 8-bit RGBA")
        elif chunk == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b, c = prev[i], prev[i - 4] if i >= 4 else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


shapes = {}
for path in sys.argv[1:]:
    w, h, rows = decode(path)
    pixels = [tuple(r[x * 4:x * 4 + 4]) for r in rows for x in range(w)]
    # The empty star is a faint outline on purpose.
    solid = [p for p in pixels if p[3] > (60 if "empty" in path else 200)]
    cover = len(solid) / len(pixels)
    colours = {p[:3] for p in solid}
    dark = sum(1 for p in solid if 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2] < 100)
    corner = rows[0][3]
    problems = []
    if corner != 0:
        problems.append("its corner is not transparent (a plain square?)")
    if not 0.08 < cover < 0.92:
        problems.append(f"it covers {cover:.0%} of its square")
    if len(colours) < 3:
        problems.append(f"{len(colours)} colours")
    if dark < 20 and not any(k in path for k in ("lily", "empty", "tile")):
        problems.append("no dark outline or detail")
    if problems:
        sys.exit(f"art: {path}: " + "; ".join(problems))
    shapes[path] = {i for i, p in enumerate(pixels) if p[3] > 128}
    print(f"art: {path}: {cover:.0%} covered, {len(colours)} colours, {dark} dark pixels")
# The stars share a shape on purpose.
names = sorted(n for n in shapes if "star" not in n)
for i, a in enumerate(names):
    for b in names[i + 1:]:
        both, either = len(shapes[a] & shapes[b]), len(shapes[a] | shapes[b])
        if both / max(either, 1) > 0.9:
            sys.exit(f"art: {a} and {b} are the same shape")
