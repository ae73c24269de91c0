/* SoftmaxBackward kernel: out = dy * y - sum_dim(dy * y) * y.
 *
 * The dispatcher (ascendops/_reduce.pxi) removes the reduced dim from the iteration
 * space: each "row" is one index of the other dims, and holds n elements at
 * rstride[k] apart in operand k. Rows are independent: the engine's worker pool
 * (ao_parallel_ranges) splits them across threads. Each row is read twice (the sum, then the result), straight from the
 * operands' strides: no scratch memory, so the op needs no workspace. Element i of
 * a row is read before element i of out is written, so out may alias an input
 * exactly (same address and strides). */
#include <stdint.h>

#include "plan_fn.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

static inline float ao_sm_load(int dt, const char *base, int64_t i)
{
    switch (dt) {
    case AO_DT_FLOAT16: return ao_s_f16_to_f32(((const uint16_t *)base)[i]);
    case AO_DT_BF16: return ao_s_bf16_to_f32(((const uint16_t *)base)[i]);
    default: return ((const float *)base)[i];
    }
}

static inline void ao_sm_store(int dt, char *base, int64_t i, float v)
{
    switch (dt) {
    case AO_DT_FLOAT16: ((uint16_t *)base)[i] = ao_s_f64_to_f16((double)v); break;
    case AO_DT_BF16: ((uint16_t *)base)[i] = ao_s_f32_to_bf16(v); break;
    default: ((float *)base)[i] = v;
    }
}

static int ao_sm_dtype_ok(int dt)
{
    return dt == AO_DT_FLOAT || dt == AO_DT_FLOAT16 || dt == AO_DT_BF16;
}

static void ao_sm_row(const ao_softmax_bw_plan *p, char *out, const char *dy, const char *y)
{
    const int64_t n = p->n, s0 = p->rstride[0], s1 = p->rstride[1], s2 = p->rstride[2];
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    double sum = 0.0;
    if (d1 == AO_DT_FLOAT && d2 == AO_DT_FLOAT) {
        const float *a = (const float *)dy, *b = (const float *)y;
        for (int64_t i = 0; i < n; i++)
            sum += (double)(a[i * s1] * b[i * s2]);
    } else {
        for (int64_t i = 0; i < n; i++)
            sum += (double)(ao_sm_load(d1, dy, i * s1) * ao_sm_load(d2, y, i * s2));
    }
    const float fs = (float)sum;
    if (d0 == AO_DT_FLOAT && d1 == AO_DT_FLOAT && d2 == AO_DT_FLOAT) {
        float *o = (float *)out;
        const float *a = (const float *)dy, *b = (const float *)y;
        for (int64_t i = 0; i < n; i++) {
            float yi = b[i * s2];
            o[i * s0] = a[i * s1] * yi - fs * yi;
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            float yi = ao_sm_load(d2, y, i * s2);
            ao_sm_store(d0, out, i * s0, ao_sm_load(d1, dy, i * s1) * yi - fs * yi);
        }
    }
}

/* Rows lo..lo+cnt-1 along the innermost row dim (stride cs[k]), the reduced dim
 * outside them in memory (e.g. dim 0 of a C-ordered matrix): walks the reduced dim
 * once for the whole block, reading each line of memory once instead of per row. */
enum { AO_SM_BLOCK = 64 };

static void ao_sm_block(const ao_softmax_bw_plan *p, char *const *base, const int64_t *isz,
                        const int64_t *cs, int64_t cnt)
{
    double sum[AO_SM_BLOCK] = {0};
    float fs[AO_SM_BLOCK];
    for (int64_t i = 0; i < p->n; i++) {
        const char *dy = base[1] + i * p->rstride[1] * isz[1], *y = base[2] + i * p->rstride[2] * isz[2];
        for (int64_t j = 0; j < cnt; j++)
            sum[j] += (double)(ao_sm_load(p->dtype[1], dy, j * cs[1]) * ao_sm_load(p->dtype[2], y, j * cs[2]));
    }
    for (int64_t j = 0; j < cnt; j++)
        fs[j] = (float)sum[j];
    for (int64_t i = 0; i < p->n; i++) {
        char *o = base[0] + i * p->rstride[0] * isz[0];
        const char *dy = base[1] + i * p->rstride[1] * isz[1], *y = base[2] + i * p->rstride[2] * isz[2];
        for (int64_t j = 0; j < cnt; j++) {
            float yi = ao_sm_load(p->dtype[2], y, j * cs[2]);
            ao_sm_store(p->dtype[0], o, j * cs[0], ao_sm_load(p->dtype[1], dy, j * cs[1]) * yi - fs[j] * yi);
        }
    }
}

typedef struct ao_sm_job {
    const ao_softmax_bw_plan *p;
    char *const *data;
    const int64_t *isz;
    int64_t inner, nblk;            /* blocked path */
    const int64_t *cs;
} ao_sm_job;

/* Blocked path: items t in [lo, hi), t = (index of the other dims, block of inner). */
static void ao_sm_blocks(void *arg, int64_t lo, int64_t hi)
{
    const ao_sm_job *j = (const ao_sm_job *)arg;
    const ao_softmax_bw_plan *p = j->p;
    const int nd = p->ndim;
    const int64_t *isz = j->isz, *cs = j->cs;
    for (int64_t t = lo; t < hi; t++) {
        int64_t ob = t / j->nblk, b = t % j->nblk, rem = ob, off[3];
        for (int k = 0; k < 3; k++)
            off[k] = b * AO_SM_BLOCK * cs[k];
        for (int d = nd - 2; d >= 0; d--) {
            int64_t idx = rem % p->shape[d];
            rem /= p->shape[d];
            for (int k = 0; k < 3; k++)
                off[k] += idx * p->strides[k][d];
        }
        char *base[3] = {j->data[0] + off[0] * isz[0], j->data[1] + off[1] * isz[1], j->data[2] + off[2] * isz[2]};
        int64_t cnt = j->inner - b * AO_SM_BLOCK < AO_SM_BLOCK ? j->inner - b * AO_SM_BLOCK : AO_SM_BLOCK;
        ao_sm_block(p, base, isz, cs, cnt);
    }
}

/* Row path: rows [lo, hi). */
static void ao_sm_rows(void *arg, int64_t lo, int64_t hi)
{
    const ao_sm_job *j = (const ao_sm_job *)arg;
    const ao_softmax_bw_plan *p = j->p;
    const int64_t *isz = j->isz;
    for (int64_t r = lo; r < hi; r++) {
        int64_t off[3] = {0, 0, 0}, rem = r;
        for (int d = p->ndim - 1; d >= 0; d--) {
            int64_t idx = rem % p->shape[d];
            rem /= p->shape[d];
            for (int k = 0; k < 3; k++)
                off[k] += idx * p->strides[k][d];
        }
        ao_sm_row(p, j->data[0] + off[0] * isz[0], j->data[1] + off[1] * isz[1], j->data[2] + off[2] * isz[2]);
    }
}

int ao_softmax_backward_run(const void *plan, char *const *data, int nthreads)
{
    const ao_softmax_bw_plan *p = (const ao_softmax_bw_plan *)plan;
    if (!p || !data || p->ndim < 0 || p->ndim > AO_MAX_DIMS || p->rows <= 0 || p->n <= 0)
        return -1;
    for (int k = 0; k < 3; k++)
        if (!ao_sm_dtype_ok(p->dtype[k]) || !data[k])
            return -1;
    const int64_t isz[3] = {p->dtype[0] == AO_DT_FLOAT ? 4 : 2, p->dtype[1] == AO_DT_FLOAT ? 4 : 2,
                            p->dtype[2] == AO_DT_FLOAT ? 4 : 2};
    int nt = ao_effective_threads(nthreads);
    /* Few or short rows: threads cost more than they save. */
    if (p->rows < 2 || p->rows * p->n < 32768)
        nt = 1;
    ao_sm_job job = {p, data, isz, 0, 0, NULL};
    /* Blocked path: the innermost row dim is denser in memory than the reduced dim. */
    const int nd = p->ndim;
    if (nd > 0 && p->shape[nd - 1] > 1 && p->strides[1][nd - 1] < p->rstride[1]) {
        const int64_t inner = p->shape[nd - 1], nblk = (inner + AO_SM_BLOCK - 1) / AO_SM_BLOCK;
        const int64_t outer = p->rows / inner;
        const int64_t cs[3] = {p->strides[0][nd - 1], p->strides[1][nd - 1], p->strides[2][nd - 1]};
        job.inner = inner;
        job.nblk = nblk;
        job.cs = cs;
        ao_parallel_ranges(outer * nblk, nt, 1, ao_sm_blocks, &job);
        return 0;
    }
    ao_parallel_ranges(p->rows, nt, 1, ao_sm_rows, &job);
    return 0;
}
