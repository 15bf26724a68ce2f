nproc; cat /sys/fs/cgroup/cpu.max 2>/dev/null; lscpu | grep -E 'Model name|Thread|Core|Socket|NUMA node\(s\)'
.runtime/s38/rt gen:fem:n=120 2>&1
.runtime/s38/rt gen:fem:n=70 2>&1 | grep threads
