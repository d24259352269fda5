#!/bin/bash
# ab_pairs.sh TREE_A TREE_B MODE GAMES REPEATS PAIRS
# Alternates cpu_bench.py in two worktrees (each with its .venv and its own compile cache
# in /work/cache/<tree name>), pair by pair, so both sides see the same minutes' load.
here=$(cd "$(dirname "$0")" && pwd)
a=$1; b=$2; mode=$3; games=$4; reps=$5; pairs=$6
for i in $(seq 1 "$pairs"); do
  for tree in "$a" "$b"; do
    (cd "$tree" && . .venv/bin/activate && export NUMBA_CACHE_DIR=/work/cache/$(basename "$tree") &&
     echo "$(basename "$tree") $mode $(timeout 900 python "$here/cpu_bench.py" "$mode" "$games" "$reps" 2>&1 | tail -1) load $(cut -d' ' -f1 /proc/loadavg)")
  done
done
