#!/usr/bin/env python3
"""Draws the extension's icon, icon.png (128 x 128, RGBA), with the standard
library alone: a nabla (the gradient) in PyTorch's orange, crossed out by a
bar, on a dark rounded square. Run it here to rewrite icon.png."""
import os
import struct
import zlib

SIZE = 128
SUB = 4  # samples per pixel side: the edges are anti-aliased by coverage
BACK = (30, 34, 46)
ORANGE = (238, 76, 44)
LIGHT = (236, 239, 244)


def in_rounded_square(x, y):
    r, lo, hi = 22.0, 2.0, SIZE - 2.0
    cx = min(max(x, lo + r), hi - r)
    cy = min(max(y, lo + r), hi - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_triangle(x, y, top, bottom, half):
    # A downward triangle: its top edge at y=top, its apex at (64, bottom).
    if y < top or y > bottom:
        return False
    w = half * (bottom - y) / (bottom - top)
    return abs(x - SIZE / 2) <= w


def in_nabla(x, y):
    # The outline: the outer triangle less an inner one.
    return in_triangle(x, y, 30, 104, 44) and not in_triangle(x, y, 43, 83, 26)


def in_bar(x, y):
    # A bar from lower left to upper right, 9 px thick.
    d = abs((x - 64) + (y - 64)) / 2 ** 0.5
    return d <= 4.5 and 22 <= x <= 106


def colour(x, y):
    if not in_rounded_square(x, y):
        return None
    if in_bar(x, y):
        return LIGHT
    if in_nabla(x, y):
        return ORANGE
    return BACK


def pixel(px, py):
    acc = [0, 0, 0, 0]
    for i in range(SUB):
        for j in range(SUB):
            c = colour(px + (i + 0.5) / SUB, py + (j + 0.5) / SUB)
            if c is not None:
                acc[0] += c[0]
                acc[1] += c[1]
                acc[2] += c[2]
                acc[3] += 1
    n = acc[3]
    if n == 0:
        return (0, 0, 0, 0)
    return (acc[0] // n, acc[1] // n, acc[2] // n, 255 * n // (SUB * SUB))


def png(rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    raw = b"".join(b"\0" + bytes(v for p in row for v in p) for row in rows)
    head = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    rows = [[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "icon.png")
    with open(out, "wb") as f:
        f.write(png(rows))


if __name__ == "__main__":
    main()
