/* ascendops elementwise engine: the one C entry point every elementwise op runs through.
 *
 * The Cython dispatcher (ascendops/_core) validates arguments, broadcasts, coalesces
 * dimensions and computes the CANN tiling once per cache key, producing an
 * ao_ew_plan. Phase 2 binds data pointers and calls ao_ew_run, which executes the
 * tiling's blocks on the CPU's worker threads. The op itself is only a function over
 * contiguous fp32 arrays (see ops/<name>.h); loading inputs of any supported dtype and
 * stride into fp32 tiles and storing the fp32 result into the output's dtype and
 * strides is done here, once, for every op.
 */
#ifndef ASCENDOPS_ELEMENTWISE_H
#define ASCENDOPS_ELEMENTWISE_H

#include <stdint.h>
#include "dtypes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AO_MAX_DIMS 8      /* CANN's rank limit for these ops (after broadcasting) */
/* inputs of one kernel, split halves counted: GeGluBackward reads gradOutput, self's two
 * halves and gelu (AO_EW_OP4_2OUT, ew_op.h) */
#define AO_MAX_INPUTS 4
#define AO_MAX_OUTPUTS 3    /* an op with several results (AO_EW_OP1_2OUT, ew_op.h; the norms: out, mean, rstd) */
/* outputs first (operand 0 is the first output), then the inputs */
#define AO_MAX_OPERANDS (AO_MAX_INPUTS + AO_MAX_OUTPUTS)
#define AO_MAX_ATTRS 8      /* numeric attributes an op kernel reads (Elu/EluBackward take 3-4) */

/* An op's math over fp32: out[i] = f(in[0][i], ..., in[nin-1][i]) for i < n.
 * The arrays are contiguous; out may alias an input exactly (in place). */
typedef void (*ao_ew_fn)(float *out, const float *const *in, int64_t n, const float *attrs);

/* The tiling contract. The dispatcher computes CANN's SiluGrad-style host tiling
 * (aclnn-facts.md section 3; ascendops/tiling.py's Tiling, Executor.tiling) and passes
 * the engine the part it executes: the block split. Block b computes the elements
 * [start, start + len) of the iteration in row-major order (big blocks first, clamped
 * to numel: CANN's sizes count 32-byte padding), each block split into pieces that the
 * worker pool hands out; a 2-D tiled plan (a transposed operand) runs the blocks' union
 * as one range in bands of whole rows instead, which computes the same elements. Every
 * element is computed exactly once. CANN's UB tiles and buffering (tile_data_num,
 * tiling_key) shape the on-core loop of an Ascend AI Core, which a CPU does not have:
 * Executor.tiling reports them as CANN computes them, and they are not passed here. */
typedef struct ao_tiling {
    int64_t block_dim;            /* number of blocks ("cores") */
    int64_t small_core_data_num;  /* elements of a small block */
    int64_t big_core_data_num;    /* elements of a big block */
    int64_t tail_block_num;       /* blocks < tail_block_num are big */
} ao_tiling;

typedef struct ao_ew_plan {
    int kernel;                   /* index into the kernel table (ao_kernel_find) */
    int nin;                      /* number of inputs, 1..AO_MAX_INPUTS */
    int nout;                     /* number of outputs, 1..AO_MAX_OUTPUTS (0 means 1) */
    int ndim;                     /* iteration rank, 0..AO_MAX_DIMS (coalesced by the dispatcher;
                                   * any layout runs: ao_internal.h ao_coalesce) */
    int64_t numel;                /* product of shape (> 0; empty ops never reach here) */
    int64_t shape[AO_MAX_DIMS];   /* iteration shape, outermost first */
    int dtype[AO_MAX_OPERANDS];   /* [0..nout) outputs, [nout..nout+nin) inputs: ao_ew_dtype_ok (dtypes.h) */
    int64_t strides[AO_MAX_OPERANDS][AO_MAX_DIMS]; /* element strides (0 = broadcast) */
    float attrs[AO_MAX_ATTRS];    /* scalar attributes passed to the op function */
    ao_tiling tiling;
    /* The dtype the op computes in (src/wide.c): AO_DT_FLOAT (0, the fp32 kernels: what
     * a zeroed plan runs), AO_DT_DOUBLE (the op's body compiled over double) or an
     * integer dtype (the op's integer body, AO_EW_INT*, in that type). Operands of
     * dtypes other than float32/float16/bfloat16, or a compute dtype other than FLOAT,
     * take the wide path: each operand converted to the compute dtype and the result to
     * the output's dtype with the Cast kernel's rules (cast.c), a COMPLEX output
     * getting the real result and imaginary 0 (CANN's Cast of a real result). */
    int compute;                  /* ... or AO_DT_COMPLEX128 (the op's complex body) */
    int64_t iattrs[AO_MAX_ATTRS]; /* an integer compute dtype's attributes, converted */
    int round_out;                /* a float result into an integer output: 0 truncates
                                   * toward zero (CANN's CAST_TRUNC, the Cast kernel's
                                   * rule), 1 rounds to nearest even first (CAST_RINT) */
} ao_ew_plan;

/* Runs the plan. data[0..nout) are the outputs' first elements, data[nout..nout+nin)
 * the inputs'. A plan of several outputs (a kernel of AO_EW_OP*_2OUT) runs the body's
 * fused kernel, both results in one pass, where every operand has one dtype (FLOAT,
 * FLOAT16 or BF16) and contiguous rows (engine.c ao_ew_run_fused2); any other one pass
 * per output, in order, each a one-output plan of the kernel's row for that result
 * (the body recomputed per pass; gcc drops the other results' dead code). Either
 * gives the same bits. An output may alias an input exactly only if it is the last
 * one (earlier passes would clobber what later ones read; the fused pass would not),
 * which the dispatcher's overlap check enforces.
 * nthreads <= 0 means the runtime's current thread count. Releases nothing, takes
 * no locks: callers release the GIL around it. Returns 0, or -1 on a bad plan. */
int ao_ew_run(const ao_ew_plan *plan, char *const *data, int nthreads);

/* Runs only the first `limit` elements of the plan's iteration in C order over its shape
 * (a per-run row limit: an op whose plan covers every row but whose rows past a count read
 * at run time stay unwritten, ClippedSwiglu's groupIndex). limit <= 0 runs nothing, limit
 * >= numel the whole plan. The prefix runs as at most ndim boxes (the mixed-radix digits
 * of `limit`), each a sub-plan of the same operands, one block. Returns 0, or -1 on a
 * bad plan. */
int ao_ew_run_prefix(const ao_ew_plan *plan, char *const *data, int64_t limit, int nthreads);

/* Writes zeros (all bits 0: +0.0) into the elements [limit, numel) of the C-ordered
 * iteration of each output of the plan (a row-limited op whose other rows are zeroed,
 * ClippedSwigluGrad). Returns 0, or -1 on a bad plan. */
int ao_ew_zero_suffix(const ao_ew_plan *plan, char *const *data, int64_t limit);

/* The row limit of a run: the sum of n int64 values clamped to [0, rows] (a sum past
 * rows, or one that overflows, is rows; a negative one 0). */
int64_t ao_row_limit(const int64_t *values, int64_t n, int64_t rows);

/* Kernel table, generated at build time from src/ops/ *.h. */
int ao_kernel_count(void);
int ao_kernel_find(const char *name);          /* index, or -1 */
const char *ao_kernel_name(int kernel);
int ao_kernel_arity(int kernel);               /* number of inputs */
int ao_kernel_nout(int kernel);                /* results of its body: 1, or 2 (AO_EW_OP*_2OUT) */
int ao_kernel_has_int(int kernel);             /* 1 if the op declares an integer body (AO_EW_INT*) */
int ao_kernel_has_complex(int kernel);         /* 1 if the op declares a complex body (AO_EW_CPLX1) */
int ao_wide_dtype_ok(int dtype);               /* 1 if the wide path loads/stores `dtype` */

/* Strided copy of any element size (ViewCopy, contiguous(), casts of equal type):
 * copies shape[] elements of itemsize bytes from src (element strides) to dst. */
int ao_strided_copy(int ndim, const int64_t *shape, int64_t itemsize,
                    char *dst, const int64_t *dst_strides,
                    const char *src, const int64_t *src_strides, int nthreads);

/* Runtime ISA selection: "avx512", "avx2", or "baseline". */
const char *ao_isa_name(void);
int ao_get_num_threads(void);
void ao_set_num_threads(int n);

#ifdef __cplusplus
}
#endif
#endif
