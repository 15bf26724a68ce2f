# Complex Matrix Market files (general), seeded random values, for the
# benchmark's complex arithmetic:
#   complex_mtx.py N PATH            a 27-point stencil on an N^3 grid
#   complex_mtx.py N PATH powerlaw   N rows of Zipf-distributed lengths (mean about 10), random columns
import sys
import numpy as np
n, path = int(sys.argv[1]), sys.argv[2]
rng = np.random.default_rng(7)
if len(sys.argv) > 3 and sys.argv[3] == "powerlaw":
    lengths = np.minimum(rng.zipf(2.2, n) * 3, n // 4)
    r = np.repeat(np.arange(1, n + 1), lengths)
    c = rng.integers(1, n + 1, r.size)
    keys = np.unique(r.astype(np.int64) * (n + 1) + c)
    r, c = keys // (n + 1), keys % (n + 1)
    re = rng.uniform(-1, 1, r.size); im = rng.uniform(-1, 1, r.size)
    with open(path, "w") as f:
        f.write("%%MatrixMarket matrix coordinate complex general\n")
        f.write(f"{n} {n} {r.size}\n")
        np.savetxt(f, np.column_stack((r, c, re, im)), fmt=["%d", "%d", "%.6f", "%.6f"])
    sys.exit(0)
idx = np.arange(n**3).reshape(n, n, n)
rows, cols = [], []
for dz in (-1, 0, 1):
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            z0, z1 = max(0, -dz), n - max(0, dz)
            y0, y1 = max(0, -dy), n - max(0, dy)
            x0, x1 = max(0, -dx), n - max(0, dx)
            r = idx[z0:z1, y0:y1, x0:x1].ravel()
            c = idx[z0 + dz:z1 + dz, y0 + dy:y1 + dy, x0 + dx:x1 + dx].ravel()
            rows.append(r); cols.append(c)
r = np.concatenate(rows) + 1; c = np.concatenate(cols) + 1
order = np.lexsort((c, r)); r, c = r[order], c[order]
re = rng.uniform(-1, 1, r.size); im = rng.uniform(-1, 1, r.size)
with open(path, "w") as f:
    f.write("%%MatrixMarket matrix coordinate complex general\n")
    f.write(f"{n**3} {n**3} {r.size}\n")
    np.savetxt(f, np.column_stack((r, c, re, im)), fmt=["%d", "%d", "%.6f", "%.6f"])
