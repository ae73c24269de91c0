/* ascendops engine internals shared by src/ *.c and tests/c (not part of the public
 * interface in elementwise.h). */
#ifndef ASCENDOPS_AO_INTERNAL_H
#define ASCENDOPS_AO_INTERNAL_H

#include <stdint.h>
#include "elementwise.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Contiguous dtype conversions (n elements). */
typedef void (*ao_cvt_in_fn)(float *dst, const uint16_t *src, int64_t n);
typedef void (*ao_cvt_out_fn)(uint16_t *dst, const float *src, int64_t n);

/* Everything compiled once per ISA region (src/region.h, one src/region_<isa>.c each). */
typedef struct ao_isa_impl {
    const char *name;             /* "baseline", "avx2", "avx512" */
    int level;                    /* 0, 1, 2 */
    ao_cvt_in_fn f16_to_f32;
    ao_cvt_out_fn f32_to_f16;     /* round to nearest even */
    ao_cvt_in_fn bf16_to_f32;
    ao_cvt_out_fn f32_to_bf16;    /* round to nearest even */
    float (*expf_fn)(float);      /* the op bodies' ao_expf, for tests */
    /* dst[r * ld_dst + c] = src[c * ld_src + r], r < rows, c < cols (4- / 2-byte
     * elements): the gather/scatter of transposed 2-D tiles */
    void (*transpose32)(uint32_t *dst, int64_t ld_dst, const uint32_t *src, int64_t ld_src,
                        int64_t rows, int64_t cols);
    void (*transpose16)(uint16_t *dst, int64_t ld_dst, const uint16_t *src, int64_t ld_src,
                        int64_t rows, int64_t cols);
    /* whether any of n float32 (any_nan32) or 16-bit float (any_nan16; inf: its
     * infinity's bits, 0x7c00 float16, 0x7f80 bfloat16) bit patterns is a NaN */
    int (*any_nan32)(const uint32_t *u, int64_t n);
    int (*any_nan16)(const uint16_t *h, int64_t n, uint16_t inf);
    /* Cast's fast path: src[0..n) converted as the array conversions above, up to
     * the first group of the region's vector width that holds a NaN; returns how
     * many elements were converted (n when there is no NaN) */
    int64_t (*cast_f32_f16)(uint16_t *dst, const float *src, int64_t n);
    int64_t (*cast_f16_f32)(float *dst, const uint16_t *src, int64_t n);
    int64_t (*cast_bf16_f32)(float *dst, const uint16_t *src, int64_t n);
    /* Arange's floating values (cast.c ao_arange_fill): dst[k] = start + (i0 + k) * step
     * (i0 + k exact in double, two roundings: the product, the sum) rounded to float32,
     * k < n: to nearest even, or, with to_odd, toward zero with the last bit set where
     * that rounding was inexact */
    void (*arange_f32)(float *dst, double start, double step, double i0, int64_t n, int to_odd);
    /* nbytes (a multiple of 2) of a repeated 32-bit pattern, at the region's store width */
    void (*fill)(void *dst, uint32_t pattern, int64_t nbytes);
} ao_isa_impl;

/* The ISA chosen at first use (the best the CPU supports, capped by the environment
 * variable ASCENDOPS_ISA=baseline|avx2|avx512 if set). */
const ao_isa_impl *ao_isa_current(void);
/* Kernel function of the current ISA, or NULL for a bad index. */
ao_ew_fn ao_kernel_fn(int kernel);
/* Fused 16-bit kernel: every operand of dtype `dtype` (AO_DT_FLOAT16 or AO_DT_BF16),
 * n contiguous elements each; loads/converts/stores in registers. In place allowed.
 * stream != 0: write out with non-temporal stores where it is 16-byte aligned (for
 * outputs too large to stay in cache; the caller issues the sfence). */
typedef void (*ao_ew16_fn)(void *out, const void *const *in, int64_t n, const float *attrs,
                           int stream);
/* The fused 16-bit kernel of the current ISA, or NULL (bad index or dtype). */
ao_ew16_fn ao_kernel_fn16(int kernel, int dtype);
/* Fused two-result kernel of a two-result body (AO_EW_OP*_2OUT, ew_op.h AO_EW_K2_): both
 * results of n contiguous elements in one pass, every operand of dtype `dtype`
 * (AO_DT_FLOAT, AO_DT_FLOAT16 or AO_DT_BF16); an output may be an input (in place).
 * stream: as ao_ew16_fn's (non-temporal stores; the caller issues the sfence). */
typedef void (*ao_ew2_fn)(void *out0, void *out1, const void *const *in, int64_t n,
                          const float *attrs, int dtype, int stream);
/* The current ISA's fused two-result kernel of the row for result 0 of a two-result
 * body, or NULL (any other row, or a bad index). */
ao_ew2_fn ao_kernel_fn2(int kernel);
/* The fp32 kernel of the current ISA (ao_kernel_fn's, the same results) with the stream
 * flag of ao_ew16_fn: stream != 0 writes out with non-temporal stores where a store is
 * aligned to its register (64 bytes AVX-512, 32 AVX2; none in the baseline region),
 * the caller issues the sfence. NULL for a bad index. */
ao_ew16_fn ao_kernel_fn32s(int kernel);
/* Tests: force an ISA by name. Returns 0, or -1 if unknown or unsupported by the CPU. */
int ao_isa_force(const char *name);
/* Tests: the implementation of a level (0..2) if compiled in and supported, else NULL. */
const ao_isa_impl *ao_isa_get(int level);
/* Tests: the best level the CPU supports, whether or not this build compiled it (a build
 * capped by AO_ISA_LEVEL_MAX, regions.h, runs at most that). */
int ao_isa_cpu_level(void);

/* Lookup tables of gradient-form ops (AO_EW_GRAD, ew_op.h), of unary x * g(x) ops
 * (AO_EW_XFACTOR: GeluV2's erf form) and of unary ops' results (AO_EW_XFUNC).
 * AO_LUT_AUTO (the default): a table is built once
 * an op has run over as many elements of a 16-bit dtype as it has entries, then both
 * paths are timed on the op's next calls and the cheaper kept (region.h ao_lut_run);
 * AO_LUT_OFF: never used (tests, and timing the arithmetic); AO_LUT_ON: built at first
 * use and always used. Until set here, ASCENDOPS_LUT=auto|off|on in the environment
 * decides. Returns the previous policy, or -1 for a bad one. */
enum { AO_LUT_AUTO, AO_LUT_OFF, AO_LUT_ON };
int ao_lut_policy(int policy);
/* The policy now in force (read from the environment at first use). */
int ao_lut_policy_now(void);
/* The path an op's 16-bit kernels take under AO_LUT_AUTO: not measured yet (they
 * compute meanwhile), the table, computing. */
enum { AO_LUT_UNMEASURED, AO_LUT_TABLE, AO_LUT_COMPUTED };
/* The choice from the least cost per element measured for each path (any unit, the
 * same for both; not > 0: not measured): AO_LUT_TABLE only where the table costs at
 * most AO_LUT_MARGIN of computing, else AO_LUT_COMPUTED. A pure function of its
 * arguments: the margin keeps timing noise from picking the table where the two are
 * close, and computing needs no table (256 KiB of factors or 128 KiB of results per op
 * and dtype). */
#define AO_LUT_MARGIN 0.9
/* Calls of a regime timed (one half by each path) before the choice is made, and the
 * least half a call must have for it to be timed (region.h ao_lut_run). */
#define AO_LUT_TRIALS 16
#define AO_LUT_TRIAL_MIN 2048
/* After the choice, one call in this many (per thread) is timed again and the choice
 * remade from the least costs so far (region.h ao_lut_run says why). */
#define AO_LUT_RECHECK 128
int ao_lut_decide(double table_cost, double computed_cost);
/* The measurement behind a kernel's choice in the current ISA region, for dtype
 * (AO_DT_FLOAT16, AO_DT_BF16) and regime stream (0: operands in cache, 1: streaming
 * sizes): returns AO_LUT_UNMEASURED, AO_LUT_TABLE or AO_LUT_COMPUTED (what auto does;
 * -1 for a kernel without tables or a bad argument), with the least cost per element
 * seen of each path in nanoseconds (0 where none) and the calls timed so far. */
int ao_lut_choice(int kernel, int dtype, int stream, double *table_ns, double *computed_ns,
                  int *trials);
/* Monotonic nanoseconds (the trials' clock). */
int64_t ao_lut_clock_ns(void);
/* What a table-backed op's table holds (ew_op.h):
 * AO_LUT_FACTOR_DY: fp32 g(x), the result dy * g (AO_EW_GRAD);
 * AO_LUT_FACTOR_X: fp32 g(x), the result x * g (AO_EW_XFACTOR);
 * AO_LUT_RESULT: the 16-bit results f(x) themselves (AO_EW_XFUNC). */
enum { AO_LUT_FACTOR_DY = 1, AO_LUT_FACTOR_X = 2, AO_LUT_RESULT = 3 };
/* The kind of table the kernel's 16-bit kernels may use (AO_LUT_FACTOR_DY ..), 0: none. */
int ao_kernel_has_lut(int kernel);
/* Which result of its body a kernel row computes (0 .. ao_kernel_nout - 1): the rows
 * of a several-result body (AO_EW_OP*_2OUT) follow each other in the table. */
int ao_kernel_result(int kernel);
/* The wide path (src/wide.c): a plan whose compute dtype is not FLOAT or with an
 * operand the fp32 kernels do not load/store. ao_ew_run hands such plans to it. */
/* The checks every elementwise plan passes before it runs (ao_ew_run, ao_wide_run):
 * operand count and kernel arity, dims, numel equal to the dims' product, a tiling
 * whose blocks cover every element. Returns the plan's numel, or -1. */
int64_t ao_ew_plan_numel(const ao_ew_plan *plan);
int ao_wide_run(const ao_ew_plan *plan, char *const *data, int nthreads);

/* Coalesces the iteration over shape[0..ndim) of nops operands, operand o stepping
 * strides[o][d] elements along dim d, into osh / ostrides: extent-1 dims dropped, and a
 * dim merged into the one before it where every operand steps over it whole into the
 * next element of that one (strides[o][d - 1] == strides[o][d] * shape[d]). The rule of
 * the dispatcher's _operand_layout (ascendops/_plan.pxi); engine.c applies it again
 * because its callers do not all bring coalesced dims: the workspace variant of a plan
 * (its outputs contiguous where the views' were not), ao_ew_run_prefix's boxes (a
 * leading extent of 1), strided copies of any view (ascendops/_memory.pxi), C callers.
 * Returns the new rank, >= 1 (a single element: one dim of extent 1, unit strides).
 * Inline: as a call into the shared library (interposable under -fPIC) it made
 * ao_strided_copy of a transposed (1, 64, 1, 64) float32 view 2.5 -> 2.9 us. */
static inline int ao_coalesce(int ndim, const int64_t *shape, int nops, const int64_t *const *strides,
                              int64_t *osh, int64_t (*ostrides)[AO_MAX_DIMS])
{
    int n = 0;
    for (int d = 0; d < ndim; d++) {
        if (shape[d] == 1)
            continue;
        int merge = n > 0;
        for (int o = 0; o < nops && merge; o++)
            merge = ostrides[o][n - 1] == strides[o][d] * shape[d];
        if (!merge)
            osh[n++] = shape[d];
        else
            osh[n - 1] *= shape[d];
        for (int o = 0; o < nops; o++)
            ostrides[o][n - 1] = strides[o][d];
    }
    if (n == 0) {
        osh[0] = 1;
        for (int o = 0; o < nops; o++)
            ostrides[o][0] = 1;
        n = 1;
    }
    return n;
}

/* ---- the one strided walker ----------------------------------------------------
 * Row-major linear indices [lo, hi) over shape[ndim] (ndim >= 1, every extent > 0) of
 * nops (<= AO_WALK_MAX_OPS) operands with element strides st[k][0..ndim), visited as
 * runs along the innermost dim:
 *     ao_walker w;
 *     ao_walk_init(&w, ndim, shape, nops, st, lo, hi);
 *     do {
 *         const int64_t run = ao_walk_run(&w);
 *         ... elements w.off[k] + i * st[k][ndim - 1] of operand k, i < run ...
 *     } while (ao_walk_next(&w, run));
 * One division per dim at the start, then a running multi-index. The engine's gathers
 * and scatters, strided copies, casts and the row driver all walk with it. */
#define AO_WALK_MAX_OPS 4
typedef struct ao_walker {
    int ndim, nops;
    const int64_t *shape;
    const int64_t *st[AO_WALK_MAX_OPS];
    int64_t idx[AO_MAX_DIMS];
    int64_t off[AO_WALK_MAX_OPS];   /* element offsets of the current position */
    int64_t left;                   /* elements left, the current run included */
} ao_walker;

static inline void ao_walk_init(ao_walker *w, int ndim, const int64_t *shape, int nops,
                                const int64_t *const *st, int64_t lo, int64_t hi)
{
    w->ndim = ndim;
    w->nops = nops;
    w->shape = shape;
    w->left = hi - lo;
    for (int k = 0; k < nops; k++) {
        w->st[k] = st[k];
        w->off[k] = 0;
    }
    int64_t rem = lo;
    for (int d = ndim - 1; d >= 0; d--) {
        w->idx[d] = rem % shape[d];
        rem /= shape[d];
        for (int k = 0; k < nops; k++)
            w->off[k] += w->idx[d] * st[k][d];
    }
}

/* Elements of the current run: to the end of its row, or to hi. */
static inline int64_t ao_walk_run(const ao_walker *w)
{
    const int64_t run = w->shape[w->ndim - 1] - w->idx[w->ndim - 1];
    return run < w->left ? run : w->left;
}

/* Moves past the current run (`run` = ao_walk_run's value): 0 once [lo, hi) is done. */
static inline int ao_walk_next(ao_walker *w, int64_t run)
{
    w->left -= run;
    if (w->left <= 0)
        return 0;
    /* the run reached the end of its row: column 0 of the next row */
    const int last = w->ndim - 1;
    for (int k = 0; k < w->nops; k++)
        w->off[k] += (run - w->shape[last]) * w->st[k][last];
    w->idx[last] = 0;
    for (int d = last - 1; d >= 0; d--) {
        for (int k = 0; k < w->nops; k++)
            w->off[k] += w->st[k][d];
        if (++w->idx[d] < w->shape[d])
            break;
        for (int k = 0; k < w->nops; k++)
            w->off[k] -= w->shape[d] * w->st[k][d];
        w->idx[d] = 0;
    }
    return 1;
}

/* Element offset of row-major linear index lin (one operand, no running state). */
static inline int64_t ao_walk_offset(int ndim, const int64_t *shape, const int64_t *st, int64_t lin)
{
    int64_t off = 0;
    for (int d = ndim - 1; d >= 0 && lin; d--) {
        off += (lin % shape[d]) * st[d];
        lin /= shape[d];
    }
    return off;
}

/* 1 where the engine runs work on its own worker threads (pthreads), 0 where every
 * loop runs on the calling thread. */
#if !defined(AO_THREADS)
#if defined(_WIN32)
#define AO_THREADS 0
#else
#define AO_THREADS 1
#endif
#endif

/* Thread count used when ao_ew_run / ao_strided_copy get nthreads <= 0. */
int ao_effective_threads(int nthreads);

/* The engine's only way to run a loop on several threads (src/engine.c's worker pool;
 * never OpenMP, whose threads do not survive fork()). ao_parallel_for calls fn(arg, i)
 * once for each i in [0, total), on up to nthreads threads (<= 0: the default count),
 * the caller included; it returns when all have run. Each thread runs its own
 * contiguous share of the items in order, then steals the others' last items (see the
 * comment above the pool). Items must be independent. */
typedef void (*ao_par_fn)(void *arg, int64_t i);
void ao_parallel_for(int64_t total, int nthreads, ao_par_fn fn, void *arg);
/* Tests only: the most units a pool job's slots hold (<= 0: the default, 2^32 - 1);
 * a job of more items runs them in units of several. */
void ao_pool_test_max_units(int64_t units);
/* [0, total) cut into contiguous ranges of at least min_per_part (a few per thread),
 * fn(arg, lo, hi) once per range, on up to nthreads threads. */
typedef void (*ao_range_fn)(void *arg, int64_t lo, int64_t hi);
void ao_parallel_ranges(int64_t total, int nthreads, int64_t min_per_part, ao_range_fn fn, void *arg);

#ifdef __cplusplus
}
#endif
#endif
