/* Attention (plan_fn.h ao_attention_plan): out = softmax(scale * Q K^T + pse) V per
 * (batch, query head), the key / value head of a query head n being n / (N / Nkv) (GQA).
 * Every operand is read or written through its own element strides over (batch, head,
 * sequence, head dim) and its dtype (FLOAT, FLOAT16, BFLOAT16), so BSND, BNSD and BSH
 * are one walk; pse is read over (batch, head, query, key) (stride 0 broadcasts).
 *
 * The work is cut into tasks of (batch, head, block of queries), run on the engine's worker
 * pool. A task is two matrix products (ao_gemm, one thread: the task is the unit of
 * parallelism) around a float32 softmax:
 *   S = Q_blk K^T            (float32 sums of the 16-bit operands)
 *   S = S * scale + pse;     S = -inf where the mask or the band leaves a key out;
 *   m = max_j S;  P = exp(S - m);  l = sum_j P
 *   O = P V;                 out = O / l, rounded once to out's dtype.
 * A row whose every score is -inf (a fully masked row) writes zeros, as CANN's row-invalid
 * correction (innerPrecise 2 / 3) does. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "plan_fn.h"
#include "ao_internal.h"
#include "dtypes.h"
#include "gemm.h"
#include "scalar_cvt.h"

typedef struct ao_attn_job {
    const ao_attention_plan *p;
    char *const *data;
    int64_t qb, nqb;            /* queries per task, tasks per (batch, head) */
    volatile int failed;
} ao_attn_job;

static void ao_attn_item(void *arg, int64_t item)
{
    ao_attn_job *j = (ao_attn_job *)arg;
    const ao_attention_plan *p = j->p;
    char *const *data = j->data;
    const int64_t blk = item % j->nqb, bn = item / j->nqb;
    const int64_t n = bn % p->n, b = bn / p->n;
    const int64_t hkv = n / (p->n / p->nkv);
    const int64_t i0 = blk * j->qb, i1 = i0 + j->qb < p->sq ? i0 + j->qb : p->sq, m = i1 - i0;
    /* this batch's keys: the first kv_lens[b] where the plan lists them */
    const int64_t skv = p->kv_lens ? ((const int64_t *)(p + 1))[b] : p->skv, ld = p->skv > 0 ? p->skv : 1;
    const int64_t dv = p->dv;
    char *const *klist = (char *const *)data[p->key_k];
    char *const *vlist = (char *const *)data[p->value_k];
    float *s = (float *)malloc((size_t)(m * ld + m * dv + m) * sizeof(float));
    if (!s) {
        j->failed = 1;
        return;
    }
    float *o = s + m * ld, *rowsum = o + m * dv;
    const int esz_q = ao_dtype_itemsize(p->dtype[1]);
    const int esz_k = ao_dtype_itemsize(p->dtype[2]), esz_v = ao_dtype_itemsize(p->dtype[3]);
    ao_gemm_problem g;
    memset(&g, 0, sizeof(g));
    /* S = Q_blk (m x d) @ K^T (d x skv) */
    g.m = m, g.n = skv, g.k = p->d;
    g.a.data = data[1] + (b * p->q_st[0] + n * p->q_st[1] + i0 * p->q_st[2]) * esz_q;
    g.a.dtype = p->dtype[1], g.a.row_stride = p->q_st[2], g.a.col_stride = p->q_st[3];
    g.b.data = klist[0] + (b * p->k_st[0] + hkv * p->k_st[1]) * esz_k;
    g.b.dtype = p->dtype[2], g.b.row_stride = p->k_st[3], g.b.col_stride = p->k_st[2];
    g.c.data = (char *)s, g.c.dtype = AO_DT_FLOAT, g.c.row_stride = ld, g.c.col_stride = 1;
    if (ao_gemm(&g, 1) != 0) {
        j->failed = 1;
        free(s);
        return;
    }
    const float scale = p->scale;
    for (int64_t i = 0; i < m; i++) {
        float *restrict r = s + i * ld;
        if (p->pse_k) {
            const char *pse = data[p->pse_k];
            const int64_t base = b * p->pse_st[0] + n * p->pse_st[1] + (i0 + i) * p->pse_st[2];
            const int64_t st = p->pse_st[3];
            for (int64_t c = 0; c < skv; c++)
                r[c] = r[c] * scale + ao_s_load_f32(p->dtype[4], pse, base + c * st);
        } else {
            for (int64_t c = 0; c < skv; c++)
                r[c] *= scale;
        }
        if (p->mask_k) {
            const uint8_t *mask = (const uint8_t *)data[p->mask_k];
            const int64_t base = b * p->mask_st[0] + (i0 + i) * p->mask_st[1], st = p->mask_st[2];
            for (int64_t c = 0; c < skv; c++)
                if (mask[base + c * st])
                    r[c] = -INFINITY;
        }
        if (p->band) {
            /* keys j with j - i in [band_lo, band_hi] are kept */
            const int64_t ii = i0 + i;
            for (int64_t c = 0; c < skv; c++)
                if (c - ii < p->band_lo || c - ii > p->band_hi)
                    r[c] = -INFINITY;
        }
        float mx = -INFINITY;
        for (int64_t c = 0; c < skv; c++)
            mx = r[c] > mx ? r[c] : mx;
        float sum = 0.0f;
        if (mx == -INFINITY || mx != mx) {
            /* every score -inf: the row writes zeros; a NaN score gives NaN */
            const float fill = mx != mx ? NAN : 0.0f;
            for (int64_t c = 0; c < skv; c++)
                r[c] = fill;
            sum = mx != mx ? 1.0f : 0.0f;
        } else {
            for (int64_t c = 0; c < skv; c++) {
                const float e = expf(r[c] - mx);
                r[c] = e;
                sum += e;
            }
        }
        rowsum[i] = sum;
    }
    /* O = P (m x skv) @ V (skv x dv) */
    memset(&g, 0, sizeof(g));
    g.m = m, g.n = dv, g.k = skv;
    g.a.data = (char *)s, g.a.dtype = AO_DT_FLOAT, g.a.row_stride = ld, g.a.col_stride = 1;
    g.b.data = vlist[0] + (b * p->v_st[0] + hkv * p->v_st[1]) * esz_v;
    g.b.dtype = p->dtype[3], g.b.row_stride = p->v_st[2], g.b.col_stride = p->v_st[3];
    g.c.data = (char *)o, g.c.dtype = AO_DT_FLOAT, g.c.row_stride = dv, g.c.col_stride = 1;
    if (ao_gemm(&g, 1) != 0) {
        j->failed = 1;
        free(s);
        return;
    }
    for (int64_t i = 0; i < m; i++) {
        const float inv = rowsum[i] == 0.0f ? 0.0f : 1.0f / rowsum[i];
        const int64_t base = b * p->out_st[0] + n * p->out_st[1] + (i0 + i) * p->out_st[2];
        for (int64_t c = 0; c < dv; c++)
            ao_s_store_f32(p->dtype[0], data[0], base + c * p->out_st[3], o[i * dv + c] * inv);
    }
    free(s);
}

int ao_attention_run(const void *plan, char *const *data, int nthreads)
{
    const ao_attention_plan *p = (const ao_attention_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || (p->pse_k && !data[p->pse_k]) || (p->mask_k && !data[p->mask_k]) || p->key_k < 2 || p->value_k < 2 ||
        !data[p->key_k] || !data[p->value_k] || p->b <= 0 || p->n <= 0 || p->nkv <= 0 || p->n % p->nkv ||
        p->sq <= 0 || p->skv < 0 || p->d <= 0 || p->dv <= 0)
        return -1;
    if (!((char *const *)data[p->key_k])[0] || !((char *const *)data[p->value_k])[0])
        return -1;
    if (p->kv_lens)
        for (int64_t b = 0; b < p->b; b++)
            if (((const int64_t *)(p + 1))[b] < 0 || ((const int64_t *)(p + 1))[b] > p->skv)
                return -1;
    int nt = ao_effective_threads(nthreads);
    const int64_t bn = p->b * p->n;
    /* Query blocks as tall as a score buffer of about 2M floats allows (each task packs its
     * head's K and V once: fewer, taller blocks pack them fewer times), halved while the
     * (batch, head, block) tasks are fewer than four per thread. */
    int64_t cap = ((int64_t)1 << 21) / (p->skv > 0 ? p->skv : 1);
    if (cap < 16)
        cap = 16;
    int64_t qb = p->sq < cap ? p->sq : cap;
    while (qb > 16 && bn * ((p->sq + qb - 1) / qb) < 4 * (int64_t)nt)
        qb = (qb + 1) / 2;
    ao_attn_job job = {p, data, qb, (p->sq + qb - 1) / qb, 0};
    const int64_t total = bn * job.nqb;
    ao_parallel_for(total, total < 2 ? 1 : nt, ao_attn_item, &job);
    return job.failed ? -1 : 0;
}
