"""Fails unless a PNG exists, decodes, and is not one flat colour."""
import struct
import sys
import zlib

path = sys.argv[1]
try:
    data = open(path, "rb").read()
except OSError as e:
    sys.exit(f"visual: {path}: missing ({e})")
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"visual: {path}: not a PNG")
pos, idat, width, height = 8, b"", 0, 0
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height = struct.unpack(">II", body[:8])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
raw = zlib.decompress(idat)
# Filtered scanlines of a flat image are almost all zero bytes.
busy = sum(1 for b in raw if b) / max(len(raw), 1)
if width < 640 or height < 480 or busy < 0.003:
    sys.exit(f"visual: {path}: {width}x{height}, {busy:.2%} busy bytes: blank or too small")
print(f"visual: {path}: {width}x{height}, {busy:.2%} busy bytes")
