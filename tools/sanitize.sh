#!/usr/bin/env bash
# Builds ascendops with AddressSanitizer + UndefinedBehaviorSanitizer
# (ASCENDOPS_SANITIZE=1: -O1 -g -fsanitize=address,undefined) into a temporary copy
# of this checkout (the in-place build is left alone) and runs pytest there with the
# sanitizer runtimes preloaded into the (uninstrumented) Python interpreter.
#
#   tools/sanitize.sh                      # the whole suite: tests/
#   tools/sanitize.sh tests/reliability    # a subset; any pytest arguments
#   KEEP=1 tools/sanitize.sh ...           # keep the build folder (printed) for reruns
#   SANITIZE_DIR=/tmp/x tools/sanitize.sh  # reuse a build folder (rebuilds only what changed)
#
# Leak detection is off: CPython itself does not free everything at exit. Any ASan
# report (heap overflow, use after free, ...) or UBSan report aborts the run with a
# stack trace and a non-zero exit status.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${SANITIZE_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/ascendops-sanitize.XXXXXX")}"
if [[ -z "${SANITIZE_DIR:-}" && -z "${KEEP:-}" ]]; then
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
start=$SECONDS
echo "sanitize: copying the checkout to $work"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard) \
    | (cd "$repo" && xargs -0 cp -p --parents -t "$work" 2>/dev/null || true)
cd "$work"
echo "sanitize: building with ASCENDOPS_SANITIZE=1"
ASCENDOPS_SANITIZE=1 python setup.py -q build_ext --inplace >build.log 2>&1 || { tail -40 build.log; exit 1; }
echo "sanitize: built in $((SECONDS - start)) s"

asan="$(gcc -print-file-name=libasan.so)"
ubsan="$(gcc -print-file-name=libubsan.so)"
[[ -f "$asan" && -f "$ubsan" ]] || { echo "sanitize: libasan/libubsan not found ($asan, $ubsan)"; exit 1; }
export LD_PRELOAD="$asan $ubsan${LD_PRELOAD:+ $LD_PRELOAD}"
# reports go to files too: pytest captures the stderr of a test that aborts
logs="$work/sanitizer-logs"; rm -rf "$logs"; mkdir -p "$logs"
export ASAN_OPTIONS="log_path=$logs/asan:detect_leaks=0:abort_on_error=1:halt_on_error=1:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="log_path=$logs/ubsan:halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export PYTHONPATH="$work${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONFAULTHANDLER=1
t0=$SECONDS
set +e
python -m pytest -q -p no:cacheprovider "${@:-tests}"
rc=$?
set -e
if compgen -G "$logs/*" >/dev/null; then
    # warnings (the tests' deliberate huge allocations: "failed to allocate") are not errors
    nwarn=$(cat "$logs"/* | grep -c "WARNING: AddressSanitizer failed to allocate" || true)
    echo "sanitize: $nwarn expected allocation-failure warnings (OutOfMemoryError tests)"
    if grep -lE "ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer|SUMMARY:" "$logs"/* >/dev/null; then
        echo "sanitize: sanitizer reports:"; grep -hv "failed to allocate" "$logs"/*; rc=1
    fi
fi
echo "sanitize: tests ran in $((SECONDS - t0)) s (total $((SECONDS - start)) s), exit status $rc"
exit $rc
