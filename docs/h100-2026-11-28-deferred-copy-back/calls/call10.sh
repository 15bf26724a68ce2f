#!/usr/bin/env bash
# Call 10 (stop 45, review): the copy back's staging local to CsrCopy; its GPU tests and memcheck.
set -uo pipefail
export XDG_CACHE_HOME=/tmp/cache
mkdir -p /tmp/r /tmp/gl && tar xJf .runtime/v46/gpu-libs.tar.xz -C /tmp/gl && source /tmp/gl/gpu-libs/env.sh
for f in test_csr_copy_gpu test_deferred_setup_gpu; do xz -dc .runtime/v46/$f.xz > /tmp/$f; chmod +x /tmp/$f; done
for t in test_csr_copy_gpu test_deferred_setup_gpu; do
  timeout 120 /tmp/$t > /tmp/r/$t.txt 2>&1; echo "$t rc $?"; tail -1 /tmp/r/$t.txt
  timeout 120 compute-sanitizer --tool memcheck --leak-check no /tmp/$t > /tmp/r/memcheck-$t.txt 2>&1; echo "memcheck $t rc $?"; tail -1 /tmp/r/memcheck-$t.txt
done
tar czf $OUT/r.tgz -C /tmp r
