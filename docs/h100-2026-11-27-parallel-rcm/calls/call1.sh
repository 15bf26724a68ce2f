set -uo pipefail
source .runtime/unpacked/cudapetsc-libs/env.sh 2>/dev/null || { mkdir -p .runtime/unpacked && tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked && source .runtime/unpacked/cudapetsc-libs/env.sh; }
mkdir -p $OUT/r .runtime/b; tar xJf .runtime/s38/benches.tar.xz -C .runtime/b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc
for s in gen:fem:n=120; do
  echo "== setup-old $s"; .runtime/b/setup-old $s 2>&1
  echo "== setup2s $s"; .runtime/b/setup2s $s 2>&1
done
for spec in gen:fem:n=120 gen:fem:n=70 gen:fem:n=100,block=5000 gen:fem:n=100,block=20000 gen:fem:n=96 gen:fem:n=48; do
for b in head new; do
  tag=$(echo $spec | sed 's/gen:fem://; s/[=,]/-/g'); f=$OUT/r/$b-$tag.txt
  timeout 120 .runtime/b/bench-$b --reps 30 --formats auto,cusparse-alg1 $spec > $f 2>&1
  printf "%-24s rc %s" $b-$tag $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s %s %s", $1, $3, $4, $5}'; grep -o 'inode: [0-9]* slices[^;]*' $f | head -1 | sed 's/^/ | /'; echo
done; done
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
