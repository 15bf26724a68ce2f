#!/usr/bin/env python3
"""A new matrix's set-up (aijadaptive-setup-timing's "new matrix, analyse +
upload", median of its repetitions) per build and round, from a call's
steps.tar.gz (files steps-BUILD-ROUND-MATRIX.txt), and each build's mean over
the rounds against the first build's (geometric mean over the matrices).
    steps_table.py logs/callN/steps.tar.gz"""
import re, statistics, sys, tarfile
from collections import defaultdict


def main(path):
    runs = defaultdict(dict)  # (build, matrix) -> round -> (whole, analyse_matrix, host build, upload)
    builds, matrices = [], []
    with tarfile.open(path) as t:
        for member in t.getmembers():
            m = re.match(r"steps-(\w+)-(\d)-(.+)\.txt$", member.name)
            if not m:
                continue
            build, rnd, matrix = m.group(1), int(m.group(2)), m.group(3)
            text = t.extractfile(member).read().decode()
            num = lambda pattern: float(re.search(pattern, text).group(1))
            runs[(build, matrix)][rnd] = (num(r"analyse \+ upload\s+([\d.]+)"), num(r"analyse_matrix \(auto\)\s+([\d.]+)"),
                                          num(r"host build\s+([\d.]+)"), num(r"upload \+ synchronize\s+([\d.]+)"))
            if build not in builds:
                builds.append(build)
            if matrix not in matrices:
                matrices.append(matrix)
    print(f"{'matrix':12}" + "".join(f" {b + ' (rounds)':>18}" for b in builds) + "".join(f" {b + '/' + builds[0]:>10}" for b in builds[1:]))
    ratio = defaultdict(list)
    for m in matrices:
        means = {b: statistics.mean(v[0] for v in runs[(b, m)].values()) for b in builds}
        line = f"{m:12}" + "".join(" " + " ".join(f"{runs[(b, m)][r][0]:8.1f}" for r in sorted(runs[(b, m)])) for b in builds)
        for b in builds[1:]:
            ratio[b].append(means[b] / means[builds[0]])
            line += f" {means[b] / means[builds[0]]:10.2f}"
        print(line)
    for b in builds[1:]:
        print(f"geometric mean {b}/{builds[0]}: {statistics.geometric_mean(ratio[b]):.3f}")


if __name__ == "__main__":
    main(sys.argv[1])
