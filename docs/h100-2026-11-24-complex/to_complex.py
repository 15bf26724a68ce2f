# A real or pattern Matrix Market file as a complex one: the same entries and
# symmetry, the real part kept (1 for a pattern), a seeded random imaginary part.
import gzip, sys
import numpy as np
src, dst = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(11)
opener = gzip.open if src.endswith(".gz") else open
with opener(src, "rt") as f, open(dst, "w") as out:
    header = f.readline().split()
    field = header[3].lower()
    header[3] = "complex"
    out.write(" ".join(header) + "\n")
    line = f.readline()
    while line.startswith("%"):
        line = f.readline()
    out.write(line)
    data = np.loadtxt(f, ndmin=2)
    re = np.ones(len(data)) if field == "pattern" else data[:, 2]
    im = rng.uniform(-1, 1, len(data))
    np.savetxt(out, np.column_stack((data[:, 0], data[:, 1], re, im)), fmt=["%d", "%d", "%.10g", "%.6f"])
