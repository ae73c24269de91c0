/* Per-ISA array math of the softmax family's row kernels (src/softmax.c). NO include
 * guard: softmax.c includes this once per ISA region (as kernels.c includes region.h),
 * with AO_SUFFIX and AO_ISA_LEVEL defined and, for AVX2 / AVX-512, inside #pragma GCC
 * target, so that the loops below vectorise with the region's instructions and call
 * the same ao_expf as the elementwise ops (vmath.h). Why per ISA: the row kernels spend
 * their time in exp; compiled once for the baseline (SSE2) it is ~3x slower than with
 * AVX2+FMA. Each function is a plain loop gcc vectorises; row_math_impl (softmax.c) holds
 * one table per region. */
#include "vmath.h"

/* Lanes of the reductions: independent accumulators, so the loop is not one chain of
 * dependent adds / compares (gcc keeps them in vector registers). */
#define AO_RM_LANES 16

/* max(x[0..n)), NaN if any element is NaN (torch's vec::maximum propagates NaN, and a
 * NaN max makes the whole row NaN, as in torch). n >= 1. */
static float AO_SFX(ao_rm_max)(const float *x, int64_t n)
{
    float acc[AO_RM_LANES];
    for (int k = 0; k < AO_RM_LANES; k++)
        acc[k] = x[0];
    int64_t j = 0;
    for (; j + AO_RM_LANES <= n; j += AO_RM_LANES)
        for (int k = 0; k < AO_RM_LANES; k++) {
            const float v = x[j + k];
            acc[k] = (v > acc[k] || v != v) ? v : acc[k];
        }
    for (; j < n; j++) {
        const float v = x[j];
        acc[0] = (v > acc[0] || v != v) ? v : acc[0];
    }
    float m = acc[0];
    for (int k = 1; k < AO_RM_LANES; k++)
        m = (acc[k] > m || acc[k] != acc[k]) ? acc[k] : m;
    return m;
}

/* dst[j] = exp(x[j] - shift) (fp32, as torch: the difference rounded, then exp), and
 * their sum in double (the accumulation error stays far below one float ulp for any row
 * length the engine sees). dst may equal x. */
static double AO_SFX(ao_rm_exp_sum)(float *dst, const float *x, int64_t n, float shift)
{
    const ao_vmc vm_ = ao_vmc_load();
    double acc[AO_RM_LANES] = {0};
    int64_t j = 0;
    for (; j + AO_RM_LANES <= n; j += AO_RM_LANES)
        for (int k = 0; k < AO_RM_LANES; k++) {
            const float e = AO_SFX(ao_expf)(x[j + k] - shift, vm_);
            dst[j + k] = e;
            acc[k] += (double)e;
        }
    for (; j < n; j++) {
        const float e = AO_SFX(ao_expf)(x[j] - shift, vm_);
        dst[j] = e;
        acc[0] += (double)e;
    }
    double s = 0.0;
    for (int k = 0; k < AO_RM_LANES; k++)
        s += acc[k];
    return s;
}

/* dst[j] = exp(x[j]); dst may equal x. */
static void AO_SFX(ao_rm_exp)(float *dst, const float *x, int64_t n)
{
    const ao_vmc vm_ = ao_vmc_load();
    for (int64_t j = 0; j < n; j++)
        dst[j] = AO_SFX(ao_expf)(x[j], vm_);
}

static const ao_row_math AO_SFX(ao_row_math) = {
    AO_SFX(ao_rm_max), AO_SFX(ao_rm_exp_sum), AO_SFX(ao_rm_exp),
};

#undef AO_RM_LANES
