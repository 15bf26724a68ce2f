set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
B=.runtime/s36/aijadaptive-bench
show() { grep -E "^matrix|^  [a-z]" $1 | awk '/^matrix/{print substr($0,1,100)} /^  [a-z]/{printf "   %-22s %8s us %6s %6s %s\n", $1, $5, $10, $13, $14}'; }
for W in 0 4096 16384 65536; do
  f=$OUT/r/renum-W$W.txt
  AIJA_PROTO_WINDOW=$W timeout 100 $B --renumber rcm --reorder none --reps 50 --formats cusparse-alg1,suraa,inode,ipcsr,csr gen:fem:n=120 > $f 2>&1
  echo "== renumbered W=$W: $?"; show $f
done
for m in gen:fem:n=120 gen:fem:n=100 gen:fem:n=70; do
for W in 0 4096 16384; do
for RM in 8 64; do
  [ $SECONDS -gt 400 ] && continue
  f=$OUT/r/reorder-$(echo $m | tr ':=,' '___')-W$W-RM$RM.txt
  AIJA_PROTO_WINDOW=$W AIJA_PROTO_ROWMAP_MIB=$RM timeout 100 $B --reorder rcm --reps 50 --formats auto,suraa,inode,cusparse-alg1 $m > $f 2>&1
  echo "== $m reorder W=$W rowmap<=${RM}MiB: $?"; show $f | grep -v "^matrix"
done; done; done
tar czf $OUT/call2.tar.gz -C $OUT r && rm -rf $OUT/r
