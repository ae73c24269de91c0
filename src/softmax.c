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

/* A row whose three operands are contiguous (every rstride 1): the row goes through
 * L1 blocks of fp32, converted with the ISA region's array conversions (kernels.c),
 * and the sum runs on AO_SM_ACC independent double accumulators that gcc vectorizes.
 * Why: ao_softmax_backward_row's loops convert element by element (float16 stores through
 * ao_s_f64_to_f16: frexp and rint, libm calls) and adds into one double, a chain of
 * one add latency per element; n=1e6 as (1000, 1000), Zen 4, 1 thread: float16 31
 * ms, float32 2.5 ms, against torch's 0.7 and 0.5. The sum's rounding differs from
 * the single chain's in the last bits of a double, far below the float result's
 * (the same float in all but rare ties). NaNs keep the element-by-element path's
 * bits: a row whose sum is NaN returns 0 (that path redoes it), and a block with a
 * NaN result is stored by ao_sm_store (a float16 NaN through F16C would keep its
 * payload). Returns 0 when the row is not contiguous. In place (out aliases an input exactly) each block's
 * inputs are read, or converted, before its outputs are written. */
enum { AO_SM_CHUNK = 512, AO_SM_ACC = 8 };

/* m elements of dtype dt at src as fp32: src itself for float32 (no copy: glibc's
 * memcpy of these 2 KiB blocks took 45% of the row's time on Zen 4), else converted
 * into buf. */
static const float *ao_sm_block_f32(const ao_isa_impl *isa, int dt, const char *src, float *buf,
                                    int64_t m)
{
    if (dt == AO_DT_FLOAT16)
        isa->f16_to_f32(buf, (const uint16_t *)src, m);
    else if (dt == AO_DT_BF16)
        isa->bf16_to_f32(buf, (const uint16_t *)src, m);
    else
        return (const float *)src;
    return buf;
}

static int ao_sm_row_contig(const ao_row_plan *p, char *out, const char *dy, const char *y)
{
    const int64_t n = p->n;
    if (n > 1 && (p->rstride[0] != 1 || p->rstride[1] != 1 || p->rstride[2] != 1))
        return 0;
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    const int64_t z0 = d0 == AO_DT_FLOAT ? 4 : 2, z1 = d1 == AO_DT_FLOAT ? 4 : 2, z2 = d2 == AO_DT_FLOAT ? 4 : 2;
    const ao_isa_impl *isa = ao_isa_current();
    float abuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    float bbuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    float obuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    double acc[AO_SM_ACC] = {0};
    for (int64_t c = 0; c < n; c += AO_SM_CHUNK) {
        const int64_t m = n - c < AO_SM_CHUNK ? n - c : AO_SM_CHUNK;
        const float *a = ao_sm_block_f32(isa, d1, dy + c * z1, abuf, m);
        const float *b = ao_sm_block_f32(isa, d2, y + c * z2, bbuf, m);
        int64_t j = 0;
        for (; j + AO_SM_ACC <= m; j += AO_SM_ACC)
            for (int k = 0; k < AO_SM_ACC; k++)
                acc[k] += (double)(a[j + k] * b[j + k]);
        for (; j < m; j++)
            acc[j % AO_SM_ACC] += (double)(a[j] * b[j]);
    }
    double sum = 0.0;
    for (int k = 0; k < AO_SM_ACC; k++)
        sum += acc[k];
    if (sum != sum)
        return 0; /* the element-by-element path, for its NaN bits */
    const float fs = (float)sum;
    for (int64_t c = 0; c < n; c += AO_SM_CHUNK) {
        const int64_t m = n - c < AO_SM_CHUNK ? n - c : AO_SM_CHUNK;
        const float *a = ao_sm_block_f32(isa, d1, dy + c * z1, abuf, m);
        const float *b = ao_sm_block_f32(isa, d2, y + c * z2, bbuf, m);
        char *o = out + c * z0;
        if (d0 == AO_DT_FLOAT) { /* element j read before it is written: in place is fine */
            float *of = (float *)o;
            for (int64_t j = 0; j < m; j++)
                of[j] = a[j] * b[j] - fs * b[j];
            continue;
        }
        int nan = 0;
        for (int64_t j = 0; j < m; j++) {
            obuf[j] = a[j] * b[j] - fs * b[j];
            nan |= obuf[j] != obuf[j];
        }
        if (nan) {
            for (int64_t j = 0; j < m; j++)
                ao_sm_store(d0, o, j, obuf[j]);
        } else if (d0 == AO_DT_FLOAT16) {
            isa->f32_to_f16((uint16_t *)o, obuf, m);
        } else {
            isa->f32_to_bf16((uint16_t *)o, obuf, m);
        }
    }
    return 1;
}

void ao_softmax_backward_row(const ao_row_plan *p, char *const *base, const int64_t *isz)
{
    (void)isz;
    char *out = base[0];
    const char *dy = base[1], *y = base[2];
    if (ao_sm_row_contig(p, out, dy, y))
        return;
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
