/* The weight-quantised matrix product (plan_fn.h's ao_wqmm_plan; ascendops/_quant_matmul.pxi
 * QuantMatmulOp, aclnnWeightQuantBatchMatmulV2): y = x @ dequant(weight) + bias.
 *
 * The work is cut into panels of the weight's columns. A task dequantises its panel
 * (k x nb) into a float buffer of its thread, rounding each step to x's dtype as CANN's
 * antiquant does ((w + offset) rounded, times scale rounded: CANN's kernel golden,
 * hicann/ops-nn matmul/weight_quant_batch_matmul_v2/tests/assets/wqbmmv2_kernel_golden.py),
 * multiplies x by it on ao_gemm (float32 sums) into a second buffer, and writes
 * y's columns with the bias added in float32 and one rounding to y's dtype. The weight
 * is read once and never held whole as floats. */
#include <stdint.h>
#include <string.h>

#include "ao_internal.h"
#include "dtypes.h"
#include "gemm.h"
#include "plan_fn.h"
#include "scalar_cvt.h"

#define AO_WQMM_PANEL_FLOATS (1 << 17)   /* a panel of at most 512 KiB of floats */

/* v rounded to FLOAT16 or BFLOAT16 (as a float, exact) */
static inline float ao_wqmm_round(int to, float v)
{
    return to == AO_DT_FLOAT16 ? ao_s_f16_to_f32(ao_s_f64_to_f16((double)v)) : ao_s_bf16_to_f32(ao_s_f32_to_bf16(v));
}

/* weight element i (INT8, or INT4: nibble i of the packed bytes, sign-extended) */
static inline float ao_wqmm_weight(int dt, const char *w, int64_t i)
{
    if (dt == AO_DT_INT8)
        return (float)((const int8_t *)w)[i];
    const uint8_t b = ((const uint8_t *)w)[i >> 1];
    const int v = (i & 1) ? (b >> 4) : (b & 0x0F);
    return (float)(v >= 8 ? v - 16 : v);
}

typedef struct ao_wqmm_job {
    const ao_wqmm_plan *p;
    char *const *data;
    int64_t nb;
    int failed;
} ao_wqmm_job;

static void ao_wqmm_panel(ao_wqmm_job *j, int64_t c0)
{
    const ao_wqmm_plan *p = j->p;
    char *const *data = j->data;
    const int64_t nb = c0 + j->nb <= p->n ? j->nb : p->n - c0;
    const int64_t k = p->k, m = p->m;
    float *wf = ao_gemm_scratch(3, (size_t)(k * nb));
    float *cf = ao_gemm_scratch(4, (size_t)(m * nb));
    if (!wf || !cf) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    const int wdt = p->dtype[2], sdt = p->dtype[3], odt = p->dtype[4];
    const char *w = data[2], *s = data[3], *o = p->off_k > 0 ? data[p->off_k] : NULL;
    const int inter = p->inter;
    for (int64_t c = 0; c < nb; c++) {
        const int64_t col = c0 + c;
        const int64_t wc = col * p->w_st[1], sc = col * p->s_st[1], oc = col * p->o_st[1];
        int64_t g = -1;
        float sv = 0.0f, ov = 0.0f;
        for (int64_t r = 0; r < k; r++) {
            const int64_t gr = p->group > 0 ? r / p->group : 0;
            if (gr != g) {
                g = gr;
                sv = ao_s_load_f32(sdt, s, g * p->s_st[0] + sc);
                if (o)
                    ov = ao_wqmm_round(inter, ao_s_load_f32(odt, o, g * p->o_st[0] + oc));
            }
            float v = ao_wqmm_weight(wdt, w, r * p->w_st[0] + wc);
            if (o)
                v = ao_wqmm_round(inter, v + ov);
            wf[r * nb + c] = ao_wqmm_round(inter, v * sv);
        }
    }
    ao_gemm_problem gp;
    memset(&gp, 0, sizeof(gp));
    gp.m = m;
    gp.n = nb;
    gp.k = k;
    gp.a.data = data[1];
    gp.a.dtype = p->dtype[1];
    gp.a.row_stride = p->x_st[0];
    gp.a.col_stride = p->x_st[1];
    gp.b.data = (char *)wf;
    gp.b.dtype = AO_DT_FLOAT;
    gp.b.row_stride = nb;
    gp.b.col_stride = 1;
    gp.c.data = (char *)cf;
    gp.c.dtype = AO_DT_FLOAT;
    gp.c.row_stride = nb;
    gp.c.col_stride = 1;
    if (ao_gemm(&gp, 1)) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    const int ydt = p->dtype[0], bdt = p->dtype[5];
    const char *b = p->bias_k > 0 ? data[p->bias_k] : NULL;
    for (int64_t i = 0; i < m; i++)
        for (int64_t c = 0; c < nb; c++) {
            float v = cf[i * nb + c];
            if (b)
                v += ao_s_load_f32(bdt, b, (c0 + c) * p->b_st);
            ao_s_store_f32(ydt, data[0], i * p->y_st[0] + (c0 + c) * p->y_st[1], v);
        }
}

static void ao_wqmm_panels(void *arg, int64_t lo, int64_t hi)
{
    ao_wqmm_job *j = (ao_wqmm_job *)arg;
    for (int64_t t = lo; t < hi; t++)
        ao_wqmm_panel(j, t * j->nb);
}

int ao_wqmm_run(const void *plan, char *const *data, int nthreads)
{
    const ao_wqmm_plan *p = (const ao_wqmm_plan *)plan;
    if (p->m < 0 || p->n < 0 || p->k < 0 || p->group < 0)
        return -1;
    if (p->m == 0 || p->n == 0)
        return 0;
    const int nt = ao_effective_threads(nthreads);
    /* panels of a multiple of 16 columns, at most AO_WQMM_PANEL_FLOATS floats, and
     * enough of them to keep every thread busy */
    int64_t nb = p->k > 0 ? AO_WQMM_PANEL_FLOATS / p->k : p->n;
    int64_t per_thread = (p->n + nt - 1) / nt;
    if (nb > per_thread)
        nb = per_thread;
    nb = (nb + 15) / 16 * 16;
    if (nb < 16)
        nb = 16;
    ao_wqmm_job job = {p, data, nb, 0};
    const int64_t tasks = (p->n + nb - 1) / nb;
    const int64_t work = p->k * p->n + p->m * p->k * p->n;
    ao_gemm_begin();
    ao_parallel_ranges(tasks, work < (1 << 16) ? 1 : nt, 1, ao_wqmm_panels, &job);
    ao_gemm_end();
    return job.failed ? -1 : 0;
}
