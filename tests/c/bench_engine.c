/* Micro-benchmark of the C engine (not a test): silu_backward over layouts/dtypes.
 * Build: see tests/c/run_c_tests.sh (same sources); run: bench_engine [threads].
 * Environment: BENCH_OP=<kernel> times another op (1 or 2 inputs), BENCH_ONLY=<text>
 * runs only the rows whose label contains it, BENCH_OFFSET=<bytes> starts the operands
 * that far off 64-byte lines (numpy's are 16), BENCH_LUT=0|1|2 sets ao_lut_policy,
 * BENCH_CPU=1 times CPU time (see now()), BENCH_PAGES=4k operands without huge pages, BENCH_DIST=normal draws dy ~ N(0, 1) and
 * x ~ 4 N(0, 1) as ascendops.bench does (the default, U(-2, 2) and U(-8, 8), touches
 * fewer float16 table entries). */
/* madvise and MADV_HUGEPAGE: hidden by -std=c11 without this, and the #ifdef below
 * then silently left every operand on 4 KiB pages */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include "elementwise.h"
#include "ao_internal.h"

/* BENCH_CPU=1: the calling thread's CPU time instead of wall time (1 thread only):
 * on a machine shared with other work, time the thread spent descheduled is not the
 * kernel's */
static double now(void)
{
    static int cpu = -1;
    if (cpu < 0)
        cpu = getenv("BENCH_CPU") && atoi(getenv("BENCH_CPU"));
    struct timespec ts;
    clock_gettime(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* 2 MiB aligned and advised for huge pages, as numpy's large arrays and ascendops'
 * device blocks are (4 KiB pages make every strip of x.T a TLB miss). BENCH_PAGES=4k
 * advises against them instead: a numpy array whose huge pages the kernel could not
 * find (a fragmented machine) has 4 KiB pages. */
static char *big_alloc(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    size_t rounded = (bytes + huge - 1) / huge * huge;
    char *p = aligned_alloc(huge, rounded);
    const int small = getenv("BENCH_PAGES") && !strcmp(getenv("BENCH_PAGES"), "4k");
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
    if (p) madvise(p, rounded, small ? MADV_NOHUGEPAGE : MADV_HUGEPAGE);
#endif
    return p;
}

static ao_tiling cann_tiling(int64_t n, int b)
{
    const int64_t ub = 196608, cores = 48;
    (void)ub;
    int64_t blocks = (n * b + 31) / 32;
    int64_t c = (n + 1023) / 1024;
    if (c > cores) c = cores;
    if (c > blocks) c = blocks;
    if (c < 1) c = 1;
    ao_tiling t;
    t.block_dim = c;
    t.small_core_data_num = blocks / c * 32 / b;
    t.big_core_data_num = (blocks / c + 1) * 32 / b;
    t.tail_block_num = blocks % c;
    return t;
}

static void bench(const char *label, int dt, int64_t rows, int64_t cols, int xT, int nt)
{
    const char *only = getenv("BENCH_ONLY"); /* run only the rows whose label has this */
    if (only && !strstr(label, only))
        return;
    int sz = dt == AO_DT_FLOAT ? 4 : 2;
    int64_t n = rows * cols;
    /* BENCH_OFFSET=<bytes>: operands that start off 64-byte boundaries, like numpy's */
    const int off = getenv("BENCH_OFFSET") ? atoi(getenv("BENCH_OFFSET")) % 64 : 0;
    char *dy0 = big_alloc(n * sz + 64), *x0 = big_alloc(n * sz + 64), *o0 = big_alloc(n * sz + 64);
    char *dy = dy0 + off, *x = x0 + off, *o = o0 + off;
    {   /* dy ~ U(-2, 2), x ~ U(-8, 8) (or BENCH_DIST=normal), converted to dt by the
         * engine itself */
        float *f = malloc(2 * n * 4);
        uint32_t s = 12345;
        const int normal = getenv("BENCH_DIST") && !strcmp(getenv("BENCH_DIST"), "normal");
        for (int64_t i = 0; i < 2 * n; i++) {
            s = s * 1664525u + 1013904223u;
            float u = (s >> 8) * (1.0f / 16777216.0f);
            if (normal) { /* Box-Muller from two uniforms in (0, 1) */
                s = s * 1664525u + 1013904223u;
                float u2 = ((s >> 8) + 0.5f) * (1.0f / 16777216.0f);
                float z = sqrtf(-2.0f * logf(u2)) * cosf(6.2831853f * u);
                f[i] = z * (i < n ? 1.0f : 4.0f);
            } else {
                f[i] = (u - 0.5f) * (i < n ? 4.0f : 16.0f);
            }
        }
        if (sz == 4) { memcpy(dy, f, n * 4); memcpy(x, f + n, n * 4); }
        else {
            const ao_isa_impl *isa = ao_isa_current();
            ao_cvt_out_fn cv = dt == AO_DT_FLOAT16 ? isa->f32_to_f16 : isa->f32_to_bf16;
            cv((uint16_t *)dy, f, n);
            cv((uint16_t *)x, f + n, n);
        }
        free(f);
    }
    memset(o, 0, n * sz);
    ao_ew_plan p;
    memset(&p, 0, sizeof p);
    p.kernel = ao_kernel_find(getenv("BENCH_OP") ? getenv("BENCH_OP") : "silu_backward");
    p.nin = ao_kernel_arity(p.kernel); p.ndim = 2; p.numel = n; p.shape[0] = rows; p.shape[1] = cols;
    for (int k = 0; k < 3; k++) { p.dtype[k] = dt; p.strides[k][0] = cols; p.strides[k][1] = 1; }
    if (xT) { p.strides[2][0] = 1; p.strides[2][1] = rows; }
    p.tiling = cann_tiling(n, sz);
    char *data[3] = { o, dy, x };
    ao_ew_run(&p, data, nt);
    /* small sizes: repeat each timed sample to ~1 ms so the clock resolves it */
    int inner = n >= 1000000 ? 1 : (int)(1000000 / n);
    double best = 1e9;
    for (int r = 0; r < 9; r++) {
        double t0 = now();
        for (int k = 0; k < inner; k++)
            ao_ew_run(&p, data, nt);
        double t = (now() - t0) / inner;
        if (t < best) best = t;
    }
    printf("%-32s %2d thr: %8.3f ms  %6.2f GB/s  %6.3f ns/elem\n", label, nt, best * 1e3,
           3.0 * n * sz / best / 1e9, best / n * 1e9);
    free(dy0); free(x0); free(o0);
}

int main(int argc, char **argv)
{
    int nt = argc > 1 ? atoi(argv[1]) : 1;
    if (getenv("BENCH_LUT")) /* BENCH_LUT=0|1|2: lookup-table policy (ao_lut_policy) */
        ao_lut_policy(atoi(getenv("BENCH_LUT")));
    printf("isa %s\n", ao_isa_name());
    bench("f32 contiguous 1e7", AO_DT_FLOAT, 1, 10000000, 0, nt);
    bench("f16 contiguous 1e7", AO_DT_FLOAT16, 1, 10000000, 0, nt);
    bench("bf16 contiguous 1e7", AO_DT_BF16, 1, 10000000, 0, nt);
    bench("f32 contiguous 1e4", AO_DT_FLOAT, 1, 10000, 0, nt);
    bench("f16 contiguous 1e4", AO_DT_FLOAT16, 1, 10000, 0, nt);
    bench("bf16 contiguous 1e4", AO_DT_BF16, 1, 10000, 0, nt);
    bench("f32 contiguous 1e5", AO_DT_FLOAT, 1, 100000, 0, nt);
    bench("f32 contiguous 1e6", AO_DT_FLOAT, 1, 1000000, 0, nt);
    bench("f16 contiguous 1e5", AO_DT_FLOAT16, 1, 100000, 0, nt);
    bench("f16 contiguous 1e6", AO_DT_FLOAT16, 1, 1000000, 0, nt);
    bench("bf16 contiguous 1e5", AO_DT_BF16, 1, 100000, 0, nt);
    bench("bf16 contiguous 1e6", AO_DT_BF16, 1, 1000000, 0, nt);
    bench("f32 contiguous 6.4e7", AO_DT_FLOAT, 1, 64000000, 0, nt);
    bench("bf16 contiguous 6.4e7", AO_DT_BF16, 1, 64000000, 0, nt);
    bench("f32 4096^2 x transposed", AO_DT_FLOAT, 4096, 4096, 1, nt);
    bench("f32 4096^2 contiguous", AO_DT_FLOAT, 4096, 4096, 0, nt);
    bench("f16 4096^2 x transposed", AO_DT_FLOAT16, 4096, 4096, 1, nt);
    return 0;
}
