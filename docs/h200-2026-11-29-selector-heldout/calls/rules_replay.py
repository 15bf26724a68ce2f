#!/usr/bin/env python3
"""Call 1: 7fec02c's rules replayed on oracle CSVs of HEAD's benchmark. Where python can decide
(no diagonal type, no repeated rows of a large matrix, not the large regular rows' rule), auto's
choice is replaced by the rules' (HEAD's, or with mm_lim: a row over that many times the mean is
irregular; csr_cv: csr only above that row cv, segspmv below; onelen_max: rows of nearly one length
are suraa's only below that many nonzeros); each format timed alone, against the per-matrix best.
    rules_replay.py REAL.csv GEN.csv HELDOUT.csv"""
import csv, sys
sys.path.insert(0, "/work/main/examples/bench")
from oracle_table import chosen_format, geomean, load, rows_of
SETS = tuple(zip(("real", "gen", "held1"), sys.argv[1:4]))
data = []
for label, p in SETS:
    F = {r["matrix"]: r for r in csv.DictReader(open(p)) if r["method"] == "auto"}
    for r in rows_of(load([p])):
        data.append((label, r, F[r["matrix"]]))
def choose(r, f, mm_lim=None, csr_cv=None, onelen_max=None, verbose=False):
    nnz = r["nnz"]; cv = float(f["row_cv"]); xs = float(f["x_sectors_per_nnz"] or -1)
    mm = r["max_row"] / max(r["mean_row"], 1e-9)
    old = chosen_format(r["auto"])
    irregular = cv > 2 or (mm_lim is not None and mm > mm_lim)
    if f["diagonal_type"] != "not diagonal" or (float(f["repeated_rows"] or 0) >= 0.5 and nnz >= 1e6): return old
    if not irregular and nnz >= 1e6: return old
    if cv <= 0.2 and not irregular and (onelen_max is None or nnz < onelen_max): return "suraa"
    if irregular and xs >= 0.9 and nnz >= 1e6:
        return "csr" if (csr_cv is None or cv > csr_cv) else "segspmv"
    if irregular: return "suraa"
    if nnz < 1e5: return "argcsr"
    return "segspmv"
def score(**kw):
    out = {}
    for label, r, f in data:
        out.setdefault(label, []).append(r["shares"][choose(r, f, **kw)])
    allv = sum(out.values(), [])
    return " ".join("%s %.4f" % (k, geomean(v)) for k, v in out.items()) + "  all %.4f" % geomean(allv)
print("head            ", score())
for mm in (10, 15, 20, 30, 50, 100): print("mm %-4d          " % mm, score(mm_lim=mm))
for c in (3, 4, 5, 6): print("csr cv %d        " % c, score(csr_cv=c))
for o in (1e5, 2e5, 3e5): print("onelen < %.0e " % o, score(onelen_max=o))
print("A+B+C(1e5)      ", score(mm_lim=20, csr_cv=4, onelen_max=1e5))
for label, r, f in data:
    a = choose(r, f); b = choose(r, f, mm_lim=20, csr_cv=4, onelen_max=1e5)
    if a != b: print("  %-6s %-45s %s %.2f -> %s %.2f" % (label, r["matrix"][-45:], a, r["shares"][a], b, r["shares"][b]))
