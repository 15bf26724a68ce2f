set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
for b in new old; do xz -dc .runtime/proto/bench-$b.xz > /tmp/bench-$b; chmod +x /tmp/bench-$b; done
for k in 1 2; do
  for b in new old; do
    [ $SECONDS -gt 520 ] && continue
    timeout 200 /tmp/bench-$b --suite .runtime/real-suite.txt --matrix-dir .runtime/matrices --formats auto,cusparse-alg1 --reps 100 --csv $OUT/r/real-$b-$k.csv > $OUT/r/real-$b-$k.txt 2>&1
    echo "real $b ($k): $? $(tail -1 $OUT/r/real-$b-$k.txt)"
    timeout 150 /tmp/bench-$b --formats auto,csr,ipcsr,cusparse-alg1 --reps 50 gen:fem:n=70 gen:fem:n=100 gen:fem:n=120 > $OUT/r/fem-$b-$k.txt 2>&1
    echo "fem $b ($k): $? $(grep -E '^  [a-z]' $OUT/r/fem-$b-$k.txt | awk '{printf "%s %s  ", $1, $5}')"
  done
done
tar czf $OUT/call10.tar.gz -C $OUT r && rm -rf $OUT/r
