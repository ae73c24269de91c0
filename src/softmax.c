/* Row kernels of the softmax family (row_kernels.h; driven by src/rows.c's
 * ao_row_run on the engine's worker pool).
 *
 * SoftmaxBackward: out = dy * y - sum_row(dy * y) * y, fp32 math, double row sums,
 * f16/bf16 widened on load and narrowed round-to-nearest-even on store. Each row is
 * read twice (the sum, then the result), straight from the operands' strides: no
 * scratch memory, so the op needs no workspace. Element i of a row is read before
 * element i of out is written, so out may alias an input exactly (same address and
 * strides). */
#include <stdint.h>

#include "row_kernels.h"
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

void ao_softmax_backward_row(const ao_row_plan *p, char *const *base, const int64_t *isz)
{
    (void)isz;
    char *out = base[0];
    const char *dy = base[1], *y = base[2];
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

void ao_softmax_backward_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                               const int64_t *cs, int64_t cnt)
{
    double sum[AO_ROW_BLOCK] = {0};
    float fs[AO_ROW_BLOCK];
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
