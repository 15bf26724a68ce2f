set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for k in 1 2; do
for spec in gen:fem:n=120 gen:fem:n=60,dof=3 gen:fem:n=48,dof=4 gen:fem:n=100; do
for b in head vearly; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag-$k.txt
  timeout 100 .runtime/s37/bench-$b --reps 50 --formats auto,inode,suraa,cusparse-alg1 $spec > $f 2>&1
  printf "%-22s rc %s" $b-$tag-$k $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done; done; done
for b in head vearly; do
  f=$OUT/r/$b-renumber.txt
  timeout 100 .runtime/s37/bench-$b --reps 50 --renumber rcm --formats inode,suraa,cusparse-alg1 gen:fem:n=120 > $f 2>&1
  printf "%-22s rc %s" $b-renumber $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
done
tar czf $OUT/call1.tar.gz -C $OUT r && rm -rf $OUT/r
