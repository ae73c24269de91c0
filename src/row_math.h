/* Per-ISA array math of the softmax family's row kernels (src/softmax.c). NO include
 * guard: softmax.c includes this once per ISA region (src/isa_instances.h, as
 * src/region_<isa>.c include region.h), with AO_SUFFIX and AO_ISA_LEVEL defined and, for
 * AVX2 / AVX-512, inside #pragma GCC target, so that the loops below vectorise with the region's instructions and call
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
/* The end of ao_rm_max_t below, every path's: its 16 lanes' max and min (la, ll: lanes
 * k and k + 8 in turn, the order of the plain path's two 8-float lanes), the elements
 * j..n after the last whole 16, and the row's first NaN where `any` lane saw one. */
static inline __attribute__((always_inline)) float AO_SFX(ao_rm_max_fold)(
    const float *x, int64_t j, int64_t n, const float *la, const float *ll, int32_t any, float *mn)
{
    float m = x[0], l = x[0];
    for (int k = 0; k < 8; k++) {
        m = la[k] > m ? la[k] : m;
        m = la[k + 8] > m ? la[k + 8] : m;
        l = ll[k] < l ? ll[k] : l;
        l = ll[k + 8] < l ? ll[k + 8] : l;
    }
    for (; j < n; j++) {
        m = x[j] > m ? x[j] : m;
        l = x[j] < l ? x[j] : l;
        any |= x[j] != x[j];
    }
    if (mn)
        *mn = l;    /* no NaN's meaning: the row's max says whether there is one */
    if (any)
        for (j = 0; j < n; j++)
            if (x[j] != x[j])
                return x[j];   /* the row's first NaN */
    return m;
}

static inline __attribute__((always_inline)) float AO_SFX(ao_rm_max_t)(const float *x, int64_t n, float *mn)
{
#if AO_ISA_LEVEL >= 2
    if (n >= 16) {
        /* one zmm for the two 8-float lanes below (lanes 0-7 acc0's, 8-15 acc1's):
         * vmaxps(a, acc) is a > acc ? a : acc, their select (a NaN a leaves acc; a NaN
         * acc stays), and vminps(a, lo) theirs, so the same lanes, the same reduction
         * below: the same max, min and first NaN. Why: the ymm selects were ~16
         * instructions per 16 elements (compare, masked move, NaN compare per half),
         * these 4; the float32 Softmax row's first pass over x. */
        const __m512 first = _mm512_set1_ps(x[0]);
        __m512 acc = first, lo = first;
        __mmask16 nan = 0;
        int64_t j = 0;
        for (; j + 16 <= n; j += 16) {
            const __m512 a = _mm512_loadu_ps(x + j);
            acc = _mm512_max_ps(a, acc);
            if (mn)
                lo = _mm512_min_ps(a, lo);
            nan |= _mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q);
        }
        float la[16], ll[16];
        _mm512_storeu_ps(la, acc);
        _mm512_storeu_ps(ll, lo);
        return AO_SFX(ao_rm_max_fold)(x, j, n, la, ll, nan != 0, mn);
    }
#elif AO_ISA_LEVEL == 1
    if (n >= 16) {
        /* the two 8-float lanes below by vmaxps / vminps (their selects, as above) and
         * one unordered compare of a with b for both NaN flags: 8 instructions per 16
         * elements instead of 15 (compare and vpblendvb per select) */
        __m256 acc0 = _mm256_set1_ps(x[0]), acc1 = acc0, lo0 = acc0, lo1 = acc0, nan = _mm256_setzero_ps();
        int64_t j = 0;
        for (; j + 16 <= n; j += 16) {
            const __m256 a = _mm256_loadu_ps(x + j), b = _mm256_loadu_ps(x + j + 8);
            acc0 = _mm256_max_ps(a, acc0);
            acc1 = _mm256_max_ps(b, acc1);
            if (mn) {
                lo0 = _mm256_min_ps(a, lo0);
                lo1 = _mm256_min_ps(b, lo1);
            }
            nan = _mm256_or_ps(nan, _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
        }
        float la[16], ll[16];
        _mm256_storeu_ps(la, acc0);
        _mm256_storeu_ps(la + 8, acc1);
        _mm256_storeu_ps(ll, lo0);
        _mm256_storeu_ps(ll + 8, lo1);
        return AO_SFX(ao_rm_max_fold)(x, j, n, la, ll, _mm256_movemask_ps(nan) != 0, mn);
    }
#endif
    /* gcc's vector extensions (lowered to the region's ISA): the plain-C form of this
     * select did not vectorise */
    typedef float vf __attribute__((vector_size(32)));
    typedef int32_t vi __attribute__((vector_size(32)));
    vf acc0, acc1, lo0, lo1;
    vi nan0 = {0}, nan1 = {0};
    for (int k = 0; k < 8; k++)
        acc0[k] = acc1[k] = lo0[k] = lo1[k] = x[0];
    int64_t j = 0;
    for (; j + 16 <= n; j += 16) {
        vf a, b;
        memcpy(&a, x + j, sizeof a);
        memcpy(&b, x + j + 8, sizeof b);
        const vi ga = a > acc0, gb = b > acc1;
        acc0 = (vf)(((vi)a & ga) | ((vi)acc0 & ~ga));
        acc1 = (vf)(((vi)b & gb) | ((vi)acc1 & ~gb));
        if (mn) {   /* resolved at compile time: ao_rm_max has no min */
            const vi la = a < lo0, lb = b < lo1;
            lo0 = (vf)(((vi)a & la) | ((vi)lo0 & ~la));
            lo1 = (vf)(((vi)b & lb) | ((vi)lo1 & ~lb));
        }
        nan0 |= a != a;
        nan1 |= b != b;
    }
    float la[16], ll[16];
    memcpy(la, &acc0, sizeof acc0);
    memcpy(la + 8, &acc1, sizeof acc1);
    memcpy(ll, &lo0, sizeof lo0);
    memcpy(ll + 8, &lo1, sizeof lo1);
    int32_t any = 0;
    for (int k = 0; k < 8; k++)
        any |= nan0[k] | nan1[k];
    return AO_SFX(ao_rm_max_fold)(x, j, n, la, ll, any != 0, mn);
}

static float AO_SFX(ao_rm_max)(const float *x, int64_t n)
{
    return AO_SFX(ao_rm_max_t)(x, n, NULL);
}

/* ao_rm_max, and the row's min in *mn (both NaN-free only where the max is not NaN) */
static float AO_SFX(ao_rm_maxmin)(const float *x, int64_t n, float *mn)
{
    return AO_SFX(ao_rm_max_t)(x, n, mn);
}

/* ao_expf(x), exactly, for x in [AO_RM_EXPN_LO, AO_RM_EXPN_HI], with one scale factor
 * 2^k instead of ao_expf's two (2^k1 2^k2, there for results that are subnormal or
 * whose 2^k is not a float): the same reduction (z here holds k + 127 in its low
 * bits: shifter + 127 is an integer below 2^24, and x / ln2 is never a half-integer
 * in range, so rint moves by exactly 127), the same p, and for k in [-124, 127] the
 * result 2^k rnd(1 + p) is normal, so fma(2^k, p, 2^k) = rnd(2^k (1 + p)) = ao_expf's
 * rnd(2^k1 (1 + p)) * 2^k2 (with a fused multiply-add: the regions with FMA; the
 * baseline x86 region keeps ao_expf). One multiplication and five integer operations fewer per
 * vector: the softmax rows are bound by their exps (float16 Softmax on Zen 4: 68% of
 * the row's time in ao_rm_exp_sum). Callers check the range of their arguments. */
#define AO_RM_EXPN_LO (-85.0f)
#define AO_RM_EXPN_HI 87.0f
static inline __attribute__((always_inline)) float AO_SFX(ao_rm_expn)(float x, const ao_vmc vm)
{
#if AO_ISA_LEVEL >= 1 || defined(__aarch64__)
    float z;
    const float p = AO_SFX(ao_exp_reduce)(x, vm.exp_lo, vm.exp_hi, 0x1.8p23f + 127.0f, &z);
    const float s = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(z) << 23);   /* 2^k, k in [-124, 127] */
    return AO_FMAF(s, p, s);
#else
    /* no FMA (AO_FMAF rounds twice): z = rnd(rnd(x / ln2) + shifter), and a product
     * rounded to a half-integer would tie the other way with the odd shifter + 127
     * (18 of 21 million arguments differed) */
    return AO_SFX(ao_expf)(x, vm);
#endif
}

/* The 16 double lanes of the exp sums below: acc[k] += (double)e[j] for j = k mod
 * AO_RM_LANES, j < n rounded down to a multiple of AO_RM_LANES (e[0..n) already
 * computed: a plain load of stores made earlier, never a reload of a vector still in
 * flight), the rest into acc[0] in order. */
static void AO_SFX(ao_rm_lane_sum)(double *acc, const float *e, int64_t n)
{
    typedef float vf8 __attribute__((vector_size(32)));
    typedef double vd8 __attribute__((vector_size(64)));
    int64_t j = 0;
#if AO_ISA_LEVEL == 1
    /* the lanes as four 4-double AVX registers: gcc lowers the 8-double vectors below
     * through the stack and general registers in this region (3x the AVX-512 region's
     * time for the float32 Softmax row) */
    {
        __m256d t0 = _mm256_loadu_pd(acc), t1 = _mm256_loadu_pd(acc + 4);
        __m256d t2 = _mm256_loadu_pd(acc + 8), t3 = _mm256_loadu_pd(acc + 12);
        for (; j + AO_RM_LANES <= n; j += AO_RM_LANES) {
            const __m256 e0 = _mm256_loadu_ps(e + j), e1 = _mm256_loadu_ps(e + j + 8);
            t0 = _mm256_add_pd(t0, _mm256_cvtps_pd(_mm256_castps256_ps128(e0)));
            t1 = _mm256_add_pd(t1, _mm256_cvtps_pd(_mm256_extractf128_ps(e0, 1)));
            t2 = _mm256_add_pd(t2, _mm256_cvtps_pd(_mm256_castps256_ps128(e1)));
            t3 = _mm256_add_pd(t3, _mm256_cvtps_pd(_mm256_extractf128_ps(e1, 1)));
        }
        _mm256_storeu_pd(acc, t0);
        _mm256_storeu_pd(acc + 4, t1);
        _mm256_storeu_pd(acc + 8, t2);
        _mm256_storeu_pd(acc + 12, t3);
    }
#endif
    vd8 s0, s1;
    memcpy(&s0, acc, sizeof s0);
    memcpy(&s1, acc + 8, sizeof s1);
#if AO_ISA_LEVEL >= 2
    /* one 512-bit load, each half widened by one vcvtps2pd: gcc lowers the generic
     * form below to two 128-bit conversions and an insert per half */
    for (; j + AO_RM_LANES <= n; j += AO_RM_LANES) {
        const __m512 v = _mm512_loadu_ps(e + j);
        s0 += (vd8)_mm512_cvtps_pd(_mm512_castps512_ps256(v));
        s1 += (vd8)_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1)));
    }
#endif
    for (; j + AO_RM_LANES <= n; j += AO_RM_LANES) {
        vf8 e0, e1;
        memcpy(&e0, e + j, sizeof e0);
        memcpy(&e1, e + j + 8, sizeof e1);
        s0 += __builtin_convertvector(e0, vd8);
        s1 += __builtin_convertvector(e1, vd8);
    }
    memcpy(acc, &s0, sizeof s0);
    memcpy(acc + 8, &s1, sizeof s1);
    for (; j < n; j++)
        acc[0] += (double)e[j];
}

/* dst[j] = exp(x[j] - shift) (fp32, as torch: the difference rounded, then exp), and
 * their sum in double (the accumulation error stays far below one float ulp for any row
 * length the engine sees): 16 lanes, element j into lane j mod 16, the last n mod 16
 * into lane 0, then the lanes in order. dst may equal x. Two loops, the exps over the
 * whole array, then the sum (ao_rm_lane_sum): summed in the exp loop, each vector of
 * exps was stored and read back at once, and that reload (a 128-bit load from a
 * 512-bit store in flight, gcc's lowering in the AVX-512 region) stalled on
 * store-to-load forwarding: 40% of the loop's samples on Zen 4, the float32 Softmax
 * row's hottest loop. */
static inline __attribute__((always_inline)) double AO_SFX(ao_rm_exp_sum_t)(float *dst, const float *x, int64_t n,
                                                                            float shift, const int nrm)
{
    const ao_vmc vm_ = ao_vmc_load();
    if (nrm)    /* every x[j] - shift in ao_rm_expn's range: the same exps */
        for (int64_t j = 0; j < n; j++)
            dst[j] = AO_SFX(ao_rm_expn)(x[j] - shift, vm_);
    else
        for (int64_t j = 0; j < n; j++)
            dst[j] = AO_SFX(ao_expf)(x[j] - shift, vm_);
    double acc[AO_RM_LANES] = {0};
    AO_SFX(ao_rm_lane_sum)(acc, dst, n);
    double s = 0.0;
    for (int k = 0; k < AO_RM_LANES; k++)
        s += acc[k];
    return s;
}

static double AO_SFX(ao_rm_exp_sum)(float *dst, const float *x, int64_t n, float shift)
{
    return AO_SFX(ao_rm_exp_sum_t)(dst, x, n, shift, 0);
}

/* ao_rm_exp_sum where every x[j] - shift is in ao_rm_expn's range */
static double AO_SFX(ao_rm_exp_sum_n)(float *dst, const float *x, int64_t n, float shift)
{
    return AO_SFX(ao_rm_exp_sum_t)(dst, x, n, shift, 1);
}

/* dst[j] = exp(x[j]); dst may equal x. */
static void AO_SFX(ao_rm_exp)(float *dst, const float *x, int64_t n)
{
    const ao_vmc vm_ = ao_vmc_load();
    for (int64_t j = 0; j < n; j++)
        dst[j] = AO_SFX(ao_expf)(x[j], vm_);
}

/* The row kernels' per-element loops, here rather than in softmax.c (compiled for the
 * baseline ISA, where these loops ran in SSE2 and took most of a row's time: n=1e6 as
 * (1000, 1000), Zen 4, 1 thread, SoftmaxBackward float32 1179 us against torch's 641,
 * LogSoftmaxBackward 2462 against 1258). Each computes exactly what softmax.c's loops
 * computed, in the same order, so the results are the same bits in every region. */

/* acc[k] += (double)(a[j] * b[j]) (b NULL: (double)a[j]) for every j = k mod
 * AO_RM_DOT_LANES: the row sums of SoftmaxBackward's 16-bit rows (float32 rows:
 * ao_rm_dot_g64) and of LogSoftmaxBackward, on 32 independent double accumulators, four
 * 8-double vectors here, so that the adds are four chains, not one (one chain of vaddpd
 * latency per 8 elements bounded the float32 SoftmaxBackward row, which then summed
 * here: 27% of its time). The lanes are the same in every
 * region, so is the sum. Callers pass chunks that start at a multiple of
 * AO_RM_DOT_LANES of the row, so k is the row index mod AO_RM_DOT_LANES. */
#define AO_RM_DOT_LANES 32
static void AO_SFX(ao_rm_dot)(double *acc, const float *a, const float *b, int64_t n)
{
    typedef float vf8 __attribute__((vector_size(32)));
    typedef double vd8 __attribute__((vector_size(64)));
    int64_t j = 0;
#if AO_ISA_LEVEL == 1
    {   /* as ao_rm_lane_sum: the 32 lanes as eight 4-double registers */
        __m256d t[8];
        for (int k = 0; k < 8; k++)
            t[k] = _mm256_loadu_pd(acc + 4 * k);
        for (; j + 32 <= n; j += 32)
            for (int k = 0; k < 4; k++) {
                __m256 x = _mm256_loadu_ps(a + j + 8 * k);
                if (b)
                    x = _mm256_mul_ps(x, _mm256_loadu_ps(b + j + 8 * k));
                t[2 * k] = _mm256_add_pd(t[2 * k], _mm256_cvtps_pd(_mm256_castps256_ps128(x)));
                t[2 * k + 1] = _mm256_add_pd(t[2 * k + 1], _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)));
            }
        for (int k = 0; k < 8; k++)
            _mm256_storeu_pd(acc + 4 * k, t[k]);
    }
#endif
    vd8 s[4];
    memcpy(s, acc, sizeof s);
#if AO_ISA_LEVEL >= 2
    /* as ao_rm_lane_sum: one vcvtps2pd per 8 products (the same products, lanes and
     * adds as the generic loop) */
    for (; j + 32 <= n; j += 32)
        for (int k = 0; k < 4; k++) {
            __m256 x = _mm256_loadu_ps(a + j + 8 * k);
            if (b)
                x = _mm256_mul_ps(x, _mm256_loadu_ps(b + j + 8 * k));
            s[k] += (vd8)_mm512_cvtps_pd(x);
        }
#endif
    for (; j + 32 <= n; j += 32)
        for (int k = 0; k < 4; k++) {
            vf8 x;
            memcpy(&x, a + j + 8 * k, sizeof x);
            if (b) {
                vf8 y;
                memcpy(&y, b + j + 8 * k, sizeof y);
                x = x * y;
            }
            s[k] += __builtin_convertvector(x, vd8);
        }
    memcpy(acc, s, sizeof s);
    for (; j < n; j++)
        acc[j & 31] += (double)(b ? a[j] * b[j] : a[j]);
}

/* SoftmaxBackward's float32 row sum: ReduceSum's grouped order (docs/fidelity.md, "The
 * order of the reductions' float sums"; src/norm_math.h ao_nm_group64) over the products
 * p[j] = fl32(a[j] * b[j]): in each group of 64 elements, lane l's float32 partial
 * (p[64g + l] + p[64g + 16 + l]) + (p[64g + 32 + l] + p[64g + 48 + l]) (past the row's end
 * +0), added in group order into the 16 double lanes acc; ao_rm_tree16 adds the lanes.
 * Why: CANN's kernel sums the float32 products in float32 (hicann/ops-nn e5c3fa93,
 * activation/softmax_grad/op_kernel/arch35/softmax_grad_base.h LastReduceSum: folded
 * float adds, then the vector Reduce), and widening every product to double (one
 * vcvtps2pd and one vaddpd per 8 products in the 32 double lanes, against one of each per
 * 64 here) bounded the float32 row. Callers pass chunks that start at a multiple of 64
 * of the row; only the last may end within a group. The same bits in every region. */
#define AO_RM_G64_LANES 16
#if AO_ISA_LEVEL >= 1
/* one whole group's float32 lane partials (a[l] b[l] + a[16 + l] b[16 + l]) + (a[32 + l]
 * b[32 + l] + a[48 + l] b[48 + l]): lanes 0..7 in g0, 8..15 in g1 */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_g64_group)(const float *a, const float *b,
                                                                         __m256 *g0, __m256 *g1)
{
#define AO_RM_P8(o) _mm256_mul_ps(_mm256_loadu_ps(a + (o)), _mm256_loadu_ps(b + (o)))
    *g0 = _mm256_add_ps(_mm256_add_ps(AO_RM_P8(0), AO_RM_P8(16)), _mm256_add_ps(AO_RM_P8(32), AO_RM_P8(48)));
    *g1 = _mm256_add_ps(_mm256_add_ps(AO_RM_P8(8), AO_RM_P8(24)), _mm256_add_ps(AO_RM_P8(40), AO_RM_P8(56)));
#undef AO_RM_P8
}
#endif
#if AO_ISA_LEVEL >= 2
/* ao_rm_dot_g64 on lanes 0..7 in z0, 8..15 in z1, in registers. The products 8 floats
 * at a time: zmm loads (each split across two lines where a row starts 16 bytes past a
 * line, as the bench's arrays do) took 1.08x the row's time, (1000, 1000), Zen 4. */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_g64_z)(const float *a, const float *b, int64_t n,
                                                                     __m512d *z0, __m512d *z1)
{
    int64_t j = 0;
    for (; j + 64 <= n; j += 64) {
        __m256 g0, g1;
        AO_SFX(ao_rm_g64_group)(a + j, b + j, &g0, &g1);
        *z0 = _mm512_add_pd(*z0, _mm512_cvtps_pd(g0));
        *z1 = _mm512_add_pd(*z1, _mm512_cvtps_pd(g1));
    }
    if (j < n) {    /* the last group, its lanes past the row's end +0 (0 * 0) */
        __m512 p[4];
        for (int k = 0; k < 4; k++) {
            const int64_t left = n - j - 16 * k;
            const __mmask16 m = left >= 16 ? (__mmask16)0xffff : left > 0 ? (__mmask16)((1u << left) - 1) : 0;
            p[k] = _mm512_mul_ps(_mm512_maskz_loadu_ps(m, a + j + 16 * k), _mm512_maskz_loadu_ps(m, b + j + 16 * k));
        }
        const __m512 g = _mm512_add_ps(_mm512_add_ps(p[0], p[1]), _mm512_add_ps(p[2], p[3]));
        *z0 = _mm512_add_pd(*z0, _mm512_cvtps_pd(_mm512_castps512_ps256(g)));
        *z1 = _mm512_add_pd(*z1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(g), 1))));
    }
}

/* ao_rm_tree16 of the lanes z0 (0..7), z1 (8..15) in registers (norm_math.h ao_nm_tree) */
static inline __attribute__((always_inline)) double AO_SFX(ao_rm_tree_z)(__m512d z0, __m512d z1)
{
    const __m512d v = _mm512_add_pd(z0, z1);
    const __m256d u = _mm256_add_pd(_mm512_castpd512_pd256(v), _mm512_extractf64x4_pd(v, 1));
    const __m128d w = _mm_add_pd(_mm256_castpd256_pd128(u), _mm256_extractf128_pd(u, 1));
    return _mm_cvtsd_f64(_mm_add_sd(w, _mm_unpackhi_pd(w, w)));
}
#endif

#if AO_ISA_LEVEL == 1
/* ao_rm_dot_g64 on lanes 0..3, 4..7, 8..11, 12..15 in t[0..3], in registers */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_g64_y)(const float *a, const float *b, int64_t n,
                                                                     __m256d *t)
{
    int64_t j = 0;
    for (; j + 64 <= n; j += 64) {
        __m256 g0, g1;
        AO_SFX(ao_rm_g64_group)(a + j, b + j, &g0, &g1);
        t[0] = _mm256_add_pd(t[0], _mm256_cvtps_pd(_mm256_castps256_ps128(g0)));
        t[1] = _mm256_add_pd(t[1], _mm256_cvtps_pd(_mm256_extractf128_ps(g0, 1)));
        t[2] = _mm256_add_pd(t[2], _mm256_cvtps_pd(_mm256_castps256_ps128(g1)));
        t[3] = _mm256_add_pd(t[3], _mm256_cvtps_pd(_mm256_extractf128_ps(g1, 1)));
    }
    if (j < n) {    /* the last group, its lanes past the row's end +0 (0 * 0) */
        __m256 p[8];
        for (int k = 0; k < 8; k++) {
            const int64_t left = n - j - 8 * k;
            const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(left < 8 ? (left > 0 ? left : 0) : 8)),
                                                 _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            p[k] = _mm256_mul_ps(_mm256_maskload_ps(a + j + 8 * k, m), _mm256_maskload_ps(b + j + 8 * k, m));
        }
        const __m256 g0 = _mm256_add_ps(_mm256_add_ps(p[0], p[2]), _mm256_add_ps(p[4], p[6]));
        const __m256 g1 = _mm256_add_ps(_mm256_add_ps(p[1], p[3]), _mm256_add_ps(p[5], p[7]));
        t[0] = _mm256_add_pd(t[0], _mm256_cvtps_pd(_mm256_castps256_ps128(g0)));
        t[1] = _mm256_add_pd(t[1], _mm256_cvtps_pd(_mm256_extractf128_ps(g0, 1)));
        t[2] = _mm256_add_pd(t[2], _mm256_cvtps_pd(_mm256_castps256_ps128(g1)));
        t[3] = _mm256_add_pd(t[3], _mm256_cvtps_pd(_mm256_extractf128_ps(g1, 1)));
    }
}

/* ao_rm_tree16 of the lanes t[0..3] in registers */
static inline __attribute__((always_inline)) double AO_SFX(ao_rm_tree_y)(const __m256d *t)
{
    const __m256d u = _mm256_add_pd(_mm256_add_pd(t[0], t[2]), _mm256_add_pd(t[1], t[3]));
    const __m128d w = _mm_add_pd(_mm256_castpd256_pd128(u), _mm256_extractf128_pd(u, 1));
    return _mm_cvtsd_f64(_mm_add_sd(w, _mm_unpackhi_pd(w, w)));
}
#endif

static void AO_SFX(ao_rm_dot_g64)(double *acc, const float *a, const float *b, int64_t n)
{
#if AO_ISA_LEVEL >= 2
    __m512d z0 = _mm512_loadu_pd(acc), z1 = _mm512_loadu_pd(acc + 8);
    AO_SFX(ao_rm_g64_z)(a, b, n, &z0, &z1);
    _mm512_storeu_pd(acc, z0);
    _mm512_storeu_pd(acc + 8, z1);
#elif AO_ISA_LEVEL == 1
    __m256d t[4];
    for (int k = 0; k < 4; k++)
        t[k] = _mm256_loadu_pd(acc + 4 * k);
    AO_SFX(ao_rm_g64_y)(a, b, n, t);
    for (int k = 0; k < 4; k++)
        _mm256_storeu_pd(acc + 4 * k, t[k]);
#else
    typedef float vf16 __attribute__((vector_size(64)));
    typedef float vf8 __attribute__((vector_size(32)));
    typedef double vd8 __attribute__((vector_size(64)));
    vd8 s0, s1;
    memcpy(&s0, acc, sizeof s0);
    memcpy(&s1, acc + 8, sizeof s1);
    int64_t j = 0;
    for (; j + 64 <= n; j += 64) {
        vf16 p[4];
        for (int k = 0; k < 4; k++) {
            vf16 x, y;
            memcpy(&x, a + j + 16 * k, sizeof x);
            memcpy(&y, b + j + 16 * k, sizeof y);
            p[k] = x * y;
        }
        const vf16 g = (p[0] + p[1]) + (p[2] + p[3]);
        vf8 lo, hi;
        memcpy(&lo, &g, sizeof lo);
        memcpy(&hi, (const char *)&g + sizeof lo, sizeof hi);
        s0 += __builtin_convertvector(lo, vd8);
        s1 += __builtin_convertvector(hi, vd8);
    }
    memcpy(acc, &s0, sizeof s0);
    memcpy(acc + 8, &s1, sizeof s1);
    for (int l = 0; j < n && l < AO_RM_G64_LANES; l++) {   /* the last group, +0 past the end */
        float q[4];
        for (int k = 0; k < 4; k++) {
            const int64_t i = j + 16 * k + l;
            q[k] = i < n ? a[i] * b[i] : 0.0f;
        }
        acc[l] += (double)((q[0] + q[1]) + (q[2] + q[3]));
    }
#endif
}

/* The 16 lanes of ao_rm_dot_g64 in ReduceSum's tree (ao_nm_tree): t[l] += t[l + 8], then
 * + 4, + 2, + 1. */
static double AO_SFX(ao_rm_tree16)(const double *acc)
{
    double t[AO_RM_G64_LANES];
    memcpy(t, acc, sizeof t);
    for (int w = 8; w >= 1; w /= 2)
        for (int l = 0; l < w; l++)
            t[l] += t[l + w];
    return t[0];
}

/* SoftmaxBackward's result o[j] = a[j] * b[j] - fs * b[j] (dy, y; fp32, no FMA: the
 * build's -ffp-contract=off), o may equal a or b; returns 1 if any result is NaN. */
static int AO_SFX(ao_rm_smb_out)(float *o, const float *a, const float *b, float fs, int64_t n)
{
    typedef float vf16 __attribute__((vector_size(64)));
    typedef int32_t vi16 __attribute__((vector_size(64)));
    typedef int32_t vi4 __attribute__((vector_size(16)));
    vi16 nan = {0};
    vi4 nan4 = {0};
    int64_t j = 0;
    for (; j + 16 <= n; j += 16) {
        vf16 x, y;
        memcpy(&x, a + j, sizeof x);
        memcpy(&y, b + j, sizeof y);
        const vf16 r = x * y - fs * y;
        memcpy(o + j, &r, sizeof r);
#if AO_ISA_LEVEL == 0
        /* the test a 16-byte vector at a time: GCC turned the 64-byte compare into scalar
         * compares and moves through the stack, 0.6 of the row's time in the baseline
         * region (float32, (1000, 1000), Zen 4) */
        typedef float vf4 __attribute__((vector_size(16)));
        for (int k = 0; k < 4; k++) {
            vf4 q;
            memcpy(&q, (const char *)&r + sizeof q * k, sizeof q);
            nan4 |= q != q;
        }
#else
        nan |= r != r;
#endif
    }
    int any = 0;
    for (int k = 0; k < 16; k++)
        any |= nan[k];
    for (int k = 0; k < 4; k++)
        any |= nan4[k];
    for (; j < n; j++) {
        const float r = a[j] * b[j] - fs * b[j];
        o[j] = r;
        any |= r != r;
    }
    return any != 0;
}

/* LogSoftmaxBackward's result o[j] = g[j] - exp(y[j]) * fs; o may equal g or y. */
static void AO_SFX(ao_rm_lsb_out)(float *o, const float *g, const float *y, float fs, int64_t n)
{
    const ao_vmc vm_ = ao_vmc_load();
    for (int64_t j = 0; j < n; j++)
        o[j] = g[j] - AO_SFX(ao_expf)(y[j], vm_) * fs;
}

/* Softmax's last step o[j] = t[j] * inv; o may equal t. */
static void AO_SFX(ao_rm_scale)(float *o, const float *t, float inv, int64_t n)
{
    for (int64_t j = 0; j < n; j++)
        o[j] = t[j] * inv;
}

/* LogSoftmax's result o[j] = (x[j] - mx) - ls; o may equal x. */
static void AO_SFX(ao_rm_lsm_out)(float *o, const float *x, float mx, float ls, int64_t n)
{
    for (int64_t j = 0; j < n; j++)
        o[j] = (x[j] - mx) - ls;
}

/* ao_rm_exp_sum's sum (the same lanes, the same order: the same double) without
 * storing the exps: LogSoftmax needs only the sum. Blocks of AO_RM_ES_BLOCK exps (a
 * multiple of AO_RM_LANES, so the lanes are the row's) in an L1 buffer, then their sum
 * (ao_rm_exp_sum says why two loops). */
#define AO_RM_ES_BLOCK 512
static inline __attribute__((always_inline)) double AO_SFX(ao_rm_exp_sum_only_t)(const float *x, int64_t n,
                                                                                 float shift, const int nrm)
{
    const ao_vmc vm_ = ao_vmc_load();
    float e[AO_RM_ES_BLOCK] __attribute__((aligned(64)));
    double acc[AO_RM_LANES] = {0};
    for (int64_t b = 0; b < n; b += AO_RM_ES_BLOCK) {
        const int64_t m = n - b < AO_RM_ES_BLOCK ? n - b : AO_RM_ES_BLOCK;
        if (nrm)
            for (int64_t j = 0; j < m; j++)
                e[j] = AO_SFX(ao_rm_expn)(x[b + j] - shift, vm_);
        else
            for (int64_t j = 0; j < m; j++)
                e[j] = AO_SFX(ao_expf)(x[b + j] - shift, vm_);
        AO_SFX(ao_rm_lane_sum)(acc, e, m);
    }
    double s = 0.0;
    for (int k = 0; k < AO_RM_LANES; k++)
        s += acc[k];
    return s;
}

static double AO_SFX(ao_rm_exp_sum_only)(const float *x, int64_t n, float shift)
{
    return AO_SFX(ao_rm_exp_sum_only_t)(x, n, shift, 0);
}

/* ao_rm_exp_sum_only where every x[j] - shift is in ao_rm_expn's range */
static double AO_SFX(ao_rm_exp_sum_only_n)(const float *x, int64_t n, float shift)
{
    return AO_SFX(ao_rm_exp_sum_only_t)(x, n, shift, 1);
}
#undef AO_RM_ES_BLOCK

#if AO_ISA_LEVEL >= 1
/* ---- whole SoftmaxBackward rows in registers (AVX2 and AVX-512 regions) ----
 * A contiguous row whose three operands share one dtype, converted to fp32 as it is
 * loaded and back as it is stored, in registers: the 16-bit rows went through L1
 * buffers (dy and y converted into two fp32 arrays, the result into a third, then
 * converted: ao_cvt_f16_f32 alone 30% of a float16 row's time on Zen 4), and every row
 * zeroed and summed its lanes through memory in the baseline-compiled caller. The same
 * products, lanes, sums and results as ao_sm_row_contig's buffered path (ao_rm_dot,
 * ao_rm_smb_out, then the region's array conversion, or ao_s_store_f32 for a block with
 * a NaN result; here per 8 elements, which gives the same bits: the two conversions
 * agree on every non-NaN value), in 8-float vectors in both regions: a 512-bit variant
 * of both loops was no faster on Zen 4 (float16 1.2x slower, bfloat16 and float32 the
 * same, min of 30-40 samples). */

/* 8 elements from element j of a row of dtype dt, as fp32 (exact) */
static inline __attribute__((always_inline)) __m256 AO_SFX(ao_rm_ld8)(const char *p, int dt, int64_t j)
{
    if (dt == AO_DT_FLOAT16)
        return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)((const uint16_t *)p + j)));
    if (dt == AO_DT_BF16)
        return _mm256_castsi256_ps(_mm256_slli_epi32(
            _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)p + j))), 16));
    return _mm256_loadu_ps((const float *)p + j);
}

/* 8 fp32 results narrowed to 16-bit dt (no NaN among them) and stored at o + j */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_st8)(char *o, const int dt, int64_t j, __m256 r)
{
    if (dt == AO_DT_FLOAT16) {
        _mm_storeu_si128((__m128i *)((uint16_t *)o + j), _mm256_cvtps_ph(r, _MM_FROUND_TO_NEAREST_INT));
    } else {    /* round to nearest even (no NaN here): region.h's ao_cvt_f32_bf16 */
        const __m256i u = _mm256_castps_si256(r);
        const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
        const __m256i h = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7fff)), lsb), 16);
        _mm_storeu_si128((__m128i *)((uint16_t *)o + j),
                         _mm_packus_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1)));
    }
}

/* the k (<= 16) results o[j..j+k) one at a time (a vector of them has a NaN: the
 * element-by-element path's NaN bits); nothing of them written yet */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_one)(char *o, const char *a, const char *b,
                                                                       const int dt, float fs, int64_t j, int k)
{
    for (int i = 0; i < k; i++) {
        const float yi = ao_s_load_f32(dt, b, j + i);
        ao_s_store_f32(dt, o, j + i, ao_s_load_f32(dt, a, j + i) * yi - fs * yi);
    }
}

/* The bfloat16 results r0, r1 of 16 elements widened by interleaving with zeros (the
 * order [0-3, 8-11], [4-7, 12-15]; no NaN among them), rounded to nearest even and
 * packed back into the element order (the pack undoes the unpack: both act within
 * 128-bit lanes) */
static inline __attribute__((always_inline)) __m256i AO_SFX(ao_rm_bf16_pack16)(__m256 r0, __m256 r1)
{
    const __m256i one = _mm256_set1_epi32(1), half = _mm256_set1_epi32(0x7fff);
    const __m256i u0 = _mm256_castps_si256(r0), u1 = _mm256_castps_si256(r1);
    const __m256i h0 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u0, half),
                                                          _mm256_and_si256(_mm256_srli_epi32(u0, 16), one)), 16);
    const __m256i h1 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u1, half),
                                                          _mm256_and_si256(_mm256_srli_epi32(u1, 16), one)), 16);
    return _mm256_packus_epi32(h0, h1);
}

/* The row's sum from its double lanes acc (elements [0, j) added in) and elements
 * j..n (into lane j mod 32), as the float fs the results use; 0 when the sum is NaN
 * (the caller writes nothing: the element-by-element path gives its NaN bits). Sets
 * *finite: fs finite, where no result can be NaN (the result loops' chk 0, below). */
static inline __attribute__((always_inline)) int AO_SFX(ao_rm_smb_sum)(double *acc, const char *a, const char *b,
                                                                      int64_t j, int64_t n, const int dt,
                                                                      float *fs, int *finite)
{
    for (; j < n; j++)
        acc[j & 31] += (double)(ao_s_load_f32(dt, a, j) * ao_s_load_f32(dt, b, j));
    double sum = 0.0;
    for (int k = 0; k < AO_RM_DOT_LANES; k++)
        sum += acc[k];
    if (sum != sum)
        return 0;
    *fs = (float)sum;
    *finite = *fs - *fs == 0.0f;
    return 1;
}

/* The results of ao_rm_smb_row2_t (rows read twice, widened in both passes: short rows,
 * long float16 rows; ao_rm_smb_row says why; float32 rows: ao_rm_smb_row_f32), from element 0 on. chk 0: no vector tested for a NaN
 * result, where the row sum fs is finite. Then no result is NaN: fs finite means every
 * product dy * y summed finite (an inf or NaN input or product makes the double sum
 * inf or NaN), so x * y is finite and x * y - fs * y is finite or -+inf (fs * y may
 * overflow), never inf - inf. The test and its branch were 3 of ~10 instructions per
 * 8 float16 results. */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_res2_t)(char *o, const char *a, const char *b,
                                                                         int64_t n, const int dt, float fs,
                                                                         const int chk)
{
    int64_t j;
    const __m256 vfs = _mm256_set1_ps(fs);
    j = 0;
#if AO_ISA_LEVEL >= 2
    if (dt == AO_DT_FLOAT) {
        /* a zmm at a time from o's first 64-byte boundary on, the elements before it and
         * the last n mod 16 under masks: every store within one line (and every load,
         * where the inputs share o's offset in a line, as the bench's arrays do); each
         * element's result is the scalar loop's. Unaligned, every zmm store of a row 16
         * bytes past a line split across two: the float32 row took 1.16x the time,
         * (1000, 1000), Zen 4, 1 thread, CPU time. */
        const __m512 zfs = _mm512_set1_ps(fs);
        const float *af = (const float *)a, *bf = (const float *)b;
        float *of = (float *)o;
        int64_t head = (int64_t)((-(uintptr_t)o & 63) / 4);
        head = head < n ? head : n;
        if (head) {
            const __mmask16 m = (__mmask16)((1u << head) - 1);
            const __m512 y = _mm512_maskz_loadu_ps(m, bf);
            _mm512_mask_storeu_ps(of, m, _mm512_sub_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps(m, af), y),
                                                       _mm512_mul_ps(zfs, y)));
        }
        for (j = head; j + 16 <= n; j += 16) {
            const __m512 y = _mm512_loadu_ps(bf + j);
            _mm512_storeu_ps(of + j, _mm512_sub_ps(_mm512_mul_ps(_mm512_loadu_ps(af + j), y), _mm512_mul_ps(zfs, y)));
        }
        if (j < n) {
            const __mmask16 m = (__mmask16)((1u << (n - j)) - 1);
            const __m512 y = _mm512_maskz_loadu_ps(m, bf + j);
            _mm512_mask_storeu_ps(of + j, m, _mm512_sub_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps(m, af + j), y),
                                                           _mm512_mul_ps(zfs, y)));
        }
        return;
    }
#endif
    if (dt == AO_DT_BF16) {
        /* 16 elements an iteration, widened by interleaving with zeros (one unpack per 8
         * instead of a zero-extension and a shift) in the order unpack gives,
         * [0-3, 8-11] and [4-7, 12-15], which the narrowing pack of the results undoes
         * (both act within 128-bit lanes): about a third fewer instructions, and the
         * bfloat16 row was bound by them, not by memory */
        const __m256i zero = _mm256_setzero_si256();
        for (; j + 16 <= n; j += 16) {
            const __m256i av = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + j));
            const __m256i bv = _mm256_loadu_si256((const __m256i *)((const uint16_t *)b + j));
            const __m256 y0 = _mm256_castsi256_ps(_mm256_unpacklo_epi16(zero, bv));
            const __m256 y1 = _mm256_castsi256_ps(_mm256_unpackhi_epi16(zero, bv));
            const __m256 x0 = _mm256_castsi256_ps(_mm256_unpacklo_epi16(zero, av));
            const __m256 x1 = _mm256_castsi256_ps(_mm256_unpackhi_epi16(zero, av));
            const __m256 r0 = _mm256_sub_ps(_mm256_mul_ps(x0, y0), _mm256_mul_ps(vfs, y0));
            const __m256 r1 = _mm256_sub_ps(_mm256_mul_ps(x1, y1), _mm256_mul_ps(vfs, y1));
            if (chk && _mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(r0, r0, _CMP_UNORD_Q),
                                                _mm256_cmp_ps(r1, r1, _CMP_UNORD_Q)))) {
                AO_SFX(ao_rm_smb_one)(o, a, b, dt, fs, j, 16);
                continue;
            }
            _mm256_storeu_si256((__m256i *)((uint16_t *)o + j), AO_SFX(ao_rm_bf16_pack16)(r0, r1));
        }
    }
    for (; j + 8 <= n; j += 8) {        /* elements j.. read before they are written */
        const __m256 y = AO_SFX(ao_rm_ld8)(b, dt, j);
        const __m256 r = _mm256_sub_ps(_mm256_mul_ps(AO_SFX(ao_rm_ld8)(a, dt, j), y), _mm256_mul_ps(vfs, y));
        if (dt == AO_DT_FLOAT) {
            _mm256_storeu_ps((float *)o + j, r);
        } else if (chk && _mm256_movemask_ps(_mm256_cmp_ps(r, r, _CMP_UNORD_Q))) {
            float t[8];
            _mm256_storeu_ps(t, r);
            for (int k = 0; k < 8; k++)
                ao_s_store_f32(dt, o, j + k, t[k]);
        } else {
            AO_SFX(ao_rm_smb_st8)(o, dt, j, r);
        }
    }
    AO_SFX(ao_rm_smb_one)(o, a, b, dt, fs, j, (int)(n - j));
}

/* out = dy * y - fs * y of one row (ao_sm_row_contig's contract); 0 when the row sum
 * is NaN (nothing written: the caller's element-by-element path gives its NaN bits). */
static inline __attribute__((always_inline)) int AO_SFX(ao_rm_smb_row2_t)(char *o, const char *a, const char *b,
                                                                        int64_t n, const int dt)
{
    double acc[AO_RM_DOT_LANES];
    int64_t j = 0;
#if AO_ISA_LEVEL >= 2
    typedef double vd8 __attribute__((vector_size(64)));
    vd8 s[4] = {{0}, {0}, {0}, {0}};
    for (; j + AO_RM_DOT_LANES <= n; j += AO_RM_DOT_LANES)
        for (int k = 0; k < 4; k++) {
            const __m256 x = _mm256_mul_ps(AO_SFX(ao_rm_ld8)(a, dt, j + 8 * k), AO_SFX(ao_rm_ld8)(b, dt, j + 8 * k));
            s[k] += (vd8)_mm512_cvtps_pd(x);
        }
    memcpy(acc, s, sizeof s);
#else   /* four 4-double registers per 8-double vector of lanes (ao_rm_lane_sum says why) */
    __m256d t[8];
    for (int k = 0; k < 8; k++)
        t[k] = _mm256_setzero_pd();
    for (; j + AO_RM_DOT_LANES <= n; j += AO_RM_DOT_LANES)
        for (int k = 0; k < 4; k++) {
            const __m256 x = _mm256_mul_ps(AO_SFX(ao_rm_ld8)(a, dt, j + 8 * k), AO_SFX(ao_rm_ld8)(b, dt, j + 8 * k));
            t[2 * k] = _mm256_add_pd(t[2 * k], _mm256_cvtps_pd(_mm256_castps256_ps128(x)));
            t[2 * k + 1] = _mm256_add_pd(t[2 * k + 1], _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)));
        }
    for (int k = 0; k < 8; k++)
        _mm256_storeu_pd(acc + 4 * k, t[k]);
#endif
    float fs;
    int finite;
    if (!AO_SFX(ao_rm_smb_sum)(acc, a, b, j, n, dt, &fs, &finite))
        return 0;
    if (finite)
        AO_SFX(ao_rm_smb_res2_t)(o, a, b, n, dt, fs, 0);
    else
        AO_SFX(ao_rm_smb_res2_t)(o, a, b, n, dt, fs, 1);
    return 1;
}

/* out = dy * y - fs * y of one float32 row (ao_sm_row_contig's contract): the sum in the
 * grouped order (ao_rm_dot_g64, ao_rm_tree16), the results as ao_rm_smb_row2_t's; 0 when
 * the row sum is NaN (nothing written). */
static inline __attribute__((always_inline)) int AO_SFX(ao_rm_smb_row_f32)(char *o, const char *a, const char *b,
                                                                          int64_t n)
{
#if AO_ISA_LEVEL >= 2
    /* the lanes in registers: through acc (the zmm stores, then the tree's narrower
     * loads of them) the row took 1.1x the time */
    __m512d z0 = _mm512_setzero_pd(), z1 = _mm512_setzero_pd();
    AO_SFX(ao_rm_g64_z)((const float *)a, (const float *)b, n, &z0, &z1);
    const double sum = AO_SFX(ao_rm_tree_z)(z0, z1);
#else
    __m256d t[4] = {_mm256_setzero_pd(), _mm256_setzero_pd(), _mm256_setzero_pd(), _mm256_setzero_pd()};
    AO_SFX(ao_rm_g64_y)((const float *)a, (const float *)b, n, t);
    const double sum = AO_SFX(ao_rm_tree_y)(t);
#endif
    if (sum != sum)
        return 0;
    const float fs = (float)sum;
    if (fs - fs == 0.0f)
        AO_SFX(ao_rm_smb_res2_t)(o, a, b, n, AO_DT_FLOAT, fs, 0);
    else
        AO_SFX(ao_rm_smb_res2_t)(o, a, b, n, AO_DT_FLOAT, fs, 1);
    return 1;
}

/* The products dy * y of a row go into 32 double lanes (ao_rm_dot's: element j into
 * lane j mod 32). Slot k of the accumulators holds 8 of them: lanes 8k.. in the
 * element order, or, for bfloat16 (widened by interleaving with zeros, below), lanes
 * ao_rm_smb_lane(k, 0) .. +3 and ao_rm_smb_lane(k, 1) .. +3.
 * Each lane adds by a fused multiply-add, acc + p * 1: p * 1 is exact, so it rounds
 * acc + p once, as vaddpd does (the same sum; both give +0 for +0 + -0). Why: on Zen 4
 * the float-to-double conversions and the double adds share two pipes (one vcvtps2pd
 * zmm alone 0.38 ns, with a vaddpd zmm 0.55 ns; the multiply-add pipes are the other
 * two): float16 SoftmaxBackward's row 0.90x the time with it, AVX2 region 0.94x. */
static inline __attribute__((always_inline)) int AO_SFX(ao_rm_smb_lane)(int k, int half, const int dt)
{
    return dt == AO_DT_BF16 ? (k >> 1) * 16 + (k & 1) * 4 + half * 8 : 8 * k + 4 * half;
}

#if AO_ISA_LEVEL >= 2
typedef struct { __m512d s[4]; } AO_SFX(ao_rm_smb_acc);
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_add)(AO_SFX(ao_rm_smb_acc) *t, int k, __m256 x)
{
    t->s[k] = _mm512_fmadd_pd(_mm512_cvtps_pd(x), _mm512_set1_pd(1.0), t->s[k]);
}
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_put)(const AO_SFX(ao_rm_smb_acc) *t, double *acc,
                                                                       const int dt)
{
    for (int k = 0; k < 4; k++) {
        _mm256_storeu_pd(acc + AO_SFX(ao_rm_smb_lane)(k, 0, dt), _mm512_castpd512_pd256(t->s[k]));
        _mm256_storeu_pd(acc + AO_SFX(ao_rm_smb_lane)(k, 1, dt), _mm512_extractf64x4_pd(t->s[k], 1));
    }
}
#else   /* four 4-double registers per 8 lanes (ao_rm_lane_sum says why) */
typedef struct { __m256d t[8]; } AO_SFX(ao_rm_smb_acc);
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_add)(AO_SFX(ao_rm_smb_acc) *t, int k, __m256 x)
{
    t->t[2 * k] = _mm256_fmadd_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(x)), _mm256_set1_pd(1.0), t->t[2 * k]);
    t->t[2 * k + 1] = _mm256_fmadd_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)), _mm256_set1_pd(1.0),
                                      t->t[2 * k + 1]);
}
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_put)(const AO_SFX(ao_rm_smb_acc) *t, double *acc,
                                                                       const int dt)
{
    for (int k = 0; k < 4; k++) {
        _mm256_storeu_pd(acc + AO_SFX(ao_rm_smb_lane)(k, 0, dt), t->t[2 * k]);
        _mm256_storeu_pd(acc + AO_SFX(ao_rm_smb_lane)(k, 1, dt), t->t[2 * k + 1]);
    }
}
#endif

/* out = dy * y - fs * y of one row (ao_sm_row_contig's contract); 0 when the row sum
 * is NaN (nothing written: the caller's element-by-element path gives its NaN bits).
 * A float16 or bfloat16 row (float32 rows take ao_rm_smb_row2_t: no widening to save).
 * Two passes. The first widens dy and y, sums their products into the double lanes and
 * keeps the products and y as fp32 in two L1 buffers; the second computes p - fs * y
 * from those buffers and narrows it.
 * Why the buffers: a 16-bit row was widened twice (vcvtph2ps / the bfloat16 unpacks in
 * both passes) and multiplied twice; the conversions were the row's bound (float16 in
 * L2 ran at 1.5x float32's time per element, Zen 4). The same products (p = dy * y is
 * the same float), lanes, sums and results as before, so the same bits.
 * Result loop, chk 0: no vector tested for a NaN result, where the row sum fs is
 * finite. Then no result is NaN: fs finite means every product dy * y summed finite
 * (an inf or NaN input or product makes the double sum inf or NaN), so x * y is finite
 * and x * y - fs * y is finite or -+inf (fs * y may overflow), never inf - inf. */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_smb_res_t)(char *o, const char *a, const char *b,
                                                                         int64_t n, const int dt, float fs,
                                                                         const float *pb, const float *yb,
                                                                         int64_t n32, const int chk)
{
    const __m256 vfs = _mm256_set1_ps(fs);
    int64_t j = 0;
    if (dt == AO_DT_BF16) {
        /* 16 elements an iteration in the unpack order of the first pass ([0-3, 8-11]
         * and [4-7, 12-15]), which the narrowing pack undoes (both act within 128-bit
         * lanes) */
#if AO_ISA_LEVEL >= 2
        {   /* a zmm at a time (half the instructions of the ymm loop below: the bfloat16
             * row is bound by them): the RNE in 32-bit lanes, and one vpermw takes
             * element i's high half from its buffer position (region.h ao_vst's form,
             * with the unpack order undone in its indices) */
            const __m512 zfs = _mm512_set1_ps(fs);
            const __m512i idx = _mm512_set_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                 31, 29, 27, 25, 15, 13, 11, 9, 23, 21, 19, 17, 7, 5, 3, 1);
            for (; j < n32; j += 16) {
                const __m512 r = _mm512_sub_ps(_mm512_loadu_ps(pb + j), _mm512_mul_ps(zfs, _mm512_loadu_ps(yb + j)));
                if (chk && _mm512_cmp_ps_mask(r, r, _CMP_UNORD_Q)) {
                    AO_SFX(ao_rm_smb_one)(o, a, b, dt, fs, j, 16);
                    continue;
                }
                const __m512i u = _mm512_castps_si512(r);
                const __m512i h = _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)),
                                                   _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1)));
                _mm256_storeu_si256((__m256i *)((uint16_t *)o + j),
                                    _mm512_castsi512_si256(_mm512_permutexvar_epi16(idx, h)));
            }
        }
#endif
        for (; j < n32; j += 16) {
            const __m256 y0 = _mm256_loadu_ps(yb + j), y1 = _mm256_loadu_ps(yb + j + 8);
            const __m256 r0 = _mm256_sub_ps(_mm256_loadu_ps(pb + j), _mm256_mul_ps(vfs, y0));
            const __m256 r1 = _mm256_sub_ps(_mm256_loadu_ps(pb + j + 8), _mm256_mul_ps(vfs, y1));
            if (chk && _mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(r0, r0, _CMP_UNORD_Q),
                                                _mm256_cmp_ps(r1, r1, _CMP_UNORD_Q)))) {
                AO_SFX(ao_rm_smb_one)(o, a, b, dt, fs, j, 16);
                continue;
            }
            _mm256_storeu_si256((__m256i *)((uint16_t *)o + j), AO_SFX(ao_rm_bf16_pack16)(r0, r1));
        }
    }
#if AO_ISA_LEVEL >= 2
    if (dt == AO_DT_FLOAT16) {
        /* a zmm at a time: fewer instructions (float16 rows 0.95x the time, Zen 4; the
         * first pass stays in ymm: its zmm form was 1.2x slower) */
        const __m512 zfs = _mm512_set1_ps(fs);
        for (; j + 16 <= n; j += 16) {
            const __m512 r = _mm512_sub_ps(_mm512_loadu_ps(pb + j), _mm512_mul_ps(zfs, _mm512_loadu_ps(yb + j)));
            if (chk && _mm512_cmp_ps_mask(r, r, _CMP_UNORD_Q))
                AO_SFX(ao_rm_smb_one)(o, a, b, dt, fs, j, 16);
            else
                _mm256_storeu_si256((__m256i *)((uint16_t *)o + j), _mm512_cvtps_ph(r, _MM_FROUND_TO_NEAREST_INT));
        }
    }
#endif
    for (; j + 8 <= n; j += 8) {        /* elements j.. read before they are written */
        const __m256 r = _mm256_sub_ps(_mm256_loadu_ps(pb + j), _mm256_mul_ps(vfs, _mm256_loadu_ps(yb + j)));
        if (chk && _mm256_movemask_ps(_mm256_cmp_ps(r, r, _CMP_UNORD_Q)))
            AO_SFX(ao_rm_smb_one)(o, a, b, dt, fs, j, 8);
        else
            AO_SFX(ao_rm_smb_st8)(o, dt, j, r);
    }
    AO_SFX(ao_rm_smb_one)(o, a, b, dt, fs, j, (int)(n - j));
}

static inline __attribute__((always_inline)) int AO_SFX(ao_rm_smb_row_t)(char *o, const char *a, const char *b,
                                                                        int64_t n, const int dt, float *pb,
                                                                        float *yb)
{
    double acc[AO_RM_DOT_LANES];
    AO_SFX(ao_rm_smb_acc) t;
    memset(&t, 0, sizeof t);
    int64_t j = 0;
    if (dt == AO_DT_BF16) {
        const __m256i zero = _mm256_setzero_si256();
        for (; j + AO_RM_DOT_LANES <= n; j += AO_RM_DOT_LANES)
            for (int g = 0; g < 2; g++) {
                const __m256i av = _mm256_loadu_si256((const __m256i *)((const uint16_t *)a + j + 16 * g));
                const __m256i bv = _mm256_loadu_si256((const __m256i *)((const uint16_t *)b + j + 16 * g));
                const __m256 y0 = _mm256_castsi256_ps(_mm256_unpacklo_epi16(zero, bv));
                const __m256 y1 = _mm256_castsi256_ps(_mm256_unpackhi_epi16(zero, bv));
                const __m256 p0 = _mm256_mul_ps(_mm256_castsi256_ps(_mm256_unpacklo_epi16(zero, av)), y0);
                const __m256 p1 = _mm256_mul_ps(_mm256_castsi256_ps(_mm256_unpackhi_epi16(zero, av)), y1);
                _mm256_storeu_ps(pb + j + 16 * g, p0);
                _mm256_storeu_ps(pb + j + 16 * g + 8, p1);
                _mm256_storeu_ps(yb + j + 16 * g, y0);
                _mm256_storeu_ps(yb + j + 16 * g + 8, y1);
                AO_SFX(ao_rm_smb_add)(&t, 2 * g, p0);
                AO_SFX(ao_rm_smb_add)(&t, 2 * g + 1, p1);
            }
    } else {
        for (; j + AO_RM_DOT_LANES <= n; j += AO_RM_DOT_LANES)
            for (int k = 0; k < 4; k++) {
                const __m256 y = AO_SFX(ao_rm_ld8)(b, dt, j + 8 * k);
                const __m256 p = _mm256_mul_ps(AO_SFX(ao_rm_ld8)(a, dt, j + 8 * k), y);
                _mm256_storeu_ps(pb + j + 8 * k, p);
                _mm256_storeu_ps(yb + j + 8 * k, y);
                AO_SFX(ao_rm_smb_add)(&t, k, p);
            }
    }
    const int64_t n32 = j;
    AO_SFX(ao_rm_smb_put)(&t, acc, dt);
    for (; j + 8 <= n; j += 8) {    /* lanes j mod 32 .. +7, in the element order */
        const __m256 y = AO_SFX(ao_rm_ld8)(b, dt, j);
        const __m256 p = _mm256_mul_ps(AO_SFX(ao_rm_ld8)(a, dt, j), y);
        _mm256_storeu_ps(pb + j, p);
        _mm256_storeu_ps(yb + j, y);
        double d[8];    /* into the lanes one by one: a vector load of acc here would
                         * wait on the stores above (no forwarding across them) */
#if AO_ISA_LEVEL >= 2
        _mm512_storeu_pd(d, _mm512_cvtps_pd(p));
#else
        _mm256_storeu_pd(d, _mm256_cvtps_pd(_mm256_castps256_ps128(p)));
        _mm256_storeu_pd(d + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(p, 1)));
#endif
        for (int i = 0; i < 8; i++)
            acc[(j & 31) + i] += d[i];
    }
    float fs;
    int finite;
    if (!AO_SFX(ao_rm_smb_sum)(acc, a, b, j, n, dt, &fs, &finite))
        return 0;
    if (finite)
        AO_SFX(ao_rm_smb_res_t)(o, a, b, n, dt, fs, pb, yb, n32, 0);
    else
        AO_SFX(ao_rm_smb_res_t)(o, a, b, n, dt, fs, pb, yb, n32, 1);
    return 1;
}

#ifndef AO_RM_SMB_BUF_MIN
#define AO_RM_SMB_BUF_MIN 256
#endif
/* pb, yb: n floats each of the caller's scratch (a 16-bit row's products and y). The
 * buffered form (ao_rm_smb_row_t) for 16-bit rows from AO_RM_SMB_BUF_MIN elements
 * (float16: up to 2048, where the two fp32 buffers and the row still fit L1); the
 * two-widening form (ao_rm_smb_row2_t) for the others: shorter rows (n = 40: 1.25x the
 * time in the buffered form, its per-row set-up) and float16 rows of 4096 (1.1x: the
 * 32 KB of buffers leave L1). Zen 4, C harness, 1 thread, CPU time. Both give the same
 * bits. float32 rows: ao_rm_smb_row_f32 (their own order, no widening to save). */
static int AO_SFX(ao_rm_smb_row)(char *o, const char *a, const char *b, int64_t n, int dt, float *pb, float *yb)
{
    /* one copy per dtype, its loads and stores resolved at compile time */
    if (n >= AO_RM_SMB_BUF_MIN && dt == AO_DT_BF16)
        return AO_SFX(ao_rm_smb_row_t)(o, a, b, n, AO_DT_BF16, pb, yb);
    if (n >= AO_RM_SMB_BUF_MIN && n <= 2048 && dt == AO_DT_FLOAT16)
        return AO_SFX(ao_rm_smb_row_t)(o, a, b, n, AO_DT_FLOAT16, pb, yb);
    if (dt == AO_DT_FLOAT16)
        return AO_SFX(ao_rm_smb_row2_t)(o, a, b, n, AO_DT_FLOAT16);
    if (dt == AO_DT_BF16)
        return AO_SFX(ao_rm_smb_row2_t)(o, a, b, n, AO_DT_BF16);
    return AO_SFX(ao_rm_smb_row_f32)(o, a, b, n);
}
#define AO_RM_SMB_ROW AO_SFX(ao_rm_smb_row)

/* ---- 16-bit Softmax / LogSoftmax / LogSoftmaxBackward rows, a register at a time ----
 * A contiguous float16 / bfloat16 row was converted into an fp32 L1 buffer by the
 * kernels' array conversion, then read by the max, and the result was written to a
 * second buffer and converted by another pass (float16 Softmax on Zen 4: the two
 * conversions, the max and the scale 46% of the row's time, the exps 50%). Here the
 * widening is fused into the max (Softmax, LogSoftmax) or into g's sum
 * (LogSoftmaxBackward), and the narrowing into the result loop. The conversions are
 * the kernels' (region.h): float16 by vcvtph2ps / vcvtps2ph (RNE, NaN quietened with its
 * top payload bits: ao_h2f / ao_f2h in the tails there, bit-identical), bfloat16 by a
 * shift, and by the integer RNE with a NaN quietened as (u >> 16) | 0x40; a row's last
 * n mod 8 elements are converted through a zero-padded register, so every element
 * gets the same instruction's bits. The max, the lanes of the sums, the exps and the
 * results are those of the buffered path (ao_rm_max, ao_rm_dot, ao_rm_exp_sum,
 * ao_rm_lsb_out, ...), element for element, so every bit is the same. */

/* the k (< 8) elements of dtype dt at p + j, widened; the lanes past them 0 */
static inline __attribute__((always_inline)) __m256 AO_SFX(ao_rm_ld8_part)(const char *p, int dt, int64_t j,
                                                                          int64_t k)
{
    uint16_t h[8] = {0};
    memcpy(h, (const uint16_t *)p + j, (size_t)k * 2);
    return AO_SFX(ao_rm_ld8)((const char *)h, dt, 0);
}

/* 8 floats narrowed to 16-bit dtype dt (the kernels' array conversions' bits) */
static inline __attribute__((always_inline)) __m128i AO_SFX(ao_rm_nw8)(__m256 r, const int dt)
{
    if (dt == AO_DT_FLOAT16)
        return _mm256_cvtps_ph(r, _MM_FROUND_TO_NEAREST_INT);
    const __m256i u = _mm256_castps_si256(r);
    const __m256i hi = _mm256_srli_epi32(u, 16);
    __m256i h = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7fff)),
                                                   _mm256_and_si256(hi, _mm256_set1_epi32(1))), 16);
    h = _mm256_blendv_epi8(h, _mm256_or_si256(hi, _mm256_set1_epi32(0x40)),
                           _mm256_castps_si256(_mm256_cmp_ps(r, r, _CMP_UNORD_Q)));
    return _mm_packus_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

/* r narrowed and stored as k (<= 8) elements of dt at o + j */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_st8)(char *o, const int dt, int64_t j, __m256 r,
                                                                   int64_t k)
{
    const __m128i h = AO_SFX(ao_rm_nw8)(r, dt);
    if (k == 8) {
        _mm_storeu_si128((__m128i *)((uint16_t *)o + j), h);
        return;
    }
    uint16_t t[8];
    _mm_storeu_si128((__m128i *)t, h);
    memcpy((uint16_t *)o + j, t, (size_t)k * 2);
}

#if AO_ISA_LEVEL >= 2
/* the k (<= 16) elements of 16-bit dtype dt at p + j widened into a zmm (lanes past
 * them 0), and a zmm narrowed and stored as k elements: the AVX-512 region's array
 * conversions (region.h ao_cvt_*), the same bits as the 8-element forms above */
static inline __attribute__((always_inline)) __m512 AO_SFX(ao_rm_ld16z)(const char *p, const int dt, int64_t j,
                                                                       int64_t k)
{
    const __m256i h = k == 16 ? _mm256_loadu_si256((const __m256i *)((const uint16_t *)p + j))
                              : _mm256_maskz_loadu_epi16((__mmask16)((1u << k) - 1), (const uint16_t *)p + j);
    if (dt == AO_DT_FLOAT16)
        return _mm512_cvtph_ps(h);
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
}

static inline __attribute__((always_inline)) void AO_SFX(ao_rm_st16z)(char *o, const int dt, int64_t j, __m512 r,
                                                                     int64_t k)
{
    __m256i h;
    if (dt == AO_DT_FLOAT16) {
        h = _mm512_cvtps_ph(r, _MM_FROUND_TO_NEAREST_INT);
    } else {
        /* region.h ao_vst's form: RNE (u + 0x7fff + lsb) and the quiet NaN (u | 0x00400000)
         * in the high halves of the lanes, gathered by one vpermw (vpmovdw after a shift
         * took 8% of the bfloat16 LogSoftmaxBackward row's samples, Zen 4) */
        const __m512i u = _mm512_castps_si512(r);
        __m512i b = _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)),
                                     _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1)));
        b = _mm512_mask_or_epi32(b, _mm512_cmp_ps_mask(r, r, _CMP_UNORD_Q), u, _mm512_set1_epi32(0x00400000));
        h = _mm512_castsi512_si256(_mm512_permutexvar_epi16(
            _mm512_set_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                             31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1), b));
    }
    if (k == 16)
        _mm256_storeu_si256((__m256i *)((uint16_t *)o + j), h);
    else
        _mm256_mask_storeu_epi16((uint16_t *)o + j, (__mmask16)((1u << k) - 1), h);
}
#endif

/* dst[0..n) = the 16-bit row src widened, and its max exactly as ao_rm_max(dst, n)
 * computes it (the same two 8-float lanes of selects, the same reduction order, the
 * same first NaN), in one pass; its min in *mn (meaningful where the max is not NaN).
 * n >= 1. */
static inline __attribute__((always_inline)) float AO_SFX(ao_rm_ld16_max_t)(float *dst, const char *src,
                                                                           int64_t n, const int dt, float *mn)
{
#if AO_ISA_LEVEL >= 2
    if (dt == AO_DT_BF16) {
        /* 16 elements a zmm (its lanes 0-7 are acc0's below, 8-15 acc1's: the same
         * selects): bfloat16's widening and narrowing are integer operations, 2x the
         * instructions in ymm halves (bfloat16 rows 1.2x float16's time) */
        __m512 acc = _mm512_permutexvar_ps(_mm512_setzero_si512(), AO_SFX(ao_rm_ld16z)(src, dt, 0, 1));
        __m512 lo = acc;
        __mmask16 nan = 0;
        int64_t j = 0;
        for (; j + 16 <= n; j += 16) {
            const __m512 a = AO_SFX(ao_rm_ld16z)(src, dt, j, 16);
            _mm512_storeu_ps(dst + j, a);
            acc = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, acc, _CMP_GT_OQ), acc, a);
            lo = _mm512_min_ps(lo, a);
            nan |= _mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q);
        }
        const int64_t body = j;
        if (j < n)
            _mm512_mask_storeu_ps(dst + j, (__mmask16)((1u << (n - j)) - 1), AO_SFX(ao_rm_ld16z)(src, dt, j, n - j));
        float la[16], ll[16];
        _mm512_storeu_ps(la, acc);
        _mm512_storeu_ps(ll, lo);
        float m = dst[0], l = dst[0];
        int any = nan != 0;
        for (int k = 0; k < 8; k++) {
            m = la[k] > m ? la[k] : m;
            m = la[k + 8] > m ? la[k + 8] : m;
            l = ll[k] < l ? ll[k] : l;
            l = ll[k + 8] < l ? ll[k + 8] : l;
        }
        for (j = body; j < n; j++) {
            m = dst[j] > m ? dst[j] : m;
            l = dst[j] < l ? dst[j] : l;
            any |= dst[j] != dst[j];
        }
        *mn = l;
        if (any)
            for (j = 0; j < n; j++)
                if (dst[j] != dst[j])
                    return dst[j];
        return m;
    }
#endif
    const __m256 first = AO_SFX(ao_rm_ld8_part)(src, dt, 0, 1);
    __m256 acc0 = _mm256_permutevar8x32_ps(first, _mm256_setzero_si256()), acc1 = acc0;
    __m256 lo = acc0;
    __m256 nan = _mm256_setzero_ps();
    int64_t j = 0;
    for (; j + 16 <= n; j += 16) {
        const __m256 a = AO_SFX(ao_rm_ld8)(src, dt, j), b = AO_SFX(ao_rm_ld8)(src, dt, j + 8);
        _mm256_storeu_ps(dst + j, a);
        _mm256_storeu_ps(dst + j + 8, b);
        acc0 = _mm256_blendv_ps(acc0, a, _mm256_cmp_ps(a, acc0, _CMP_GT_OQ));
        acc1 = _mm256_blendv_ps(acc1, b, _mm256_cmp_ps(b, acc1, _CMP_GT_OQ));
        lo = _mm256_min_ps(lo, _mm256_min_ps(a, b));
        nan = _mm256_or_ps(nan, _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
    }
    const int64_t body = j;
    for (; j < n; j += 8) {
        const int64_t k = n - j < 8 ? n - j : 8;
        const __m256 v = k == 8 ? AO_SFX(ao_rm_ld8)(src, dt, j) : AO_SFX(ao_rm_ld8_part)(src, dt, j, k);
        float t[8];
        _mm256_storeu_ps(t, v);
        memcpy(dst + j, t, (size_t)k * sizeof(float));
    }
    float l0[8], l1[8], ll[8];
    _mm256_storeu_ps(l0, acc0);
    _mm256_storeu_ps(l1, acc1);
    _mm256_storeu_ps(ll, lo);
    float m = dst[0], l = dst[0];
    int any = _mm256_movemask_ps(nan) != 0;
    for (int k = 0; k < 8; k++) {
        m = l0[k] > m ? l0[k] : m;
        m = l1[k] > m ? l1[k] : m;
        l = ll[k] < l ? ll[k] : l;
    }
    for (j = body; j < n; j++) {
        m = dst[j] > m ? dst[j] : m;
        l = dst[j] < l ? dst[j] : l;
        any |= dst[j] != dst[j];
    }
    *mn = l;
    if (any)
        for (j = 0; j < n; j++)
            if (dst[j] != dst[j])
                return dst[j];   /* the row's first NaN */
    return m;
}

/* Softmax's last step narrowed: o[j] = t[j] * inv as dtype dt */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_scale16_t)(char *o, const float *t, float inv,
                                                                         int64_t n, const int dt)
{
#if AO_ISA_LEVEL >= 2
    if (dt == AO_DT_BF16) {    /* a zmm at a time (ao_rm_ld16_max_t says why) */
        const __m512 vz = _mm512_set1_ps(inv);
        for (int64_t j = 0; j < n; j += 16) {
            const int64_t k = n - j < 16 ? n - j : 16;
            const __m512 v = k == 16 ? _mm512_loadu_ps(t + j) : _mm512_maskz_loadu_ps((__mmask16)((1u << k) - 1), t + j);
            AO_SFX(ao_rm_st16z)(o, dt, j, _mm512_mul_ps(v, vz), k);
        }
        return;
    }
#endif
    const __m256 vi = _mm256_set1_ps(inv);
    for (int64_t j = 0; j < n; j += 8) {
        const int64_t k = n - j < 8 ? n - j : 8;
        __m256 v;
        if (k == 8) {
            v = _mm256_loadu_ps(t + j);
        } else {
            float b[8] = {0};
            memcpy(b, t + j, (size_t)k * sizeof(float));
            v = _mm256_loadu_ps(b);
        }
        AO_SFX(ao_rm_st8)(o, dt, j, _mm256_mul_ps(v, vi), k);
    }
}

/* LogSoftmax's result narrowed: o[j] = (x[j] - mx) - ls as dtype dt */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_lsm16_t)(char *o, const float *x, float mx,
                                                                       float ls, int64_t n, const int dt)
{
#if AO_ISA_LEVEL >= 2
    if (dt == AO_DT_BF16) {    /* a zmm at a time (ao_rm_ld16_max_t says why) */
        const __m512 zm = _mm512_set1_ps(mx), zl = _mm512_set1_ps(ls);
        for (int64_t j = 0; j < n; j += 16) {
            const int64_t k = n - j < 16 ? n - j : 16;
            const __m512 v = k == 16 ? _mm512_loadu_ps(x + j) : _mm512_maskz_loadu_ps((__mmask16)((1u << k) - 1), x + j);
            AO_SFX(ao_rm_st16z)(o, dt, j, _mm512_sub_ps(_mm512_sub_ps(v, zm), zl), k);
        }
        return;
    }
#endif
    const __m256 vm = _mm256_set1_ps(mx), vl = _mm256_set1_ps(ls);
    for (int64_t j = 0; j < n; j += 8) {
        const int64_t k = n - j < 8 ? n - j : 8;
        __m256 v;
        if (k == 8) {
            v = _mm256_loadu_ps(x + j);
        } else {
            float b[8] = {0};
            memcpy(b, x + j, (size_t)k * sizeof(float));
            v = _mm256_loadu_ps(b);
        }
        AO_SFX(ao_rm_st8)(o, dt, j, _mm256_sub_ps(_mm256_sub_ps(v, vm), vl), k);
    }
}

/* ao_rm_dot(acc, g, NULL, n) of the 16-bit row g widened: the same 32 lanes, the same
 * adds in the same order; and whether every y[j] is in ao_rm_expn's range (y read in
 * the same pass, a NaN is not). */
static inline __attribute__((always_inline)) int AO_SFX(ao_rm_sum16_t)(double *acc, const char *g, const char *y,
                                                                      int64_t n, const int dt)
{
    int64_t j = 0;
    const __m256 ylo = _mm256_set1_ps(AO_RM_EXPN_LO), yhi = _mm256_set1_ps(AO_RM_EXPN_HI);
    __m256 out = _mm256_setzero_ps();   /* lanes with a y out of range (or NaN) */
#define AO_RM_YOUT(v) _mm256_or_ps(_mm256_cmp_ps(v, ylo, _CMP_NGE_UQ), _mm256_cmp_ps(v, yhi, _CMP_NLE_UQ))
#if AO_ISA_LEVEL >= 2
    typedef double vd8 __attribute__((vector_size(64)));
    vd8 s[4];
    memcpy(s, acc, sizeof s);
    for (; j + AO_RM_DOT_LANES <= n; j += AO_RM_DOT_LANES)
        for (int k = 0; k < 4; k++) {
            s[k] += (vd8)_mm512_cvtps_pd(AO_SFX(ao_rm_ld8)(g, dt, j + 8 * k));
            const __m256 v = AO_SFX(ao_rm_ld8)(y, dt, j + 8 * k);
            out = _mm256_or_ps(out, AO_RM_YOUT(v));
        }
    memcpy(acc, s, sizeof s);
#else
    __m256d t[8];
    for (int k = 0; k < 8; k++)
        t[k] = _mm256_loadu_pd(acc + 4 * k);
    for (; j + AO_RM_DOT_LANES <= n; j += AO_RM_DOT_LANES)
        for (int k = 0; k < 4; k++) {
            const __m256 x = AO_SFX(ao_rm_ld8)(g, dt, j + 8 * k);
            t[2 * k] = _mm256_add_pd(t[2 * k], _mm256_cvtps_pd(_mm256_castps256_ps128(x)));
            t[2 * k + 1] = _mm256_add_pd(t[2 * k + 1], _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)));
            const __m256 v = AO_SFX(ao_rm_ld8)(y, dt, j + 8 * k);
            out = _mm256_or_ps(out, AO_RM_YOUT(v));
        }
    for (int k = 0; k < 8; k++)
        _mm256_storeu_pd(acc + 4 * k, t[k]);
#endif
    for (; j < n; j += 8) {
        const int64_t k = n - j < 8 ? n - j : 8;
        float t[8];
        _mm256_storeu_ps(t, k == 8 ? AO_SFX(ao_rm_ld8)(g, dt, j) : AO_SFX(ao_rm_ld8_part)(g, dt, j, k));
        for (int64_t i = 0; i < k; i++)
            acc[(j + i) & 31] += (double)t[i];
        /* the padding lanes are 0: in range */
        const __m256 v = k == 8 ? AO_SFX(ao_rm_ld8)(y, dt, j) : AO_SFX(ao_rm_ld8_part)(y, dt, j, k);
        out = _mm256_or_ps(out, AO_RM_YOUT(v));
    }
#undef AO_RM_YOUT
    return _mm256_movemask_ps(out) == 0;
}


/* LogSoftmaxBackward's result narrowed: o[j] = g[j] - exp(y[j]) * fs as dtype dt (the
 * ao_expf of ao_rm_lsb_out), one register at a time: the fixed loop over the widened
 * register compiles to one vector pass over it, the arrays forwarded. A zmm in the
 * AVX-512 region, as gcc's loop in ao_rm_lsb_out: in ymm halves this loop ran 1.6x
 * slower there (the exp is a chain of ~15 dependent operations; half the elements per
 * chain halve the work the scheduler can overlap), and a zmm loaded from two ymm
 * stores does not forward (4x slower). Element j of g and y is read before o[j] is
 * written: out may alias either. */
static inline __attribute__((always_inline)) void AO_SFX(ao_rm_lsb16_t)(char *o, const char *g, const char *y,
                                                                       float fs, int64_t n, const int dt,
                                                                       const int nrm)
{
    const ao_vmc vm_ = ao_vmc_load();
#if AO_ISA_LEVEL >= 2
    for (int64_t j = 0; j < n; j += 16) {
        const int64_t k = n - j < 16 ? n - j : 16;
        float gb[16], yb[16], r[16];
        _mm512_storeu_ps(gb, AO_SFX(ao_rm_ld16z)(g, dt, j, k));
        _mm512_storeu_ps(yb, AO_SFX(ao_rm_ld16z)(y, dt, j, k));
        if (nrm) {  /* every y in ao_rm_expn's range: the same exps */
            _Pragma("GCC unroll 1")
            for (int i = 0; i < 16; i++)
                r[i] = gb[i] - AO_SFX(ao_rm_expn)(yb[i], vm_) * fs;
        } else {
            _Pragma("GCC unroll 1")
            for (int i = 0; i < 16; i++)
                r[i] = gb[i] - AO_SFX(ao_expf)(yb[i], vm_) * fs;
        }
        AO_SFX(ao_rm_st16z)(o, dt, j, _mm512_loadu_ps(r), k);
    }
#else
    for (int64_t j = 0; j < n; j += 8) {
        const int64_t k = n - j < 8 ? n - j : 8;
        float gb[8], yb[8], r[8];
        _mm256_storeu_ps(gb, k == 8 ? AO_SFX(ao_rm_ld8)(g, dt, j) : AO_SFX(ao_rm_ld8_part)(g, dt, j, k));
        _mm256_storeu_ps(yb, k == 8 ? AO_SFX(ao_rm_ld8)(y, dt, j) : AO_SFX(ao_rm_ld8_part)(y, dt, j, k));
        if (nrm) {
            _Pragma("GCC unroll 1")
            for (int i = 0; i < 8; i++)
                r[i] = gb[i] - AO_SFX(ao_rm_expn)(yb[i], vm_) * fs;
        } else {
            _Pragma("GCC unroll 1")
            for (int i = 0; i < 8; i++)
                r[i] = gb[i] - AO_SFX(ao_expf)(yb[i], vm_) * fs;
        }
        AO_SFX(ao_rm_st8)(o, dt, j, _mm256_loadu_ps(r), k);
    }
#endif
}

/* one copy of each per 16-bit dtype, the conversions resolved at compile time */
static float AO_SFX(ao_rm_ld16_max)(float *dst, const char *src, int64_t n, int dt, float *mn)
{
    return dt == AO_DT_FLOAT16 ? AO_SFX(ao_rm_ld16_max_t)(dst, src, n, AO_DT_FLOAT16, mn)
                               : AO_SFX(ao_rm_ld16_max_t)(dst, src, n, AO_DT_BF16, mn);
}

static void AO_SFX(ao_rm_scale16)(char *o, const float *t, float inv, int64_t n, int dt)
{
    if (dt == AO_DT_FLOAT16)
        AO_SFX(ao_rm_scale16_t)(o, t, inv, n, AO_DT_FLOAT16);
    else
        AO_SFX(ao_rm_scale16_t)(o, t, inv, n, AO_DT_BF16);
}

static void AO_SFX(ao_rm_lsm16)(char *o, const float *x, float mx, float ls, int64_t n, int dt)
{
    if (dt == AO_DT_FLOAT16)
        AO_SFX(ao_rm_lsm16_t)(o, x, mx, ls, n, AO_DT_FLOAT16);
    else
        AO_SFX(ao_rm_lsm16_t)(o, x, mx, ls, n, AO_DT_BF16);
}

static int AO_SFX(ao_rm_sum16)(double *acc, const char *g, const char *y, int64_t n, int dt)
{
    return dt == AO_DT_FLOAT16 ? AO_SFX(ao_rm_sum16_t)(acc, g, y, n, AO_DT_FLOAT16)
                               : AO_SFX(ao_rm_sum16_t)(acc, g, y, n, AO_DT_BF16);
}

static void AO_SFX(ao_rm_lsb16)(char *o, const char *g, const char *y, float fs, int64_t n, int dt, int nrm)
{
    if (dt == AO_DT_FLOAT16) {
        if (nrm)
            AO_SFX(ao_rm_lsb16_t)(o, g, y, fs, n, AO_DT_FLOAT16, 1);
        else
            AO_SFX(ao_rm_lsb16_t)(o, g, y, fs, n, AO_DT_FLOAT16, 0);
    } else {
        if (nrm)
            AO_SFX(ao_rm_lsb16_t)(o, g, y, fs, n, AO_DT_BF16, 1);
        else
            AO_SFX(ao_rm_lsb16_t)(o, g, y, fs, n, AO_DT_BF16, 0);
    }
}
#define AO_RM_ROW16(f) AO_SFX(f)
#else
#define AO_RM_SMB_ROW NULL
#define AO_RM_ROW16(f) NULL
#endif

static const ao_row_math AO_SFX(ao_row_math) = {
    AO_SFX(ao_rm_max), AO_SFX(ao_rm_exp_sum), AO_SFX(ao_rm_exp),
    AO_SFX(ao_rm_dot), AO_SFX(ao_rm_smb_out), AO_SFX(ao_rm_lsb_out), AO_SFX(ao_rm_scale),
    AO_SFX(ao_rm_lsm_out), AO_SFX(ao_rm_exp_sum_only), AO_RM_SMB_ROW,
    AO_RM_ROW16(ao_rm_ld16_max), AO_RM_ROW16(ao_rm_scale16), AO_RM_ROW16(ao_rm_lsm16),
    AO_RM_ROW16(ao_rm_sum16), AO_RM_ROW16(ao_rm_lsb16),
    AO_SFX(ao_rm_maxmin), AO_SFX(ao_rm_exp_sum_n), AO_SFX(ao_rm_exp_sum_only_n),
    AO_SFX(ao_rm_dot_g64), AO_SFX(ao_rm_tree16),
};
#undef AO_RM_SMB_ROW
#undef AO_RM_ROW16

#undef AO_RM_LANES
#undef AO_RM_DOT_LANES
#undef AO_RM_G64_LANES
#undef AO_RM_EXPN_LO
#undef AO_RM_EXPN_HI
