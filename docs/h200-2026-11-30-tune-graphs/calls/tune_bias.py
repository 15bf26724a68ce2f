#!/usr/bin/env python3
"""Issue 13: tune's own timing of each candidate (the median of its first products, from the
benchmark's note "tune: F X us, median of N products") over the benchmark's median of the same
format in the same process. Prints the ratio's median and range by nonzeros, and the formats
whose ratio is highest.
    tune_bias.py BENCH_OUTPUT.txt [...]"""
import re
import statistics
import sys

MATRIX = re.compile(r"^matrix (\S+): .* nnz (\d+),")
ROW = re.compile(r"^  ([a-z0-9-]+(?::[a-z0-9+]+)?)\s+(?:device|host)\s+\S+\s+\S+\s+([0-9.]+)\s")
TIMING = re.compile(r"tune: ([a-z0-9]+) ([0-9.]+) us, median of \d+ products")


def ratios(path):
    out = []  # (nnz, format, tune's us / bench's us)
    name, nnz, medians = None, 0, {}
    for line in open(path):
        m = MATRIX.match(line)
        if m:
            name, nnz, medians = m.group(1), int(m.group(2)), {}
            continue
        m = ROW.match(line)
        if m:
            medians[m.group(1)] = float(m.group(2))
            continue
        if name and "tune: timed on this matrix" in line:
            for f, us in TIMING.findall(line):
                if f in medians:
                    out.append((nnz, f, float(us) / medians[f]))
    return out


def main(paths):
    rs = [r for p in paths for r in ratios(p)]
    for label, lo, hi in (("under 100k nonzeros", 0, 1e5), ("100k-1M", 1e5, 1e6), ("1M or more", 1e6, 1e18)):
        part = [r[2] for r in rs if lo <= r[0] < hi]
        if part:
            q = statistics.quantiles(part, n=10) if len(part) > 1 else [part[0]] * 9
            print(f"{label:20s} {len(part):4d} timings: tune's / the benchmark's median {statistics.median(part):.2f} "
                  f"(p10 {q[0]:.2f}, p90 {q[-1]:.2f})")
    by_format = {}
    for nnz, f, r in rs:
        if nnz < 1e5:
            by_format.setdefault(f, []).append(r)
    print("under 100k, by format: " + ", ".join(f"{f} {statistics.median(v):.2f} ({len(v)})"
                                              for f, v in sorted(by_format.items())))


if __name__ == "__main__":
    main(sys.argv[1:])
