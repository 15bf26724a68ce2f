nproc
.runtime/s38/rt4 gen:fem:n=120
.runtime/s38/rt4 gen:fem:n=70
for env in "" "OMPI_COMM_WORLD_LOCAL_SIZE=4"; do for mode in 1 default; do
  echo "== 4 processes at once, team $mode, gen:fem:n=70, environment: $env"
  for i in 1 2 3 4; do env $env .runtime/s38/rt4 gen:fem:n=70 $mode > /tmp/o$i.txt 2>&1 & done; wait; cat /tmp/o?.txt
done; done
echo "== 1 process, team default, gen:fem:n=70"; .runtime/s38/rt4 gen:fem:n=70 default; .runtime/s38/rt4 gen:fem:n=120 default
