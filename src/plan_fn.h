/* ascendops: kernels that are not elementwise (row reductions, casts) run through one
 * function type, so the dispatcher's phase 2 drives them like the elementwise engine:
 *     rc = fn(plan, data, nthreads)
 * `plan` is the kernel's own plan struct (built once per cache key by the Cython
 * dispatcher), data[0] is the output's first element and data[1..] the inputs'.
 * Returns 0, or -1 on a bad plan. Takes no locks; callers release the GIL. */
#ifndef ASCENDOPS_PLAN_FN_H
#define ASCENDOPS_PLAN_FN_H

#include <stdint.h>
#include "elementwise.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*ao_plan_fn)(const void *plan, char *const *data, int nthreads);

/* Row reductions (the softmax family): out, and every input, have one shape; the
 * kernel reduces along one dim ("the row") and writes a row of out from the same rows
 * of the inputs. The dispatcher (ascendops/_reduce.pxi, RowReduceOp) takes the reduced
 * dim out of the iteration space: each row is one index of the other dims (the row
 * space, coalesced, in the output's memory order) and holds n elements at rstride[k]
 * apart in operand k. ao_row_run (src/rows.c) walks the row space on the engine's
 * worker pool and calls the kernel named by `kernel` (ao_row_kernel_find) per row, or
 * per block of adjacent rows where the innermost row dim is denser in memory than the
 * row itself. Operand 0 is the output, 1.. the inputs (float32/16, bfloat16; DOUBLE
 * where the kernel says so: ao_row_dtype_ok). A kernel of several outputs
 * (ao_row_kernel_outputs) has them as operands 0..nout-1, the inputs after; a per-row
 * output (one element per row, e.g. a loss) has rstride 0 and its own row-space strides. */
#define AO_ROW_MAX_OPERANDS 4
typedef struct ao_row_plan {
    int kernel;                         /* index into the row kernel table */
    int nops;                           /* operands: the output and the kernel's inputs */
    int dtype[AO_ROW_MAX_OPERANDS];
    int ndim;                           /* rank of the row space (every dim but the row's) */
    int64_t shape[AO_MAX_DIMS];         /* row space shape */
    int64_t strides[AO_ROW_MAX_OPERANDS][AO_MAX_DIMS]; /* element strides in the row space */
    int64_t rows;                       /* product of shape (> 0) */
    int64_t n;                          /* length of a row (> 0) */
    int64_t rstride[AO_ROW_MAX_OPERANDS]; /* element strides along the row */
} ao_row_plan;

/* The row kernel table (src/rows.c). */
int ao_row_kernel_find(const char *name);   /* index, or -1 */
int ao_row_kernel_arity(int kernel);        /* number of inputs, or -1 */
int ao_row_kernel_outputs(int kernel);      /* number of outputs (operands 0..), or -1 */
int ao_row_dtype_ok(int kernel, int dtype); /* 1 if the kernel loads/stores `dtype` */
int ao_row_run(const void *plan, char *const *data, int nthreads);

/* Channel reductions (ascendops/_reduce.pxi ChannelReduceOp): an elementwise result of
 * the full shape plus its reduction over every dim but the channel (dim 1), e.g.
 * PreluBackward's gradInput and gradWeight. The iteration is the full shape without the
 * channel dim (ndim dims, coalesced by the dispatcher); each operand steps cstride[k]
 * elements per channel (0 for a one-element weight and its gradient: channels == 1).
 * Operands: 0 the full-shape output, 1 the per-channel output, 2.. the kernel's inputs
 * (full shape, or per channel as the weight). Sums run per (channel, fixed chunk of
 * AO_CHAN_CHUNK elements) in double, then over the chunks in order: the same bits at
 * every thread count. */
#define AO_CHAN_MAX_OPERANDS 5
typedef struct ao_chan_plan {
    int kernel;                         /* ao_chan_kernel_find */
    int nops;
    int dtype[AO_CHAN_MAX_OPERANDS];
    int ndim;                           /* >= 0 */
    int64_t shape[AO_MAX_DIMS];
    int64_t strides[AO_CHAN_MAX_OPERANDS][AO_MAX_DIMS]; /* 0 for the per-channel operands */
    int64_t channels;                   /* >= 1 */
    int64_t cstride[AO_CHAN_MAX_OPERANDS];
} ao_chan_plan;

int ao_chan_kernel_find(const char *name);  /* index, or -1 */
int ao_chan_kernel_arity(int kernel);       /* number of inputs, or -1 */
int ao_chan_run(const void *plan, char *const *data, int nthreads);

/* Axis reductions (ascendops/_reduce.pxi AxisReduceOp: the norms): a statistic of each
 * row over a block of reduced dims, and results of the row's elements from it. The
 * dispatcher views every operand over one iteration space and splits it into the row
 * space (ondim dims, coalesced, in the first output's memory order) and the reduced
 * block (indim dims, coalesced, in their logical order: the order the sums add in, so
 * that the bits depend on neither the thread count nor the memory layout). Each operand
 * has strides over both: 0 where it does not vary (a per-row output such as rstd along
 * the block; an affine weight along the rows). Logical operands are the kernel's
 * outputs, then its inputs, in the kernel's order; an optional one the call passed as
 * null has slot -1, and slot[k] is where operand k's address is among the run's data
 * (the dispatcher binds only the tensors given). attrs: the op's numbers (epsilon, p). */
#define AO_AXIS_MAX_OPERANDS 6
#define AO_AXIS_MAX_ATTRS 4
typedef struct ao_axis_plan {
    int kernel;                         /* ao_axis_kernel_find */
    int nops;                           /* logical operands: the kernel's outputs + inputs */
    int slot[AO_AXIS_MAX_OPERANDS];     /* index into data, or -1: not given */
    int dtype[AO_AXIS_MAX_OPERANDS];
    int ondim, indim;
    int64_t oshape[AO_MAX_DIMS];        /* the row space (ondim >= 0 dims) */
    int64_t ishape[AO_MAX_DIMS];        /* the reduced block (indim >= 1 dims) */
    int64_t ostrides[AO_AXIS_MAX_OPERANDS][AO_MAX_DIMS];
    int64_t istrides[AO_AXIS_MAX_OPERANDS][AO_MAX_DIMS];
    int64_t rows;                       /* product of oshape (> 0) */
    int64_t n;                          /* product of ishape (>= 0) */
    double attrs[AO_AXIS_MAX_ATTRS];
} ao_axis_plan;

int ao_axis_kernel_find(const char *name);  /* index, or -1 */
int ao_axis_kernel_inputs(int kernel);      /* -1 for a bad index */
int ao_axis_kernel_outputs(int kernel);
int ao_axis_dtype_ok(int dtype);            /* 1 if the kernels load/store `dtype` */
int ao_axis_run(const void *plan, char *const *data, int nthreads);

/* Cast: out = self converted to another aclDataType with numpy's astype semantics
 * (C conversions; f16/bf16 round to nearest even). Operands: 0 out, 1 self. */
typedef struct ao_cast_plan {
    int src, dst;                       /* aclDataType codes (ao_cast_supported) */
    int ndim;
    int64_t numel;                      /* > 0 */
    int64_t shape[AO_MAX_DIMS];
    int64_t strides[2][AO_MAX_DIMS];    /* element strides: [0] out, [1] self */
} ao_cast_plan;

int ao_cast_supported(int dtype);       /* 1 if the cast kernel loads/stores `dtype` */
int ao_cast_run(const void *plan, char *const *data, int nthreads);

/* A sequence written into one tensor (ascendops/_cast.pxi ArangeOp: aclnnArange): element i
 * of the output in C order (cp's layout keeps C order: shape and strides[0]; cp.src unused)
 * is start + i * step, in int64 (wrapping) where `integer`, else in double, then stored
 * into cp.dst by the Cast kernel's conversion (src/cast.c). Returns 0, or -1 on a bad plan. */
typedef struct ao_arange_plan {
    ao_cast_plan cp;
    int integer;
    double start, step;
    int64_t istart, istep;
} ao_arange_plan;

int ao_arange_run(const void *plan, char *const *data, int nthreads);

/* Gathers and scatters along one dim (ascendops/_index.pxi IndexOp: GatherV2, IndexSelect,
 * InplaceIndexCopy): slices of a data tensor moved per index, the bytes copied bit-exact
 * (any dtype: itemsize bytes per element). The data operands are viewed as
 * (outer dims, the indexed dim, inner dims); the index tensor (INT32 / INT64, any view)
 * spans the index space (xndim dims, its elements in C order).
 *   AO_INDEX_GATHER:  out[o, x, n] = src[o, idx[x], n]  (out's index-space dims: xstrides[1])
 *   AO_INDEX_GATHER with repeats > 0: the index is implicit, idx[x] = x / repeats (no index
 *                     tensor: RepeatInterleave, data[2] unused)
 *   AO_INDEX_SCATTER: out = self (skipped where out is self), then
 *                     out[o, idx[x], n] = src[o, x, n]; of duplicate indices the last in C
 *                     order wins (numpy's fancy assignment; the same bits on any thread count)
 * Operands: data[0] out, data[1] src, data[2] index, data[3] self (scatter). Every index
 * is read and checked before anything is written: negative ones count from the end where
 * `wrap`; one outside [0, bound) returns AO_INDEX_ERR_RANGE (ao_index_error says which).
 * Worker threads over (outer, index) pairs; a contiguous inner slice is one memcpy. */
#define AO_INDEX_GATHER 0
#define AO_INDEX_SCATTER 1
#define AO_INDEX_ERR_RANGE (-2)
typedef struct ao_index_plan {
    int mode;                           /* AO_INDEX_GATHER / AO_INDEX_SCATTER */
    int itemsize;                       /* bytes per element of out, src, self */
    int index_dtype;                    /* AO_DT_INT32 / AO_DT_INT64 */
    int wrap;                           /* negative indices count from the end */
    int64_t repeats;                    /* > 0: idx[x] = x / repeats, no index tensor */
    int64_t bound;                      /* length of the indexed dim (> 0 unless nidx == 0) */
    int64_t nidx;                       /* elements of the index tensor (> 0) */
    int xndim;                          /* the index space (>= 1 dims) */
    int64_t xshape[AO_MAX_DIMS];
    int64_t xstrides[2][AO_MAX_DIMS];   /* [0] the index tensor, [1] the operand laid out per index */
    int ondim;                          /* dims before the indexed one (>= 0) */
    int64_t oshape[AO_MAX_DIMS];
    int64_t ostrides[2][AO_MAX_DIMS];   /* [0] out, [1] src */
    int indim;                          /* dims after it (>= 0) */
    int64_t ishape[AO_MAX_DIMS];
    int64_t istrides[2][AO_MAX_DIMS];   /* [0] out, [1] src */
    int64_t dstride;                    /* element stride of the indexed dim (src: gather, out: scatter) */
    int cndim;                          /* scatter: out = self over this view */
    int64_t cshape[AO_MAX_DIMS];
    int64_t cstrides[2][AO_MAX_DIMS];   /* [0] out, [1] self */
} ao_index_plan;

int ao_index_run(const void *plan, char *const *data, int nthreads);
/* This thread's last AO_INDEX_ERR_RANGE: the index's position in C order, its value and
 * the dim's length; returns 0 where there was none. */
int ao_index_error(int64_t *position, int64_t *value, int64_t *bound);

#ifdef __cplusplus
}
#endif
#endif
