set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
for k in 1 2; do
for spec in gen:fem:n=120 gen:fem:n=60,dof=3 gen:fem:n=48,dof=4; do
for b in base a b; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag-$k.txt
  timeout 100 .runtime/s36c/bench-$b --reps 50 --formats inode,cusparse-alg1 $spec > $f 2>&1
  printf "%-20s rc %s" $b-$tag-$k $?; grep -E "^  (inode|cusparse)" $f | awk '{printf " | %s %s %s", $1, $5, $(NF-2)}'; echo
done; done; done
tar czf $OUT/call10.tar.gz -C $OUT r && rm -rf $OUT/r
