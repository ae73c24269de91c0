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
int ao_axis_dtype_ok(int dtype);            /* 1 if the norms' kernels load/store `dtype` */
int ao_axis_kernel_dtype_ok(int kernel, int dtype); /* 1 if `kernel` loads/stores `dtype` */
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

/* Batched matrix ops (ascendops/_linalg.pxi MatrixOp: TriangularSolve): every operand a
 * batch of matrices (its last two dims: rows x cols, row and column element strides),
 * its batch dims broadcast over the plan's batch shape (stride 0 where it has size 1).
 * Logical operands are the kernel's outputs, then its inputs, in the kernel's order; an
 * optional one passed as null has slot -1. The work items are (batch index, tile of
 * AO_MAT_TILE columns of the first output), on the worker threads. Returns 0, or -1 on a
 * bad plan or where memory for a matrix runs out. */
#define AO_MAT_MAX_OPERANDS 4
#define AO_MAT_MAX_ATTRS 4
#define AO_MAT_TILE 64
typedef struct ao_mat_plan {
    int kernel;                         /* ao_mat_kernel_find */
    int nops;
    int slot[AO_MAT_MAX_OPERANDS];      /* index into data, or -1: not given */
    int dtype[AO_MAT_MAX_OPERANDS];
    int64_t rows[AO_MAT_MAX_OPERANDS], cols[AO_MAT_MAX_OPERANDS];
    int64_t rs[AO_MAT_MAX_OPERANDS], cs[AO_MAT_MAX_OPERANDS];
    int bndim;
    int64_t bshape[AO_MAX_DIMS];
    int64_t bstrides[AO_MAT_MAX_OPERANDS][AO_MAX_DIMS];
    int64_t batch;                      /* product of bshape (> 0) */
    double attrs[AO_MAT_MAX_ATTRS];
} ao_mat_plan;

int ao_mat_kernel_find(const char *name);   /* index, or -1 */
int ao_mat_kernel_inputs(int kernel);       /* -1 for a bad index */
int ao_mat_kernel_outputs(int kernel);
int ao_mat_dtype_ok(int kernel, int dtype); /* 1 if the kernel computes in `dtype` */
int ao_mat_run(const void *plan, char *const *data, int nthreads);
/* Layout ops (ascendops/_layout.pxi LayoutOp: Permute, ConstantPadNd, Repeat, Slice,
 * ReflectionPad1d, Roll): every output element is an input element at a mapped index or
 * a constant. The plan is a list of pieces that write disjoint parts of the output, each
 * described by a Cast-kernel plan: a strided view of the input (any strides, negative
 * ones included) copied into a view of the output, or the plan's value (cp.src its
 * dtype, strides 0) written into one. src/layout.c runs the pieces' chunks together on
 * the worker threads (one dtype copies the bytes, bit-exact; a fill stores the value
 * converted once, as ao_cast_run converts); a plan with a copy between dtypes runs its
 * pieces in order through ao_cast_run. Offsets are in bytes from operand 0 (the output)
 * and operand 1 (the input). Returns 0, or -1 on a bad plan. */
typedef struct ao_layout_piece {
    ao_cast_plan cp;
    int64_t out_offset, in_offset;      /* bytes */
    int fill;                           /* 1: the source is the plan's value */
} ao_layout_piece;

typedef struct ao_layout_plan {
    int npieces;                        /* >= 0 */
    double value[2];                    /* the fill value's bytes (dtype: a fill piece's cp.src) */
    ao_layout_piece pieces[];           /* npieces */
} ao_layout_plan;

static inline size_t ao_layout_plan_size(int npieces)
{
    return sizeof(ao_layout_plan) + (size_t)npieces * sizeof(ao_layout_piece);
}

static inline ao_layout_piece *ao_layout_plan_piece(ao_layout_plan *p, int k)
{
    return &p->pieces[k];
}

int ao_layout_run(const void *plan, char *const *data, int nthreads);
/* Windowed ops (ascendops/_window.pxi WindowOp: Im2col, the 2-d pools, UpsampleNearest2d):
 * each output element is a window over one (n, c) plane of self, NCHW (a CHW self has
 * N = 1). Output row oh of a plane reads the input rows ih = oh * sh - ph + i * dh
 * (i < kh), output column ow the columns iw = ow * sw - pw + j * dw (j < kw); a position
 * outside [0, H) x [0, W) is padding: 0 for IM2COL and AVG, skipped (-inf) for MAX.
 *   IM2COL: out[n, c * kh * kw + i * kw + j, oh * OW + ow] = the element (os: strides of
 *           n, c, i, j, oh, ow): its bits where out has self's dtype (any dtype), else
 *           FLOAT / FLOAT16 / BFLOAT16 converted.
 *   AVG:    the window's fp32 sum (rows, then columns, in order) / divisor: `divisor`
 *           where not 0, else the window's extent clipped to [-ph, he) x [-pw, we)
 *           (count_include_pad) or to the input. os: n, c, oh, ow.
 *   MAX:    the largest element; a NaN wins.
 *   NEAREST: out[n, c, oh, ow] = self[n, c, min(floor(oh * scale_h), H - 1),
 *           min(floor(ow * scale_w), W - 1)], fp32 products, copied bit for bit (any dtype).
 * Threads take ranges of output rows over the N * C * OH rows. Operands: 0 out, 1 self. */
enum { AO_WIN_IM2COL = 0, AO_WIN_AVG = 1, AO_WIN_MAX = 2, AO_WIN_NEAREST = 3 };
typedef struct ao_win_plan {
    int mode;                           /* AO_WIN_* */
    int dtype_in, dtype_out;            /* FLOAT / FLOAT16 / BFLOAT16 (NEAREST, one-dtype IM2COL: any) */
    int count_include_pad;
    int64_t N, C, H, W, OH, OW;         /* all > 0 */
    int64_t kh, kw, sh, sw, ph, pw, dh, dw;
    int64_t he, we;                     /* AVG: the padded extent's end, H + pad_bottom, W + pad_right */
    int64_t divisor;                    /* AVG: divisorOverride (any sign), or 0: none */
    float scale_h, scale_w;             /* NEAREST */
    int64_t xs[4];                      /* self's element strides over n, c, h, w */
    int64_t os[6];                      /* out's: n, c, (IM2COL: i, j,) oh, ow */
} ao_win_plan;

int ao_win_run(const void *plan, char *const *data, int nthreads);
/* Convolution (ascendops/_conv.pxi ConvolutionOp: aclnnConvolution): 1-d (sdim 1: NCL) or
 * 2-d (sdim 2: NCHW), transposed or not, `groups` groups. Operands: 0 out, 1 input, 2 weight,
 * 3 bias (has_bias), each with its own dtype (FLOAT, FLOAT16, BFLOAT16) and element strides
 * (in_st / w_st / out_st over (N or Cin, C, spatial...); b_stride along the bias). weight is
 * (cout, cin / groups, k...) or, transposed, (cin, cout / groups, k...). pad[] is each
 * spatial dim's leading pad (the output shape is the caller's: CANN's inferred one).
 * Sums in float32; src/conv.c. Returns 0, or -1 on a bad plan or no memory. */
typedef struct ao_conv_plan {
    int dtype[4];                       /* out, input, weight, bias */
    int has_bias, transposed, sdim;
    int64_t n, cin, cout, groups;
    int64_t in_sp[2], w_sp[2], out_sp[2];
    int64_t stride[2], pad[2], dilation[2];
    int64_t in_st[4], w_st[4], out_st[4], b_stride;
} ao_conv_plan;

int ao_conv_run(const void *plan, char *const *data, int nthreads);
/* A list of tensors written into slices of one output (ascendops/_concat.pxi ConcatOp:
 * aclnnCat): piece i copies element `index` of the list (data[1] is the array of the
 * elements' addresses) into out's bytes from `out_offset` on (cp: out's slice strides[0], the
 * element's strides[1]; numel > 0). When every piece has out's dtype and contiguous rows,
 * ao_concat_run writes out row by row, each row's segments back to back (src/concat.c);
 * otherwise one dtype is a strided copy of `itemsize`-byte elements (ao_strided_copy, any
 * dtype), differing ones the Cast kernel's conversion (ao_cast_run). The pieces follow the
 * header in one allocation (AO_CONCAT_PIECES). Operands: 0 out, 1 the address array. */
typedef struct ao_concat_piece {
    int64_t index;
    int64_t out_offset;
    int64_t itemsize;                   /* cp.src == cp.dst: the bytes copied (any dtype) */
    ao_cast_plan cp;
} ao_concat_piece;

typedef struct ao_concat_plan {
    int64_t npieces;
    int64_t numel;                      /* the pieces' elements together */
} ao_concat_plan;

#define AO_CONCAT_PIECES(p) ((ao_concat_piece *)((char *)(p) + sizeof(ao_concat_plan)))

int ao_concat_run(const void *plan, char *const *data, int nthreads);

/* Position masks over the last two dims (ascendops/_mask.pxi MaskOp: aclnnTril, aclnnTriu):
 * out[b, i, j] = self[b, i, j] where (i, j) is kept, else zero bits (src/mask.c). The batch
 * dims (nbatch, coalesced; batch = their product) lead; rows and cols are the last two
 * dims. Strides in elements: [0] out, [1] self. Operands: 0 out, 1 self. */
#define AO_MASK_LOWER 0     /* kept: j - i <= diagonal */
#define AO_MASK_UPPER 1     /* kept: j - i >= diagonal */
typedef struct ao_mask_plan {
    int kind;
    int itemsize;
    int64_t diagonal;
    int nbatch;
    int64_t batch;
    int64_t bshape[AO_MAX_DIMS];
    int64_t bstrides[2][AO_MAX_DIMS];
    int64_t rows, cols;
    int64_t rstride[2], cstride[2];
} ao_mask_plan;

int ao_mask_run(const void *plan, char *const *data, int nthreads);
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
/* AO_INDEX_FILL: out = self (skipped where out is self), then out[o, idx[x], n] = value
 * (the plan's `value` bytes); the nidx indices are int64s stored right after the plan
 * struct (its size sizeof(ao_index_plan) + 8 nidx), data[2] unused; data[1] self. */
#define AO_INDEX_FILL 2
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
    double value[2];                    /* fill: the value's bytes in out's dtype (16, 8-aligned) */
} ao_index_plan;

int ao_index_run(const void *plan, char *const *data, int nthreads);
/* This thread's last AO_INDEX_ERR_RANGE: the index's position in C order, its value and
 * the dim's length; returns 0 where there was none. */
int ao_index_error(int64_t *position, int64_t *value, int64_t *bound);

/* Rotary position embedding (ascendops/_rope.pxi RotaryOp: RotaryPositionEmbedding):
 * out = x * cos + rotate(x) * sin along the last dim (d elements, even, at most
 * AO_ROPE_MAX_D), in fp32 for every dtype (src/rope.c). Operands: data[0] out, [1] x,
 * [2] cos, [3] sin (cos and sin broadcast over the row dims: stride 0), one dtype. */
#define AO_ROPE_HALF 0          /* rotate = cat(-x[d/2:], x[:d/2]) */
#define AO_ROPE_INTERLEAVE 1    /* rotate[2i] = -x[2i+1], rotate[2i+1] = x[2i] */
#define AO_ROPE_MAX_D 1024
typedef struct ao_rope_plan {
    int mode;
    int dtype;                          /* AO_DT_FLOAT / AO_DT_FLOAT16 / AO_DT_BF16 */
    int nbatch;                         /* the row dims, coalesced */
    int64_t batch;                      /* rows */
    int64_t bshape[AO_MAX_DIMS];
    int64_t bstrides[4][AO_MAX_DIMS];   /* element strides: out, x, cos, sin */
    int64_t d;                          /* the last dim */
    int64_t dstride[4];
} ao_rope_plan;

int ao_rope_run(const void *plan, char *const *data, int nthreads);

/* The matrix product family (ascendops/_matmul.pxi MatmulOp: Mm, BatchMatMul, Matmul, Mv):
 * out = self @ mat2 over a broadcast batch (bndim <= AO_MM_MAX_BATCH dims; a 1-d operand is
 * one row / one column). Operands: 0 out, 1 self, 2 mat2. compute[]: the dtype the product
 * reads each input as (CANN's promoted "upper" dtype: a FLOAT input read as FLOAT16 under
 * USE_FP16 is rounded to it first); mid: the dtype the product's float32 sums are rounded to
 * before the conversion to out's dtype (out's own or FLOAT: one rounding). src/matmul.c
 * around ao_gemm. Returns 0, or -1 on a bad plan or no memory. */
#define AO_MM_MAX_BATCH 6
typedef struct ao_mm_plan {
    int64_t m, n, k;
    int bndim;
    int64_t bshape[AO_MM_MAX_BATCH];
    int dtype[3];
    int compute[2];
    int mid;
    int64_t rs[3], cs[3];
    int64_t bst[3][AO_MM_MAX_BATCH];
    /* nz_mats > 0: mat2's storage is FRACTAL_NZ, nz_mats matrices of nz_rows x nz_cols (the
     * C-contiguous ND stack its view's strides address) in blocks of nz_c0 columns: it is
     * unpacked into that ND stack first (src/nz.c), then read through the same strides */
    int64_t nz_mats, nz_rows, nz_cols, nz_c0;
} ao_mm_plan;

int ao_mm_run(const void *plan, char *const *data, int nthreads);
/* FRACTAL_NZ (src/nz.c): a stack of nmat matrices of rows x cols, `size`-byte elements,
 * stored per matrix as [ceil(cols / c0)][ceil(rows / 16)][16][c0] (zero padding).
 * ao_nz_pack_run (TransMatmulWeight): data[0] is the tensor, read through its view (batch
 * dims bshape / bst, then rs, cs: element strides) and rewritten in place, from its first
 * element on, in NZ (ao_nz_matrix_elements per matrix). ao_nz_unpack: NZ at `nz` into the
 * C-contiguous stack at `nd`. Return 0, or -1 on a bad plan or no memory. */
#define AO_NZ_MAX_BATCH 8
typedef struct ao_nz_plan {
    int64_t nmat, rows, cols, c0, size;
    int bndim;
    int64_t bshape[AO_NZ_MAX_BATCH], bst[AO_NZ_MAX_BATCH];
    int64_t rs, cs;
} ao_nz_plan;

int64_t ao_nz_matrix_elements(int64_t rows, int64_t cols, int64_t c0);
int ao_nz_pack_run(const void *plan, char *const *data, int nthreads);
int ao_nz_unpack(const char *nz, char *nd, int64_t nmat, int64_t rows, int64_t cols, int64_t c0, int64_t size,
                 int nthreads);
/* The weight-quantised product (ascendops/_quant_matmul.pxi QuantMatmulOp:
 * aclnnWeightQuantBatchMatmulV2): y = x @ dequant(weight) (+ bias), x m x k, weight k x n
 * of INT8 or INT4 (two per byte, element 2i in the low nibble), dequant(w)[r, c] =
 * ((w + offset[g, c]) * scale[g, c]) with g = r / group (group 0: one row of scales),
 * each step rounded to the dtype `inter` (x's) as CANN's antiquant does; the product's
 * sums in float32, bias (FLOAT16 / BFLOAT16 / FLOAT) added in float32, y rounded once.
 * Operands: 0 y, 1 x, 2 weight, 3 scale, off_k (> 0: the offset), bias_k (> 0: the bias).
 * Strides in elements (INT4: nibbles); a 0 stride broadcasts (per-tensor scales, a
 * bias of one row). The weight is dequantised panel by panel of columns (k x a few
 * dozen floats per task), never whole. src/quant_matmul.c. Returns 0, or -1 on a bad
 * plan or no memory. */
typedef struct ao_wqmm_plan {
    int64_t m, n, k, group;
    int dtype[6];                       /* y, x, weight, scale, offset, bias */
    int inter;
    int off_k, bias_k;
    int64_t x_st[2], w_st[2], s_st[2], o_st[2], y_st[2];
    int64_t b_st;
} ao_wqmm_plan;

int ao_wqmm_run(const void *plan, char *const *data, int nthreads);
/* Attention (ascendops/_attention.pxi AttentionOp: aclnnFusedInferAttentionScoreV2):
 * out[b, n, i, :] = softmax_j(scale * q[b, n, i, :] . k[b, n / (N / Nkv), j, :] + pse[b, n, i, j])
 *                   @ v[b, n / (N / Nkv), :, :],
 * key j of query i left out where mask[b, i, j] is nonzero (has_mask) or, with band set,
 * where j - i lies outside [band_lo, band_hi]. Operands: 0 out, 1 query, pse_k (> 0: the
 * pse), mask_k (> 0: a 1-byte mask); data[key_k] and data[value_k] are the address arrays
 * of the key and value lists (element 0 is read). kv_lens: the plan is followed by b int64
 * values, each batch's number of keys read (<= skv; the others are left out). Strides in elements over (batch, head,
 * sequence, head dim); pse_st over (batch, head, query, key), mask_st over (batch,
 * query, key). dtype: out, query, key, value, pse (FLOAT, FLOAT16, BFLOAT16). Sums and
 * softmax in float32; src/attention.c. Returns 0, or -1 on a bad plan or no memory. */
typedef struct ao_attention_plan {
    int dtype[5];                       /* out, query, key, value, pse */
    int pse_k, mask_k, key_k, value_k, band, kv_lens;
    int64_t b, n, nkv, sq, skv, d, dv;
    int64_t band_lo, band_hi;
    float scale;
    int64_t q_st[4], k_st[4], v_st[4], out_st[4], pse_st[4], mask_st[3];
} ao_attention_plan;

int ao_attention_run(const void *plan, char *const *data, int nthreads);

#ifdef __cplusplus
}
#endif
#endif
