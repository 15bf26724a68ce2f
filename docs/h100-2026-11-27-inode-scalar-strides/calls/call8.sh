set -uo pipefail
mkdir -p $OUT/r .runtime/unpacked
tar xJf .runtime/cudapetsc-libs.tar.xz -C .runtime/unpacked
source .runtime/unpacked/cudapetsc-libs/env.sh
export XDG_CACHE_HOME=/tmp/cache
run() {  # tag, bench options...
  local tag=$1; shift; f=$OUT/r/$tag.txt
  timeout 100 .runtime/s37d/bench --reps 50 --formats auto,inode,suraa,cusparse-alg1 "$@" > $f 2>&1
  printf "%-22s rc %s" $tag $?; grep -E "^  (auto|suraa|inode|cusparse)" $f | awk '{printf " | %s %s", $1, $5}'; echo
}
run fem120-renumbered --renumber rcm gen:fem:n=120
run fem100-renumbered --renumber rcm gen:fem:n=100
run fem70-renumbered --renumber rcm gen:fem:n=70
run fem48-renumbered --renumber rcm gen:fem:n=48
run fem120-none --reorder none gen:fem:n=120
run rmat-uniform gen:rmat:scale=20,ef=16,a=0.25,b=0.25,c=0.25
run circuit-short gen:circuit:n=2000000,long=0,len=10
run mdual-none --reorder none .runtime/s37d/mdual.mtx.gz
tar czf $OUT/call.tar.gz -C $OUT r && rm -rf $OUT/r
