#!/usr/bin/env bash
# Call 1 (stop 67): the host-side cost of the CUDA calls of a small matrix's upload (api_costs.cu,
# built here with `nvcc -O2 -arch=sm_90 api_costs.cu -o api_costs`), two runs.
# Carry: .runtime/s67 (api_costs, this script).
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT; for r in 1 2; do .runtime/s67/api_costs; done | tee $OUT/api_costs.txt
