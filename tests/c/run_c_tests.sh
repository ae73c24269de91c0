#!/bin/sh
# Builds and runs the C engine tests (tests/c/test_engine.c) with gcc:
#   1. -O2 -fsanitize=address,undefined (quick sweeps, threaded paths: the worker pool,
#      concurrent callers, fork)
#   2. -O3, the extension's flags (full sweeps)
#   3. aarch64 under qemu (quick sweeps), when a cross compiler and qemu-user are installed
# Exits non-zero on any failure; the last line is "N passed, M failed".
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-gcc}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM
mkdir -p "$TMP/gen"
# the kernel list setup.py would generate, plus the test-only ops
{
    for f in "$ROOT"/src/ops/*.h; do
        echo "#include \"ops/$(basename "$f")\""
    done
    for f in "$ROOT"/tests/c/test_ops/*.h; do
        echo "#include \"test_ops/$(basename "$f")\""
    done
} > "$TMP/gen/ascendops_ops_list.h"
SRCS="$ROOT/tests/c/test_engine.c $(ls "$ROOT"/src/*.c)"
INC="-I$ROOT/src -I$ROOT/tests/c -I$TMP/gen"
WARN="-Wall -Wextra -Wno-comment -Wno-unused-parameter -Wno-unused-function"

echo "== build: -O2 -fsanitize=address,undefined"
$CC -std=c11 -O2 -g $WARN -pthread -fsanitize=address,undefined -fno-sanitize-recover=all \
    -fno-math-errno -fno-trapping-math -ffp-contract=off $INC $SRCS -lm -o "$TMP/test_asan"
echo "== run (sanitizers)"
ASAN_OPTIONS=detect_leaks=1 "$TMP/test_asan" quick > "$TMP/asan.log" 2>&1 || { cat "$TMP/asan.log"; echo "sanitizer run failed"; exit 1; }
tail -n 1 "$TMP/asan.log"
P1=$(tail -n 1 "$TMP/asan.log" | awk '{print $1}')
F1=$(tail -n 1 "$TMP/asan.log" | awk '{print $3}')

echo "== build: -O3"
$CC -std=c11 -O3 $WARN -pthread -fno-math-errno -fno-trapping-math -ffp-contract=off $INC $SRCS -lm -o "$TMP/test_o3"
echo "== run (-O3)"
"$TMP/test_o3" > "$TMP/o3.log" 2>&1 || { cat "$TMP/o3.log"; echo "-O3 run failed"; exit 1; }
grep -v '^  ' "$TMP/o3.log" | head -n -1 || true
grep '^  ' "$TMP/o3.log" || true
P2=$(tail -n 1 "$TMP/o3.log" | awk '{print $1}')
F2=$(tail -n 1 "$TMP/o3.log" | awk '{print $3}')
# arm64 (the portable baseline region with NEON) when a cross compiler and qemu are
# installed (Debian: gcc-aarch64-linux-gnu qemu-user-static); skipped otherwise.
P3=0; F3=0
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && command -v qemu-aarch64-static >/dev/null 2>&1; then
    echo "== build: aarch64 -O2, run under qemu (quick)"
    aarch64-linux-gnu-gcc -std=c11 -O2 $WARN -pthread -fno-math-errno -fno-trapping-math -ffp-contract=off \
        $INC $SRCS -lm -o "$TMP/test_arm64"
    qemu-aarch64-static -L /usr/aarch64-linux-gnu "$TMP/test_arm64" quick > "$TMP/arm64.log" 2>&1 ||
        { cat "$TMP/arm64.log"; echo "aarch64 run failed"; exit 1; }
    tail -n 1 "$TMP/arm64.log"
    P3=$(tail -n 1 "$TMP/arm64.log" | awk '{print $1}')
    F3=$(tail -n 1 "$TMP/arm64.log" | awk '{print $3}')
fi
echo "$((P1 + P2 + P3)) passed, $((F1 + F2 + F3)) failed"
[ "$((F1 + F2 + F3))" -eq 0 ]
