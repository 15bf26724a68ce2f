#!/usr/bin/env python3
"""Writes the seed inputs of the csr fuzz target (corpus/csr/), in the byte
layout fuzz_csr.cpp reads: u8 types (0 double/int32, 1 double/int64,
2 float/int32, 3 float/int64); s16 rows; s16 cols; s8 first row pointer;
rows x s8 steps of the row pointers (-128: the index type's maximum, 127: 1000);
per entry s16 column (-32768: the maximum) and s8 value; then s8 entries of x
(cols) and of the transpose's x (rows). Little-endian. Run from anywhere."""
import os
import struct

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "csr")


def matrix(types, rows, cols, row_lengths, entries, first=0, steps=None):
    out = struct.pack("<Bhhb", types, rows, cols, first)
    out += struct.pack(f"<{max(rows, 0)}b", *(steps if steps is not None else row_lengths))
    for col, value in entries:
        out += struct.pack("<hb", col, value)
    out += bytes((3 * j + 1) % 11 for j in range(max(cols, 0)))
    out += bytes((5 * i + 2) % 13 for i in range(max(rows, 0)))
    return out


def csr_of(rows_cols):
    """Row lengths and (column, value) entries of a list of rows of (col, value)."""
    return [len(r) for r in rows_cols], [e for r in rows_cols for e in r]


seeds = {}
n = 12  # tridiagonal: a diagonal format's matrix
lengths, entries = csr_of([[(j, 2 if j == i else -1) for j in (i - 1, i, i + 1) if 0 <= j < n] for i in range(n)])
for t in range(4):
    seeds[f"tridiagonal_t{t}"] = matrix(t, n, n, lengths, entries)
# I-node-like: pairs of rows with the same columns.
lengths, entries = csr_of([[(c, (i + c) % 5 + 1) for c in sorted({2 * (i // 2), (2 * (i // 2) + 3) % 10, 9})]
                           for i in range(10)])
seeds["row_pairs"] = matrix(0, 10, 10, lengths, entries)
# Rectangular, an empty row, one long row, scattered columns.
lengths, entries = csr_of([[(0, 1), (7, 2)], [], [(c, c % 7 - 3) for c in range(0, 40, 3)], [(39, 5)]])
seeds["rectangular"] = matrix(1, 4, 40, lengths, entries)
# Columns not increasing, a repeat: accepted by check_csr, refused by the diagonal formats.
lengths, entries = csr_of([[(2, 1), (0, 1)], [(1, 3), (1, 4)], [(2, 9)]])
seeds["unsorted_repeats"] = matrix(2, 3, 3, lengths, entries)
seeds["empty_rows"] = matrix(3, 5, 5, [0] * 5, [])
seeds["zero_by_zero"] = matrix(0, 0, 0, [], [])
# Refused: a column outside, pointers that decrease, pointers that start at 1,
# negative sizes, an end pointer no array holds.
seeds["bad_column"] = matrix(0, 2, 2, [1, 1], [(0, 1), (2, 1)])
seeds["bad_negative_column"] = matrix(1, 2, 2, [1, 1], [(0, 1), (-1, 1)])
seeds["bad_decreasing"] = matrix(0, 3, 3, None, [(0, 1)], steps=[2, -1, 0])
seeds["bad_start"] = matrix(0, 2, 2, [1, 1], [(0, 1), (1, 1)], first=1)
seeds["bad_negative_size"] = matrix(0, -3, 4, [], [])
seeds["bad_huge_end"] = matrix(1, 2, 2, None, [], steps=[1, -128])

os.makedirs(HERE, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
print(f"wrote {len(seeds)} seeds to {HERE}")
