set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
for spec in gen:fem:n=48 gen:fem:n=96 .runtime/s37d/mdual.mtx.gz; do
for b in head bench; do
  tag=$(basename $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag.txt
  timeout 100 .runtime/s37d/$b --reps 50 --formats auto,inode,suraa,cusparse-alg1,cusparse-alg2 $spec > $f 2>&1
  printf "%-22s rc %s" $b-$tag $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done; done
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
