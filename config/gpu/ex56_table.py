#!/usr/bin/env python3
"""PETSc ex56's MatMult per matrix type, from the -log_view of config/gpu/ex56.sh's
runs (one log per type; -log_view_gpu_time): iterations, MatMult calls, their
time, the time per call without the set-up (which the first MatMult makes,
inside its event) and on the GPU (its flops over its GPU flop rate), GPU Gflop/s, copies to/from the GPU within MatMult,
the matrix's set-up events (cuSPARSE's copy; aijadaptive's build and upload),
KSPSolve, the whole run and the final residual norm. Events are summed over
ex56's log stages.
Usage: ex56_table.py ex56-TYPE.txt..."""
import os, re, sys

SETUP = ("MatCUSPARSCopyTo", "AIJAdaptBuild", "AIJAdaptUpload")
EVENTS = ("MatMult", "KSPSolve") + SETUP


def num(s):
    try:
        return float(s)
    except ValueError:  # "n/a"
        return None


def parse(path):
    text = open(path, errors="replace").read()
    r = {"file": path, "type": None, "events": {}}
    m = re.search(r"^-mat_type (\S+)", text, re.M)
    r["type"] = m.group(1) if m else re.sub(r"^ex56-|\.txt$", "", os.path.basename(path))
    m = re.search(r"^SKIPPED: (.*)", text, re.M)
    r["skipped"] = m.group(1) if m else None
    m = re.search(r"rows=(\d+), cols=\d+", text)
    r["rows"] = int(m.group(1)) if m else None
    m = re.search(r"total: nonzeros=(\d+)", text)
    r["nnz"] = int(m.group(1)) if m else None
    m = re.search(r"Linear solve (?:converged|did not converge) due to (\w+) iterations (\d+)", text)
    r["reason"], r["its"] = (m.group(1), int(m.group(2))) if m else (None, None)
    m = re.search(r"KSP final norm of residual (\S+)", text)
    r["residual"] = m.group(1) if m else None
    m = re.search(r"^Time \(sec\):\s+(\S+)", text, re.M)
    r["total"] = num(m.group(1)) if m else None
    r["notes"] = [l.strip() for l in text.splitlines() if l.strip().startswith("aijadaptive:")][:2]
    # PETSc's message: the two lines after "--- Error Message ---".
    err = [l.split("PETSC ERROR:", 1)[1].strip() for l in text.splitlines() if "PETSC ERROR:" in l]
    err = [l for l in err if l and not l.startswith("---")][:2]
    r["error"] = ": ".join(err) or None
    for line in text.splitlines():
        f = line.split()
        if len(f) < 21 or f[0] not in EVENTS or not f[1].isdigit():
            continue
        e = r["events"].setdefault(f[0], {"count": 0, "time": 0.0, "gflops": None, "most": 0, "ctog": 0, "gtoc": 0,
                                          "flops": 0.0})
        count, t = int(f[1]), num(f[3])
        e["count"] += count
        e["flops"] += num(f[5]) or 0.0
        e["time"] = None if t is None or e["time"] is None else e["time"] + t
        if len(f) >= 27:  # a device PETSc: GPU Mflop/s, CpuToGpu count/size, GpuToCpu count/size, GPU %F
            if count > e["most"]:  # the rate of the stage with the most calls
                e["most"], e["gflops"] = count, (num(f[-6]) or 0) / 1e3
            e["ctog"] += int(num(f[-5]) or 0)
            e["gtoc"] += int(num(f[-3]) or 0)
    return r


def fmt(v, spec, missing="-"):
    return missing if v is None else format(v, spec)


def main(paths):
    runs = [parse(p) for p in paths]
    sized = next((r for r in runs if r["rows"]), None)
    if sized:
        print(f"ex56: {sized['rows']} rows, {sized['nnz']} nonzeros ({sized['nnz'] / sized['rows']:.1f} per row)")
    print(f"{'type':12} {'its':>4} {'MatMult':>7} {'MatMult s':>9} {'ms/call':>8} {'GPU ms':>7} {'GPU GF/s':>8} {'CtoG/GtoC':>9} "
          f"{'setup s':>8} {'KSPSolve s':>10} {'total s':>7} {'residual':>10} {'vs cuSP':>7}")
    base = None
    for r in runs:
        mult = r["events"].get("MatMult")
        if r["skipped"] or not mult:
            why = r["skipped"] or r["error"] or "no -log_view (crashed or timed out?)"
            print(f"{r['type']:12} {'skipped' if r['skipped'] else 'failed'}: {why[:160]}")
            continue
        setup = [r["events"][n]["time"] for n in SETUP if n in r["events"]]
        setup = sum(t for t in setup if t is not None) if setup else None
        per = ((mult["time"] - (setup or 0)) / mult["count"] * 1e3
               if mult["time"] is not None and mult["count"] else None)
        gpu = mult["flops"] / mult["count"] / (mult["gflops"] * 1e6) if mult["gflops"] and mult["count"] else None
        if r["type"] == "aijcusparse":
            base = gpu or per
        mine = gpu if gpu and base else per
        ksp = r["events"].get("KSPSolve", {}).get("time")
        vs = f"{base / mine:.2f}x" if base and mine else "-"
        print(f"{r['type']:12} {fmt(r['its'], 'd'):>4} {mult['count']:7d} {fmt(mult['time'], '.4f'):>9} "
              f"{fmt(per, '.4f'):>8} {fmt(gpu, '.4f'):>7} {fmt(mult['gflops'], '.1f'):>8} {str(mult['ctog']) + '/' + str(mult['gtoc']):>9} "
              f"{fmt(setup, '.4f'):>8} {fmt(ksp, '.4f'):>10} {fmt(r['total'], '.2f'):>7} {r['residual'] or '-':>10} {vs:>7}")
    for r in runs:
        for n in r["notes"]:
            print(n[:200])


if __name__ == "__main__":
    main(sys.argv[1:])
