set -e
cd /work/main
for v in "12 4" "16 4" "1 8"; do
  set -- $v
  touch src/formats/inode/kernels.cu
  cmake --build build-gpu --target aijadaptive-bench -j2 -- CUDA_FLAGS="-O3 -DNDEBUG --generate-code=arch=compute_90,code=[compute_90,sm_90] -Xcompiler=-fPIC -std=c++17 -DAIJA_INODE_MIN_BLOCKS=$1 -DAIJA_INODE_UNROLL=$2" > /tmp/var-$1-$2.log 2>&1
  cp build-gpu/examples/aijadaptive-bench .runtime/inode-variants/bench-mb$1-u$2
  xz -f -9 -T0 .runtime/inode-variants/bench-mb$1-u$2
done
touch src/formats/inode/kernels.cu
cmake --build build-gpu --target aijadaptive-bench -j2 > /tmp/var-base.log 2>&1
echo variants-done
