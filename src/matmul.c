/* The matrix product family (plan_fn.h's ao_mm_plan; ascendops/_matmul.pxi MatmulOp):
 * out = self @ mat2 over a broadcast batch, by the engine's ao_gemm (float32 sums).
 *
 * CANN's cube reads both inputs in one promoted dtype (compute[]) and writes its result in
 * a dtype (mid) that a Cast then converts to out's. Where that changes the numbers it is
 * done here too: an input whose compute dtype is narrower than its own (FLOAT or BFLOAT16
 * read as FLOAT16 under USE_FP16) is rounded into a contiguous copy first; a mid dtype
 * other than out's and FLOAT (16-bit sums into a FLOAT or another 16-bit out) rounds the
 * float32 sums to mid before out's dtype. Every other combination is one ao_gemm into out
 * (a widening to the compute dtype is exact; the sums rounded once to out's dtype). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ao_internal.h"
#include "dtypes.h"
#include "gemm.h"
#include "plan_fn.h"
#include "scalar_cvt.h"

_Static_assert(AO_MM_MAX_BATCH <= AO_GEMM_MAX_BATCH, "the family's batch fits the engine's");

/* Input q (1 self, 2 mat2) of rows x cols per batch index, rounded to dtype `to` into a
 * contiguous buffer: one matrix per index of its own batch (1 along broadcast dims); the
 * operand is rewritten to read the copy. Returns the buffer (NULL: no memory). */
static char *ao_mm_round_input(const ao_mm_plan *p, int q, ao_gemm_operand *op, int64_t rows, int64_t cols, int to)
{
    int64_t ext[AO_MM_MAX_BATCH], nmat = 1;
    for (int d = 0; d < p->bndim; d++) {
        ext[d] = p->bst[q][d] == 0 ? 1 : p->bshape[d];
        nmat *= ext[d];
    }
    const int from = p->dtype[q];
    const size_t isz = (size_t)ao_dtype_itemsize(to);
    char *buf = (char *)malloc((size_t)(nmat * rows * cols) * isz + 1);
    if (!buf)
        return NULL;
    for (int64_t b = 0; b < nmat; b++) {
        int64_t off = 0, rem = b;
        for (int d = p->bndim - 1; d >= 0; d--) {
            off += (rem % ext[d]) * p->bst[q][d];
            rem /= ext[d];
        }
        char *dst = buf + (size_t)(b * rows * cols) * isz;
        for (int64_t i = 0; i < rows; i++)
            for (int64_t j = 0; j < cols; j++)
                ao_s_store_f32(to, dst, i * cols + j, ao_s_load_f32(from, op->data, off + i * p->rs[q] + j * p->cs[q]));
    }
    int64_t st = rows * cols;
    for (int d = p->bndim - 1; d >= 0; d--) {
        op->batch_stride[d] = p->bst[q][d] == 0 ? 0 : st;
        st *= ext[d];
    }
    op->data = buf;
    op->dtype = to;
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
    char *tmp[3] = {NULL, NULL, NULL};
    int rc = 0;
    for (int q = 1; q < 3 && rc == 0; q++) {
        const int c = p->compute[q - 1];
        /* only a narrowing changes values: FLOAT -> 16-bit, BFLOAT16 <-> FLOAT16 */
        if (c != p->dtype[q] && c != AO_DT_FLOAT) {
            tmp[q] = ao_mm_round_input(p, q, ops[q], q == 1 ? p->m : p->k, q == 1 ? p->k : p->n, c);
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
        rc = ao_gemm(&g, ao_effective_threads(nthreads)) == 0 ? 0 : -1;
    if (rc == 0 && via_mid) {
        for (int64_t b = 0; b < nbatch; b++) {
            int64_t off = 0, rem = b;
            for (int d = p->bndim - 1; d >= 0; d--) {
                off += (rem % p->bshape[d]) * p->bst[0][d];
                rem /= p->bshape[d];
            }
            for (int64_t i = 0; i < p->m; i++)
                for (int64_t j = 0; j < p->n; j++) {
                    const int64_t o = off + i * p->rs[0] + j * p->cs[0];
                    float v = tmp[0] ? ((const float *)tmp[0])[(b * p->m + i) * p->n + j] : ((float *)data[0])[o];
                    uint16_t h = mid == AO_DT_FLOAT16 ? ao_s_f64_to_f16((double)v) : ao_s_f32_to_bf16(v);
                    v = mid == AO_DT_FLOAT16 ? ao_s_f16_to_f32(h) : ao_s_bf16_to_f32(h);
                    ao_s_store_f32(od, data[0], o, v);
                }
        }
    }
    for (int q = 0; q < 3; q++)
        free(tmp[q]);
    return rc;
}
