/* The matrix product family (plan_fn.h's ao_mm_plan; ascendops/_matmul.pxi MatmulOp):
 * out = self @ mat2 over a broadcast batch, by the engine's ao_gemm (float32 sums).
 *
 * CANN's cube reads both inputs in one promoted dtype (compute[]) and writes its result in
 * a dtype (mid) that a Cast then converts to out's. Where that changes the numbers it is
 * done here too: an input whose compute dtype is narrower than its own (FLOAT or BFLOAT16
 * read as FLOAT16 under USE_FP16) is rounded into a contiguous FLOAT copy first; a mid dtype
 * other than out's and FLOAT (16-bit sums into a FLOAT or another 16-bit out) rounds the
 * float32 sums to mid before out's dtype. Every other combination is one ao_gemm into out
 * (a widening to the compute dtype is exact; the sums rounded once to out's dtype). A
 * FRACTAL_NZ mat2 is unpacked into its ND stack first (src/nz.c), so that its product is
 * the ND weight's, bit for bit. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ao_internal.h"
#include "dtypes.h"
#include "gemm.h"
#include "plan_fn.h"
#include "scalar_cvt.h"

_Static_assert(AO_MM_MAX_BATCH <= AO_GEMM_MAX_BATCH, "the family's batch fits the engine's");

/* v rounded to the 16-bit dtype `to` (FLOAT16, BFLOAT16), as a float (exact). */
static inline float ao_mm_round_to(int to, float v)
{
    return to == AO_DT_FLOAT16 ? ao_s_f16_to_f32(ao_s_f64_to_f16((double)v)) : ao_s_bf16_to_f32(ao_s_f32_to_bf16(v));
}

/* The element offset of batch index b (C order over the batch dims, their extents ext)
 * in an operand of batch strides st. */
static inline int64_t ao_mm_batch_offset(int ndim, const int64_t *ext, const int64_t *st, int64_t b)
{
    int64_t off = 0;
    for (int d = ndim - 1; d >= 0; d--) {
        off += (b % ext[d]) * st[d];
        b /= ext[d];
    }
    return off;
}

/* A pass over rows: row r of matrix b reads src (dtype sdt, strides) and writes dst
 * (dtype ddt, strides) rounded through the 16-bit dtype `to`. */
typedef struct ao_mm_pass {
    int ndim;
    int64_t ext[AO_MM_MAX_BATCH];
    int64_t sst[AO_MM_MAX_BATCH], dst_st[AO_MM_MAX_BATCH];
    int64_t rows, cols;
    const char *src;
    int sdt;
    int64_t srs, scs;
    char *dst;
    int ddt;
    int64_t drs, dcs;
    int to;
} ao_mm_pass;

static void ao_mm_pass_rows(void *arg, int64_t lo, int64_t hi)
{
    const ao_mm_pass *w = (const ao_mm_pass *)arg;
    for (int64_t r = lo; r < hi; r++) {
        const int64_t b = r / w->rows, i = r % w->rows;
        const int64_t so = ao_mm_batch_offset(w->ndim, w->ext, w->sst, b) + i * w->srs;
        const int64_t dof = ao_mm_batch_offset(w->ndim, w->ext, w->dst_st, b) + i * w->drs;
        for (int64_t j = 0; j < w->cols; j++)
            ao_s_store_f32(w->ddt, w->dst, dof + j * w->dcs, ao_mm_round_to(w->to, ao_s_load_f32(w->sdt, w->src,
                                                                                                 so + j * w->scs)));
    }
}

static void ao_mm_run_pass(const ao_mm_pass *w, int nthreads)
{
    int64_t nmat = 1;
    for (int d = 0; d < w->ndim; d++)
        nmat *= w->ext[d];
    const int64_t total = nmat * w->rows;
    const int64_t min_rows = w->cols > 0 ? 1 + (1 << 14) / w->cols : total + 1;
    ao_parallel_ranges(total, total * w->cols < (1 << 15) ? 1 : nthreads, min_rows, ao_mm_pass_rows, (void *)w);
}

/* Input q (1 self, 2 mat2) of rows x cols per batch index, rounded to the 16-bit dtype `to`
 * into a contiguous FLOAT buffer (the rounded values are exact in FLOAT, so the product
 * is the one of the 16-bit operands, on the engine's FLOAT path): one matrix per index of
 * its own batch (1 along broadcast dims); the operand is rewritten to read the copy.
 * Returns the buffer (NULL: no memory). */
static char *ao_mm_round_input(const ao_mm_plan *p, int q, ao_gemm_operand *op, int64_t rows, int64_t cols, int to,
                               int nthreads)
{
    ao_mm_pass w;
    memset(&w, 0, sizeof(w));
    int64_t nmat = 1;
    w.ndim = p->bndim;
    for (int d = 0; d < p->bndim; d++) {
        w.ext[d] = p->bst[q][d] == 0 ? 1 : p->bshape[d];
        w.sst[d] = p->bst[q][d];
        nmat *= w.ext[d];
    }
    char *buf = (char *)malloc((size_t)(nmat * rows * cols) * sizeof(float) + 1);
    if (!buf)
        return NULL;
    int64_t st = rows * cols;
    for (int d = p->bndim - 1; d >= 0; d--) {
        w.dst_st[d] = st;
        st *= w.ext[d];
    }
    w.rows = rows;
    w.cols = cols;
    w.src = op->data;
    w.sdt = p->dtype[q];
    w.srs = p->rs[q];
    w.scs = p->cs[q];
    w.dst = buf;
    w.ddt = AO_DT_FLOAT;
    w.drs = cols;
    w.dcs = 1;
    w.to = to;
    ao_mm_run_pass(&w, nthreads);
    for (int d = 0; d < p->bndim; d++)
        op->batch_stride[d] = p->bst[q][d] == 0 ? 0 : w.dst_st[d];
    op->data = buf;
    op->dtype = AO_DT_FLOAT;
    op->row_stride = cols;
    op->col_stride = 1;
    return buf;
}

int ao_mm_run(const void *plan, char *const *data, int nthreads)
{
    const ao_mm_plan *p = (const ao_mm_plan *)plan;
    if (p->bndim < 0 || p->bndim > AO_MM_MAX_BATCH)
        return -1;
    ao_gemm_problem g;
    memset(&g, 0, sizeof(g));
    g.m = p->m;
    g.n = p->n;
    g.k = p->k;
    g.batch_ndim = p->bndim;
    int64_t nbatch = 1;
    for (int d = 0; d < p->bndim; d++) {
        g.batch_shape[d] = p->bshape[d];
        nbatch *= p->bshape[d];
    }
    ao_gemm_operand *ops[3] = {&g.c, &g.a, &g.b};
    for (int q = 0; q < 3; q++) {
        ops[q]->data = data[q];
        ops[q]->dtype = p->dtype[q];
        ops[q]->row_stride = p->rs[q];
        ops[q]->col_stride = p->cs[q];
        for (int d = 0; d < p->bndim; d++)
            ops[q]->batch_stride[d] = p->bst[q][d];
    }
    char *tmp[4] = {NULL, NULL, NULL, NULL};
    const int nt = ao_effective_threads(nthreads);
    int rc = 0;
    if (p->nz_mats > 0) {
        /* a FRACTAL_NZ mat2: unpacked into the ND stack its view's strides address */
        const int64_t size = ao_dtype_itemsize(p->dtype[2]);
        tmp[3] = (char *)malloc((size_t)(p->nz_mats * p->nz_rows * p->nz_cols * size) + 1);
        if (!tmp[3] || size == 0 ||
            ao_nz_unpack(data[2], tmp[3], p->nz_mats, p->nz_rows, p->nz_cols, p->nz_c0, size, nt) != 0)
            rc = -1;
        else
            g.b.data = tmp[3];
    }
    for (int q = 1; q < 3 && rc == 0; q++) {
        const int c = p->compute[q - 1];
        /* only a narrowing changes values: FLOAT -> 16-bit, BFLOAT16 <-> FLOAT16 */
        if (c != p->dtype[q] && c != AO_DT_FLOAT) {
            tmp[q] = ao_mm_round_input(p, q, ops[q], q == 1 ? p->m : p->k, q == 1 ? p->k : p->n, c, nt);
            if (!tmp[q])
                rc = -1;
        }
    }
    const int mid = p->mid, od = p->dtype[0];
    const int via_mid = mid != AO_DT_FLOAT && mid != od;
    if (rc == 0 && via_mid && od != AO_DT_FLOAT) {
        /* 16-bit sums into another 16-bit out: float32 product, then mid, then out */
        tmp[0] = (char *)malloc((size_t)(nbatch * p->m * p->n) * sizeof(float) + 1);
        if (!tmp[0])
            rc = -1;
        else {
            g.c.data = tmp[0];
            g.c.dtype = AO_DT_FLOAT;
            g.c.row_stride = p->n;
            g.c.col_stride = 1;
            int64_t st = p->m * p->n;
            for (int d = p->bndim - 1; d >= 0; d--) {
                g.c.batch_stride[d] = st;
                st *= p->bshape[d];
            }
        }
    }
    if (rc == 0)
        rc = ao_gemm(&g, nt) == 0 ? 0 : -1;
    if (rc == 0 && via_mid) {
        /* the sums (in out, or in the FLOAT buffer) rounded through mid into out */
        ao_mm_pass w;
        memset(&w, 0, sizeof(w));
        w.ndim = p->bndim;
        for (int d = 0; d < p->bndim; d++) {
            w.ext[d] = p->bshape[d];
            w.sst[d] = tmp[0] ? g.c.batch_stride[d] : p->bst[0][d];
            w.dst_st[d] = p->bst[0][d];
        }
        w.rows = p->m;
        w.cols = p->n;
        w.src = tmp[0] ? tmp[0] : data[0];
        w.sdt = AO_DT_FLOAT;
        w.srs = tmp[0] ? p->n : p->rs[0];
        w.scs = tmp[0] ? 1 : p->cs[0];
        w.dst = data[0];
        w.ddt = od;
        w.drs = p->rs[0];
        w.dcs = p->cs[0];
        w.to = mid;
        ao_mm_run_pass(&w, nt);
    }
    for (int q = 0; q < 4; q++)
        free(tmp[q]);
    return rc;
}
