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
 * NaN max makes the whole row NaN, as in torch). n >= 1. The NaN test is a separate
 * flag per lane: a select that also tests v != v does not vectorise (gcc), and the
 * scalar loop took 2/3 of a float32 softmax row's time. */
static float AO_SFX(ao_rm_max)(const float *x, int64_t n)
{
    /* gcc's vector extensions (lowered to the region's ISA): the plain-C form of this
     * select did not vectorise */
    typedef float vf __attribute__((vector_size(32)));
    typedef int32_t vi __attribute__((vector_size(32)));
    vf acc0, acc1;
    vi nan0 = {0}, nan1 = {0};
    for (int k = 0; k < 8; k++)
        acc0[k] = acc1[k] = x[0];
    int64_t j = 0;
    for (; j + 16 <= n; j += 16) {
        vf a, b;
        memcpy(&a, x + j, sizeof a);
        memcpy(&b, x + j + 8, sizeof b);
        const vi ga = a > acc0, gb = b > acc1;
        acc0 = (vf)(((vi)a & ga) | ((vi)acc0 & ~ga));
        acc1 = (vf)(((vi)b & gb) | ((vi)acc1 & ~gb));
        nan0 |= a != a;
        nan1 |= b != b;
    }
    float m = x[0];
    int32_t any = 0;
    for (int k = 0; k < 8; k++) {
        m = acc0[k] > m ? acc0[k] : m;
        m = acc1[k] > m ? acc1[k] : m;
        any |= nan0[k] | nan1[k];
    }
    for (; j < n; j++) {
        m = x[j] > m ? x[j] : m;
        any |= x[j] != x[j];
    }
    if (any)
        for (j = 0; j < n; j++)
            if (x[j] != x[j])
                return x[j];   /* the row's first NaN */
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
