#!/bin/sh
# Builds and runs the C engine tests (tests/c/test_engine.c) with gcc:
#   1. -O1 -fsanitize=address,undefined (quick sweeps, threaded paths: the worker pool,
#      concurrent callers, fork); -O1, the sanitizers' usual level: the AVX2 region's
#      instrumented compile took 241 s of compiler time against -O2's 309 s (Intel Xeon,
#      gcc 12), and the -O3 build below runs the optimised code. Line tables only (-g1,
#      no variable tracking): the reports keep file:line, and the baseline region compiles
#      in 68 s of compiler time against -g's 131 s, of which var-tracking took 49. No
#      use-after-scope checks: the intrinsics' temporaries made them half the build (an
#      AVX-512 op unit 4.2-4.5 s of compiler time with them, 2.0 s without, AMD Zen 4);
#      the kernels take no address of a scoped local past its scope, and stack and heap
#      overflows are still caught
#   2. -O3, the extension's flags (full sweeps, JOBS shards of the test list at once)
#   3. aarch64 under qemu (quick sweeps), when a cross compiler and qemu-user are installed
# `run_c_tests.sh [sanitizers|optimised]` runs one part (1, or 2 and 3: the slow tier runs
# them as two tests, on two workers); no argument runs all three.
# Exits non-zero on any failure; the last line is "N passed, M failed".
set -eu
PART=${1:-all}
case "$PART" in
    all|sanitizers|optimised) ;;
    *) echo "usage: $0 [sanitizers|optimised]" >&2; exit 2 ;;
esac
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
# the three ISA regions first: they take most of the time (src/regions.h)
SRCS="$(ls "$ROOT"/src/region_*.c) $ROOT/tests/c/test_engine.c $(ls "$ROOT"/src/*.c | grep -v /region_)"
INC="-I$ROOT/src -I$ROOT/tests/c -I$TMP/gen"
# the ISA regions this CPU runs (src/kernels.c's rule, read from the kernel's CPU flags):
# a region it cannot run is compiled as an empty unit (src/regions.h AO_ISA_LEVEL_MAX),
# where it was a third of each build's compiler time and never ran. test_engine.c checks
# that the CPU runs no region above the cap. Not on Linux x86-64: every region.
CAP=""
if [ "$(uname -m)" = x86_64 ] && FLAGS=$(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null); then
    has() {
        for f in "$@"; do
            case " ${FLAGS#*:} " in *" $f "*) ;; *) return 1 ;; esac
        done
    }
    if has avx512f avx512bw avx512vl avx512dq fma bmi2 avx2; then CAP=2
    elif has avx2 fma f16c; then CAP=1
    else CAP=0; fi
    echo "== ISA regions built: up to level $CAP (0 baseline, 1 AVX2, 2 AVX-512), the best this CPU runs"
    CAP="-DAO_ISA_LEVEL_MAX=$CAP"
fi
WARN="-Wall -Wextra -Wno-comment -Wno-unused-parameter -Wno-unused-function"
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}

# build OUT CC FLAGS...: every source compiled to an object of its own, JOBS at a time,
# then linked into OUT (one compiler call for all of them would compile them in turn)
build() {
    out=$1; shift
    mkdir -p "$out.o"
    for s in $SRCS; do echo "$s"; done |
        xargs -P "$JOBS" -I % sh -c 'exec "$@" -c % -o "'"$out.o"'/$(basename %).o"' sh "$@"
    "$@" "$out.o"/*.o -lm -o "$out"
}

P1=0; F1=0
if [ "$PART" != optimised ]; then
    echo "== build: -O1 -fsanitize=address,undefined"
    build "$TMP/test_asan" $CC -std=c11 -O1 -g1 -fno-var-tracking -fno-var-tracking-assignments $WARN -pthread -fsanitize=address,undefined \
        -fno-sanitize-address-use-after-scope -fno-sanitize-recover=all -fno-math-errno -fno-trapping-math -ffp-contract=off $INC $CAP
    echo "== run (sanitizers)"
    ASAN_OPTIONS=detect_leaks=1 "$TMP/test_asan" quick > "$TMP/asan.log" 2>&1 || { cat "$TMP/asan.log"; echo "sanitizer run failed"; exit 1; }
    tail -n 1 "$TMP/asan.log"
    P1=$(tail -n 1 "$TMP/asan.log" | awk '{print $1}')
    F1=$(tail -n 1 "$TMP/asan.log" | awk '{print $3}')
fi

P2=0; F2=0; P3=0; F3=0
if [ "$PART" != sanitizers ]; then
    echo "== build: -O3"
    build "$TMP/test_o3" $CC -std=c11 -O3 $WARN -pthread -fno-math-errno -fno-trapping-math \
        -ffp-contract=off $INC $CAP
    # the full sweeps in JOBS processes at once, each a shard of the test list (test_engine.c
    # main: "shard K N"; every float of the GELU accuracy sweeps, one test each, take most
    # of the time and fall in different shards)
    echo "== run (-O3, $JOBS shards)"
    pids=""
    k=0
    while [ "$k" -lt "$JOBS" ]; do
        "$TMP/test_o3" shard "$k" "$JOBS" > "$TMP/o3.$k.log" 2>&1 &
        pids="$pids $!"
        k=$((k + 1))
    done
    k=0
    for pid in $pids; do
        wait "$pid" || { cat "$TMP/o3.$k.log"; echo "-O3 run (shard $k of $JOBS) failed"; exit 1; }
        grep -v '^  ' "$TMP/o3.$k.log" | head -n -1 || true
        grep '^  ' "$TMP/o3.$k.log" || true
        P2=$((P2 + $(tail -n 1 "$TMP/o3.$k.log" | awk '{print $1}')))
        F2=$((F2 + $(tail -n 1 "$TMP/o3.$k.log" | awk '{print $3}')))
        k=$((k + 1))
    done
    # arm64 (the portable baseline region with NEON) when a cross compiler and qemu are
    # installed (Debian: gcc-aarch64-linux-gnu qemu-user-static); skipped otherwise.
    if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && command -v qemu-aarch64-static >/dev/null 2>&1; then
        echo "== build: aarch64 -O2, run under qemu (quick)"
        build "$TMP/test_arm64" aarch64-linux-gnu-gcc -std=c11 -O2 $WARN -pthread -fno-math-errno \
            -fno-trapping-math -ffp-contract=off $INC
        qemu-aarch64-static -L /usr/aarch64-linux-gnu "$TMP/test_arm64" quick > "$TMP/arm64.log" 2>&1 ||
            { cat "$TMP/arm64.log"; echo "aarch64 run failed"; exit 1; }
        tail -n 1 "$TMP/arm64.log"
        P3=$(tail -n 1 "$TMP/arm64.log" | awk '{print $1}')
        F3=$(tail -n 1 "$TMP/arm64.log" | awk '{print $3}')
    fi
fi
echo "$((P1 + P2 + P3)) passed, $((F1 + F2 + F3)) failed"
[ "$((F1 + F2 + F3))" -eq 0 ]
