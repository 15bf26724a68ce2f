set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv > $OUT/r/gpu.txt
B=.runtime/s36/aijadaptive-bench
for m in gen:fem:n=120 gen:fem:n=120,block=1 gen:fem:n=120,block=64; do
  for ren in none rcm; do
    [ $SECONDS -gt 420 ] && continue
    f=$OUT/r/fem-$(echo $m | tr ':=,' '___')-$ren.txt
    timeout 200 $B --renumber $ren --reorder none --reps 50 --formats inode,ipcsr,suraa,csr,cusparse-alg1,cusparse-alg2 $m > $f 2>&1
    echo "$m renumber $ren: $?"; grep -E "^matrix|^  [a-z]" $f | awk '/^matrix/{print substr($0,1,90)} /^  [a-z]/{printf "   %-22s %8s us %6s %6s %s\n", $1, $5, $10, $13, $14}'
  done
done
tar czf $OUT/call1.tar.gz -C $OUT r && rm -rf $OUT/r
