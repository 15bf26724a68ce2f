# rt3: calls/rcm-threads.cpp against the core of the first sleeping team (512 pauses and 64 yields before it sleeps);
# rt4 (call 7): against the final core (2048 pauses and 1024 yields, the team sized by team_threads()).
nproc
.runtime/s38/rt3 gen:fem:n=120
.runtime/s38/rt3 gen:fem:n=70
for mode in 1 default; do
  echo "== 4 processes at once, team $mode, gen:fem:n=70"
  for i in 1 2 3 4; do .runtime/s38/rt3 gen:fem:n=70 $mode > /tmp/o$i.txt 2>&1 & done; wait; cat /tmp/o?.txt
  echo "== 1 process, team $mode, gen:fem:n=70"; .runtime/s38/rt3 gen:fem:n=70 $mode
done
