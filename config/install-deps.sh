#!/usr/bin/env bash
# Installs the Debian 12 packages aijadaptive needs, only those missing, and
# any packages given as arguments (config/petsc-variants.sh's other PETSc builds).
# Idempotent: a second run installs nothing and does not touch the network.
# The CUDA toolkit is optional and not installed here: with nvcc on PATH (or at
# /usr/local/cuda) the GPU path is built, without it the host path only.
set -euo pipefail

packages=(
  cmake g++ make pkg-config          # build
  petsc-dev libopenmpi-dev openmpi-bin  # PETSc 3.18 (real, 32-bit indices) and its MPI
  libpetsc3.18-dev-examples          # PETSc's ksp/tutorials/ex56.c (tests petsc_ex56_*)
  googletest libgtest-dev            # unit tests
  zlib1g-dev gzip                    # .mtx.gz input
  python3 python3-matplotlib         # benchmark pictures
  libtrilinos-kokkos-kernels-dev libtrilinos-kokkos-dev  # KokkosSparse::spmv baseline (host)
)
packages+=("$@")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
