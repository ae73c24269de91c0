/* The weight-quantised matrix product (plan_fn.h's ao_wqmm_plan; ascendops/_quant_matmul.pxi
 * QuantMatmulOp, aclnnWeightQuantBatchMatmulV2): y = x @ dequant(weight) + bias.
 *
 * Each weight element is dequantised as CANN's antiquant does it ((w + offset) rounded to
 * x's dtype, times the scale rounded again: CANN's kernel golden, hicann/ops-nn
 * matmul/weight_quant_batch_matmul_v2/tests/assets/wqbmmv2_kernel_golden.py) in vectors of
 * the ISA region (src/quant_math.h), the product's sums run in float32, the bias is added
 * in float32 and y rounded once to its dtype. The weight is read once and never held
 * whole as floats. Two ways, by problem:
 *
 *   - few rows of x (m <= AO_WQMM_STREAM_M: decode's products) with the weight's k
 *     contiguous (llama.cpp's transposed (k, n) views of its (n, k) Q8_0 / Q4_0 rows):
 *     x is widened to floats once, and each column of the weight is dequantised into
 *     a buffer that stays in L1 and dotted with x's rows at once (quant_math.h's lanes);
 *   - otherwise panels of the weight's columns: a task dequantises its panel (k x nb)
 *     into a float buffer of its thread and multiplies x by it on ao_gemm into a second.
 *
 * Both give the same bits at any thread count (every column's sums are one task's). */
#include <stdint.h>
#include <string.h>

#include "ao_internal.h"
#include "dtypes.h"
#include "gemm.h"
#include "plan_fn.h"
#include "scalar_cvt.h"
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#define AO_ISA_INSTANCE "quant_math.h"
#include "isa_instances.h"

#define AO_WQMM_PANEL_FLOATS (1 << 17)   /* a panel of at most 512 KiB of floats */
#define AO_WQMM_MIN_PANELS 8
#define AO_WQMM_STREAM_M 8               /* the most rows of x the streaming way takes */

static const ao_qm_math *ao_qm_current(void)
{
#if defined(__x86_64__) || defined(__i386__)
    const ao_isa_impl *isa = ao_isa_current();
    if (isa->level >= 2)
        return &ao_qm_math_avx512;
    if (isa->level == 1)
        return &ao_qm_math_avx2;
#endif
    return &ao_qm_math_baseline;
}

typedef struct ao_wqmm_job {
    const ao_wqmm_plan *p;
    char *const *data;
    const ao_qm_math *qm;
    int64_t nb;          /* panel columns (the panel way) */
    const float *xf;     /* x widened, rows of kp floats zero-padded (the streaming way) */
    int64_t kp;
    int failed;
} ao_wqmm_job;

/* the scale (offset, rounded to x's dtype) of group row g, column col */
static inline float ao_wqmm_scale(const ao_wqmm_plan *p, char *const *data, int64_t g, int64_t col)
{
    return ao_s_load_f32(p->dtype[3], data[3], g * p->s_st[0] + col * p->s_st[1]);
}

static inline float ao_wqmm_offset(const ao_wqmm_plan *p, char *const *data, int64_t g, int64_t col)
{
    return ao_qm_round(p->inter, ao_s_load_f32(p->dtype[4], data[p->off_k], g * p->o_st[0] + col * p->o_st[1]));
}

/* column col of the dequantised weight into dst[0 .. k), the weight's k contiguous
 * (w_st[0] == 1): one run per group of rows */
static void ao_wqmm_column(const ao_wqmm_plan *p, char *const *data, const ao_qm_math *qm, int64_t col, float *dst)
{
    const int has_o = p->off_k > 0;
    qm->column(dst, p->dtype[2], data[2], col * p->w_st[1], p->k, p->group,
               (const uint16_t *)data[3] + col * p->s_st[1], p->s_st[0], p->dtype[3],
               has_o ? (const uint16_t *)data[p->off_k] + col * p->o_st[1] : NULL, p->o_st[0], p->dtype[4], p->inter);
}

/* y[i, col] = v (+ bias[col]) rounded once */
static inline void ao_wqmm_put(const ao_wqmm_plan *p, char *const *data, int64_t i, int64_t col, float v)
{
    if (p->bias_k > 0)
        v += ao_s_load_f32(p->dtype[5], data[p->bias_k], col * p->b_st);
    ao_s_store_f32(p->dtype[0], data[0], i * p->y_st[0] + col * p->y_st[1], v);
}

/* the streaming way: columns [lo, hi) */
static void ao_wqmm_stream(void *arg, int64_t lo, int64_t hi)
{
    ao_wqmm_job *j = (ao_wqmm_job *)arg;
    const ao_wqmm_plan *p = j->p;
    const int64_t k = p->k, kp = j->kp, m = p->m;
    float *d = ao_gemm_scratch(3, (size_t)kp);
    if (!d) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    for (int64_t r = k; r < kp; r++)
        d[r] = 0.0f;
    float acc[AO_WQMM_STREAM_M * AO_QM_LANES];
    const int has_o = p->off_k > 0;
    for (int64_t col = lo; col < hi; col++) {
        memset(acc, 0, sizeof(acc));
        if (!j->qm->column_dot ||
            !j->qm->column_dot(acc, j->xf, kp, m, p->dtype[2], j->data[2], col * p->w_st[1], k, p->group,
                               (const uint16_t *)j->data[3] + col * p->s_st[1], p->s_st[0], p->dtype[3],
                               has_o ? (const uint16_t *)j->data[p->off_k] + col * p->o_st[1] : NULL, p->o_st[0],
                               p->dtype[4], p->inter)) {
            ao_wqmm_column(p, j->data, j->qm, col, d);
            j->qm->dot(acc, j->xf, kp, m, d, kp);
        }
        for (int64_t i = 0; i < m; i++)
            ao_wqmm_put(p, j->data, i, col, ao_qm_lanes(acc + i * AO_QM_LANES));
    }
}

/* the panel way: panel (k x nb) of columns from c0 into wf, laid out for ao_gemm's b */
static void ao_wqmm_dequant_panel(const ao_wqmm_plan *p, char *const *data, const ao_qm_math *qm, int64_t c0,
                                  int64_t nb, float *wf, ao_gemm_operand *b)
{
    const int64_t k = p->k;
    const int wdt = p->dtype[2], inter = p->inter, has_o = p->off_k > 0;
    if (p->w_st[0] == 1) {            /* columns contiguous: wf column-major */
        for (int64_t c = 0; c < nb; c++)
            ao_wqmm_column(p, data, qm, c0 + c, wf + c * k);
        *b = ao_gemm_matrix(wf, AO_DT_FLOAT, 1, k);
        return;
    }
    *b = ao_gemm_matrix(wf, AO_DT_FLOAT, nb, 1);
    const int per_col = p->s_st[1] == 1 && (!has_o || p->o_st[1] == 1);
    const int uniform = p->s_st[1] == 0 && (!has_o || p->o_st[1] == 0);
    if (p->w_st[1] == 1 && (per_col || uniform)) {     /* rows contiguous: one run per row */
        for (int64_t r = 0; r < k; r++) {
            const int64_t g = p->group > 0 ? r / p->group : 0;
            if (uniform)
                qm->run(wf + r * nb, wdt, data[2], r * p->w_st[0] + c0, nb, ao_wqmm_scale(p, data, g, c0),
                        has_o ? ao_wqmm_offset(p, data, g, c0) : 0.0f, has_o, inter);
            else
                qm->row(wf + r * nb, wdt, data[2], r * p->w_st[0] + c0, nb,
                        (const uint16_t *)data[3] + g * p->s_st[0] + c0, p->dtype[3],
                        has_o ? (const uint16_t *)data[p->off_k] + g * p->o_st[0] + c0 : NULL, p->dtype[4], inter);
        }
        return;
    }
    for (int64_t c = 0; c < nb; c++) {  /* any other strides, element by element */
        const int64_t col = c0 + c;
        int64_t g = -1;
        float sv = 0.0f, ov = 0.0f;
        for (int64_t r = 0; r < k; r++) {
            const int64_t gr = p->group > 0 ? r / p->group : 0;
            if (gr != g) {
                g = gr;
                sv = ao_wqmm_scale(p, data, g, col);
                if (has_o)
                    ov = ao_wqmm_offset(p, data, g, col);
            }
            wf[r * nb + c] = ao_qm_deq1(ao_qm_weight(wdt, data[2], r * p->w_st[0] + col * p->w_st[1]), sv, ov, has_o,
                                        inter);
        }
    }
}

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
    ao_gemm_operand b;
    ao_wqmm_dequant_panel(p, data, j->qm, c0, nb, wf, &b);
    const ao_gemm_problem gp = ao_gemm_product(m, nb, k, ao_gemm_matrix(data[1], p->dtype[1], p->x_st[0], p->x_st[1]),
                                               b, ao_gemm_matrix(cf, AO_DT_FLOAT, nb, 1));
    if (ao_gemm(&gp, 1)) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    for (int64_t i = 0; i < m; i++)
        for (int64_t c = 0; c < nb; c++)
            ao_wqmm_put(p, data, i, c0 + c, cf[i * nb + c]);
}

static void ao_wqmm_panels(void *arg, int64_t lo, int64_t hi)
{
    ao_wqmm_job *j = (ao_wqmm_job *)arg;
    for (int64_t t = lo; t < hi; t++)
        ao_wqmm_panel(j, t * j->nb);
}

/* x (m x k, 16-bit) into xf, rows of kp floats, zero past k */
static void ao_wqmm_widen_x(const ao_wqmm_plan *p, const char *x, float *xf, int64_t kp)
{
    const ao_isa_impl *isa = ao_isa_current();
    const int xdt = p->dtype[1];
    for (int64_t i = 0; i < p->m; i++) {
        float *row = xf + i * kp;
        const char *xi = x + 2 * i * p->x_st[0];
        if (p->x_st[1] == 1 && xdt == AO_DT_FLOAT16)
            isa->f16_to_f32(row, (const uint16_t *)xi, p->k);
        else if (p->x_st[1] == 1 && xdt == AO_DT_BF16)
            isa->bf16_to_f32(row, (const uint16_t *)xi, p->k);
        else
            for (int64_t r = 0; r < p->k; r++)
                row[r] = ao_s_load_f32(xdt, xi, r * p->x_st[1]);
        for (int64_t r = p->k; r < kp; r++)
            row[r] = 0.0f;
    }
}

int ao_wqmm_run(const void *plan, char *const *data, int nthreads)
{
    const ao_wqmm_plan *p = (const ao_wqmm_plan *)plan;
    if (p->m < 0 || p->n < 0 || p->k < 0 || p->group < 0)
        return -1;
    if (p->m == 0 || p->n == 0)
        return 0;
    const int nt = ao_effective_threads(nthreads);
    const int64_t work = p->k * p->n + p->m * p->k * p->n;
    ao_wqmm_job job;
    memset(&job, 0, sizeof(job));
    job.p = p, job.data = data, job.qm = ao_qm_current();
    if (p->m <= AO_WQMM_STREAM_M && p->w_st[0] == 1 && p->k > 0) {
        job.kp = (p->k + AO_QM_LANES - 1) / AO_QM_LANES * AO_QM_LANES;
        float *xf = ao_gemm_scratch(5, (size_t)(p->m * job.kp));
        if (!xf)
            return -1;
        ao_wqmm_widen_x(p, data[1], xf, job.kp);
        job.xf = xf;
        ao_parallel_ranges(p->n, work < (1 << 16) ? 1 : nt, 16, ao_wqmm_stream, &job);
        return job.failed ? -1 : 0;
    }
    /* panels of a multiple of 16 columns, at most AO_WQMM_PANEL_FLOATS floats, and at
     * least AO_WQMM_MIN_PANELS of them (work for the threads): a count set by the
     * shape alone, since the BLAS's sums depend on a panel's width (the same bits at any
     * thread count) */
    int64_t nb = p->k > 0 ? AO_WQMM_PANEL_FLOATS / p->k : p->n;
    const int64_t per_panel = (p->n + AO_WQMM_MIN_PANELS - 1) / AO_WQMM_MIN_PANELS;
    if (nb > per_panel)
        nb = per_panel;
    nb = (nb + 15) / 16 * 16;
    if (nb < 16)
        nb = 16;
    job.nb = nb;
    const int64_t tasks = (p->n + nb - 1) / nb;
    ao_gemm_begin();
    ao_parallel_ranges(tasks, work < (1 << 16) ? 1 : nt, 1, ao_wqmm_panels, &job);
    ao_gemm_end();
    return job.failed ? -1 : 0;
}
