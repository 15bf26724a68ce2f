set -uo pipefail
mkdir -p $OUT/r
source config/gpu/run.sh cudapetsc /work/main > /dev/null
export XDG_CACHE_HOME=/tmp/cache
B=build-cuda-petsc/examples/aijadaptive-bench
timeout 200 ctest --test-dir build-cuda-petsc -R "reorder|rcm" --output-on-failure > $OUT/r/ctest-reorder.txt 2>&1; echo "ctest reorder (row map): $? $(grep 'tests passed' $OUT/r/ctest-reorder.txt)"
AIJA_REORDER_ROW_MAP=0 timeout 200 ctest --test-dir build-cuda-petsc -R "reorder|rcm" --output-on-failure > $OUT/r/ctest-reorder-gather.txt 2>&1; echo "ctest reorder (gather back): $? $(grep 'tests passed' $OUT/r/ctest-reorder-gather.txt)"
for k in 1 2; do
for m in gen:fem:n=120 gen:fem:n=70; do
  for rm in 1 0; do
    f=$OUT/r/fem-$(echo $m | tr ':=,' '___')-rowmap$rm-$k.txt
    AIJA_REORDER_ROW_MAP=$rm timeout 240 $B --reorder rcm --reps 50 --formats inode,suraa,ipcsr,segspmv,csr,cusparse-alg1 $m > $f 2>&1
    echo "$m row map $rm ($k): $? $(grep -E '^  [a-z]' $f | awk '{printf "%s %s  ", $1, $5}')"
  done
done
done
f=$OUT/r/fem-120-renumbered.txt
timeout 240 $B --renumber rcm --reorder none --reps 50 --formats inode,suraa,ipcsr,segspmv,csr,cusparse-alg1 gen:fem:n=120 > $f 2>&1
echo "renumbered: $? $(grep -E '^  [a-z]' $f | awk '{printf "%s %s  ", $1, $5}')"
tar czf $OUT/call7.tar.gz -C $OUT r && rm -rf $OUT/r
