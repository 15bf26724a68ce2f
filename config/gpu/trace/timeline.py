#!/usr/bin/env python3
"""What each microsecond of a repeated GPU operation was, from cupti_trace.c's CSV.

    timeline.py TRACE.csv [--kernel SUBSTRING] [--count N] [--show K]

Finds the longest run of consecutive kernels of one name (the timed MatMult
loop of a benchmark: every product is the same kernel), keeps the middle N of
it and prints medians per product:
- on the GPU: the kernel's run time, the time from one kernel's start to the
  next, the idle gap between them, and how long each launch waited between
  being queued on the host, handed to the GPU and starting;
- on the host: the interval between the launches that made them, and the CUDA
  calls made in it (runtime and driver), each with its count per product and
  median time;
then K products in full, as a timeline in microseconds.
"""
import argparse
import csv
import statistics
from collections import defaultdict


def read(path):
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            for k in ("start_ns", "end_ns", "queued_ns", "submitted_ns", "correlation", "stream"):
                r[k] = int(r[k])
            rows.append(r)
    rows.sort(key=lambda r: r["start_ns"])
    return rows


def longest_run(kernels, name_filter):
    best, start = (0, 0), 0
    for i in range(1, len(kernels) + 1):
        if i == len(kernels) or kernels[i]["name"] != kernels[start]["name"]:
            if (name_filter in kernels[start]["name"]) and i - start > best[1] - best[0]:
                best = (start, i)
            start = i
    return kernels[best[0]:best[1]]


def med(values):
    return statistics.median(values) if values else float("nan")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("trace")
    p.add_argument("--kernel", default="", help="only runs of kernels whose name contains this")
    p.add_argument("--count", type=int, default=500, help="products kept from the middle of the run")
    p.add_argument("--show", type=int, default=2, help="products printed in full")
    a = p.parse_args()

    rows = read(a.trace)
    gpu = [r for r in rows if r["kind"] in ("kernel", "memcpy", "memset")]
    kernels = [r for r in rows if r["kind"] == "kernel"]
    run = longest_run(kernels, a.kernel)
    if len(run) < 3:
        raise SystemExit("no repeated kernel found")
    mid = len(run) // 2
    keep = run[max(1, mid - a.count // 2):mid + a.count // 2]
    print(f"kernel: {keep[0]['name'][:100]}")
    print(f"run of {len(run)} launches, {len(keep)} kept from its middle")

    by_corr = defaultdict(list)
    for r in rows:
        if r["kind"] in ("driver", "runtime"):
            by_corr[r["correlation"]].append(r)
    launches = []
    for k in keep:
        calls = [c for c in by_corr.get(k["correlation"], []) if c["kind"] == "driver"]
        launches.append(calls[0] if calls else None)

    dur = [k["end_ns"] - k["start_ns"] for k in keep]
    period = [b["start_ns"] - a_["start_ns"] for a_, b in zip(keep, keep[1:])]
    gap = [b["start_ns"] - a_["end_ns"] for a_, b in zip(keep, keep[1:])]
    # CUPTI leaves them unset for some launches (graph kernels): kept only where ordered.
    stamped = [k for k in keep if 0 < k["queued_ns"] <= k["submitted_ns"] <= k["start_ns"]]
    q2s = [k["submitted_ns"] - k["queued_ns"] for k in stamped]
    s2r = [k["start_ns"] - k["submitted_ns"] for k in stamped]
    others = [g for g in gpu if keep[0]["start_ns"] <= g["start_ns"] <= keep[-1]["end_ns"]
              and not (g["kind"] == "kernel" and g["name"] == keep[0]["name"])]
    us = lambda ns: ns / 1000.0
    print("GPU, median per product (us):")
    print(f"  kernel run time          {us(med(dur)):7.3f}")
    print(f"  start to next start      {us(med(period)):7.3f}")
    print(f"  idle gap between kernels {us(med(gap)):7.3f}")
    print(f"  queued -> submitted      {us(med(q2s)):7.3f}")
    print(f"  submitted -> started     {us(med(s2r)):7.3f}")
    print(f"  other GPU operations in the window: {len(others)}"
          + (f" ({', '.join(sorted(set(o['kind'] + ' ' + o['name'][:40] for o in others))[:4])})" if others else ""))

    found = [l for l in launches if l]
    if len(found) >= 2:
        host_period = [b["start_ns"] - a_["start_ns"] for a_, b in zip(found, found[1:])]
        print(f"host: launch call {found[0]['name']}, launch to next launch {us(med(host_period)):.3f} us (median)")
        per_call = defaultdict(list)
        thread_rows = [r for r in rows if r["kind"] in ("driver", "runtime")
                       and found[0]["start_ns"] <= r["start_ns"] < found[-1]["start_ns"]]
        for r in thread_rows:
            per_call[(r["kind"], r["name"])].append(r["end_ns"] - r["start_ns"])
        n = len(found) - 1
        print("  CUDA calls per product: count, median us, total us per product")
        for (kind, name), d in sorted(per_call.items(), key=lambda kv: -sum(kv[1])):
            print(f"    {kind:7s} {name:40s} {len(d) / n:5.2f} {us(med(d)):7.3f} {us(sum(d)) / n:7.3f}")

    for j in range(min(a.show, len(keep) - 2)):
        i = len(keep) // 2 + j
        k0, k1 = keep[i], keep[i + 1]
        t0 = k0["start_ns"]
        # From the call that launched it (or its start) to the next kernel's start.
        begin = min(launches[i]["start_ns"], t0) if launches[i] else t0
        print(f"product {j + 1} in full (us from its kernel's start):")
        window = [r for r in rows if begin <= r["start_ns"] <= k1["start_ns"]]
        for r in window:
            extra = ""
            if r["kind"] == "kernel" and 0 < r["queued_ns"] <= r["submitted_ns"] <= r["start_ns"]:
                extra = f" queued {us(r['queued_ns'] - t0):8.3f} submitted {us(r['submitted_ns'] - t0):8.3f}"
            print(f"  {us(r['start_ns'] - t0):9.3f} .. {us(r['end_ns'] - t0):9.3f} {r['kind']:7s} "
                  f"{r['name'][:50]}{extra}")


if __name__ == "__main__":
    main()
