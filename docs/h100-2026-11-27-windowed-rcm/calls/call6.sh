set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
show() { grep -E "^  [a-z]" $1 | awk '{printf "   %-22s %8s us %s %s\n", $1, $5, $(NF-2), $NF}'; grep -o "reordered (RCM[^)]*)[^;]*" $1 | sort | uniq -c | head -3; }
run() { # NAME BENCH SPEC [env]
  local f=$OUT/r/$1.txt; shift; local b=$1; shift
  timeout 100 env "$@" .runtime/s36/bench-$b --reps 50 --formats auto,suraa,inode,cusparse-alg1 $SPEC > $f 2>&1
  echo "== $(basename $f .txt): $?"; show $f
}
for k in 1 2; do
  SPEC=gen:fem:n=120; run old-n120-$k old X=1; run new-n120-$k new X=1; run w65536-n120-$k new AIJA_PROTO_WINDOW=65536; run w16384-n120-$k new AIJA_PROTO_WINDOW=16384
  SPEC=gen:fem:n=120,block=5000; run old-b5000-$k old X=1; run new-b5000-$k new X=1
  SPEC=gen:fem:n=70; run old-n70-$k old X=1; run new-n70-$k new X=1
  SPEC=gen:fem:n=120,block=20000; run old-b20000-$k old X=1; run new-b20000-$k new X=1
done
tar czf $OUT/call6.tar.gz -C $OUT r && rm -rf $OUT/r
