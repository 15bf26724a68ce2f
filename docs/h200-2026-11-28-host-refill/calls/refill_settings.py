#!/usr/bin/env python3
"""The refill bar by setting: for each matrix of DIR/SETTING-NAME.txt (aijadaptive-setup-timing
output), the refill's median over the values' copy alone, per setting; and the summary.
Usage: refill_settings.py DIR SETTING [SETTING ...]"""
import re
import sys
from pathlib import Path
from statistics import geometric_mean, median


def read(path):
    text = path.read_text()
    m = re.search(r"(\d+) nonzeros; format: (\S+)", text)
    r = re.search(r"refill \(same pattern, values\)\s+([\d.]+) us", text)
    v = re.search(r"the values copied alone\s+([\d.]+) us", text)
    if not (m and r and v):
        return None
    return int(m.group(1)), m.group(2), float(r.group(1)), float(v.group(1))


def main():
    folder, settings = Path(sys.argv[1]), sys.argv[2:]
    names = sorted({p.name.split("-", 1)[1][:-4] for p in folder.glob(f"{settings[0]}-*.txt")})
    rows = []
    for name in names:
        got = [read(folder / f"{s}-{name}.txt") for s in settings]
        if None in got:
            print(f"  {name}: missing or failed")
            continue
        rows.append((got[0][0], name, got[0][1], got))
    rows.sort()
    print(f"{'matrix':28} {'nnz':>8} {'format':8} " + " ".join(f"{s + ' refill/values':>26}" for s in settings))
    for nnz, name, fmt, got in rows:
        cells = " ".join(f"{g[2]:8.1f}/{g[3]:7.1f} = {g[2] / g[3]:5.2f}x" for g in got)
        print(f"{name:28} {nnz:8d} {fmt:8} {cells}")
    for k, s in enumerate(settings):
        ratios = [got[k][2] / got[k][3] for _, _, _, got in rows]
        print(f"{s}: {len(ratios)} matrices, geometric mean {geometric_mean(ratios):.2f}, median {median(ratios):.2f}, "
              f"at most 1.2x: {sum(r <= 1.2 for r in ratios)}")
        by = {}
        for _, _, fmt, got in rows:
            by.setdefault(fmt, []).append(got[k][2] / got[k][3])
        for fmt, rs in sorted(by.items()):
            print(f"    {fmt:8} {len(rs):3d} matrices, median {median(rs):.2f}, largest {max(rs):.2f}")


main()
