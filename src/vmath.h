/* ascendops per-ISA fp32 math for op bodies. NO include guard: src/region.h includes
 * this once per ISA region (#pragma GCC target), with AO_SUFFIX naming the region;
 * ew_op.h maps ao_expf(x) to ao_expf_<isa>(x, vm_). Everything here is branch-free
 * pure float/int arithmetic (selects only, bit casts via memcpy) so that gcc -O3
 * auto-vectorizes loops calling it. */
#include <string.h>
#include <stdint.h>
#include "ew_op.h"

static inline __attribute__((always_inline)) uint32_t AO_SFX(ao_f2u)(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline __attribute__((always_inline)) float AO_SFX(ao_u2f)(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Fused multiply-add where the region has it in hardware (one rounding), else a
 * multiply and an add. Used inside the math below, never in op bodies: the bodies
 * keep CANN's op order, every operation rounded (the build passes -ffp-contract=off). */
#undef AO_FMAF
#if AO_ISA_LEVEL >= 1 || defined(__aarch64__)
#define AO_FMAF(a, b, c) __builtin_fmaf((a), (b), (c))
#else
#define AO_FMAF(a, b, c) ((a) * (b) + (c))
#endif

/* The same in double (ao_logf, ao_erfinvf, ao_tanhf, the trig forms below). */
#undef AO_FMAD
#if AO_ISA_LEVEL >= 1 || defined(__aarch64__)
#define AO_FMAD(a, b, c) __builtin_fma((a), (b), (c))
#else
#define AO_FMAD(a, b, c) ((a) * (b) + (c))
#endif

/* Constants of the exps and of ao_normal_cdff below that region.h's whole-register
 * forms (ao_gv_exp4, ao_gv_normal_cdf4) use too, and must, to give the same bits:
 * written once, here. Polynomials as X-macro lists, highest degree first: the leading
 * coefficient (_TOP), then S(c) per Horner step (as AO_ERFINV_LOG below). Defined once
 * (this file is included once per region). */
#ifndef AO_VMATH_F32_COEFS
#define AO_VMATH_F32_COEFS
/* x = k ln2 + r (Cody-Waite): k = rint(x log2(e)), ln 2 = hi + lo, hi with 15
 * significant bits (k hi exact for |k| < 2^9) */
#define AO_LOG2E_F 0x1.715476p+0f
#define AO_LN2_HI_F 0x1.62e400p-1f
#define AO_LN2_LO_F 0x1.7f7d1cp-20f
/* ao_expm1_reduced's q */
#define AO_EXPM1_Q_TOP 0x1.6a1a72p-10f
#define AO_EXPM1_Q(S) \
    S(0x1.123fc6p-7f) \
    S(0x1.555916p-5f) \
    S(0x1.55548ap-3f) \
    S(0x1.fffffcp-2f)
/* ao_normal_cdff's R, as its even and odd halves in a^2 stepped together: S(even, odd) */
#define AO_NORMAL_CDF_RE_TOP 0x1.55036ap-27f
#define AO_NORMAL_CDF_RO_TOP -0x1.dcbaa4p-33f
#define AO_NORMAL_CDF_R(S) \
    S(0x1.4fc558p-19f, -0x1.b70c62p-23f) \
    S(0x1.c3c1d8p-14f, -0x1.50c4e2p-16f) \
    S(0x1.6c0448p-14f, -0x1.6b4a08p-12f) \
    S(-0x1.ad6582p-5f, 0x1.c3083ap-8f) \
    S(-0x1.26aec2p+0f, -0x1.d63efap-2f)
/* ao_normal_cdff's P: 2^r = 1 + r P(r) */
#define AO_NORMAL_CDF_P_TOP 0x1.417ab8p-13f
#define AO_NORMAL_CDF_P(S) \
    S(0x1.5f094ap-10f) \
    S(0x1.3b2dd2p-7f) \
    S(0x1.c6af7ap-5f) \
    S(0x1.ebfbdcp-3f) \
    S(0x1.62e430p-1f)
#endif

/* exp(r) - 1 for |r| <= 0.347: r + r^2 q(r), degree-6 fit, relative error 5e-9. */
static inline __attribute__((always_inline)) float AO_SFX(ao_expm1_reduced)(float r)
{
    float q = AO_EXPM1_Q_TOP;
#define AO_EXPM1_STEP_(c) q = AO_FMAF(q, r, c);
    AO_EXPM1_Q(AO_EXPM1_STEP_)
#undef AO_EXPM1_STEP_
    return AO_FMAF(r * r, q, r);
}

/* The shared part of both exps below: clamps x to [lo, hi], splits it as
 * x = k ln2 + r (Cody-Waite, |r| <= 0.347) and returns exp(r) - 1. *z receives
 * shifter + k: k sits in the low mantissa bits of z (no float -> int conversion:
 * defined for NaN too, whose result is NaN through the returned value).
 * The clamp bounds come from vm (ao_vmc, ew_op.h): constants the compiler cannot see.
 * With visible constants gcc threads the clamped paths through the rest of the op
 * body and if-converts them into compare/blend chains (about 15 extra instructions
 * per vector); with opaque ones `lo > x ? lo : x` is one maxps (NaN passes through:
 * maxps returns its second operand when either is NaN). */
static inline __attribute__((always_inline)) float AO_SFX(ao_exp_reduce)(float x, float lo, float hi,
                                                                        float shifter, float *z)
{
    float xc = lo > x ? lo : x;
    xc = xc > hi ? hi : xc;
    *z = AO_FMAF(xc, AO_LOG2E_F, shifter);          /* shifter + rint(x / ln2) */
    float kf = *z - shifter;
    float r = AO_FMAF(-kf, AO_LN2_HI_F, xc);        /* exact */
    r = AO_FMAF(-kf, AO_LN2_LO_F, r);
    return AO_SFX(ao_expm1_reduced)(r);
}

/* exp(x) in fp32, max error < 1 ULP over the whole range (measured 0.96-1.0 ULP by
 * tests/c/test_engine.c against double exp), including subnormal results (rounded
 * once, not flushed). exp(-inf) = 0, exp(+inf) = +inf, exp(x > 88.7228...) = +inf,
 * NaN -> NaN.
 * Method: k = rint(x / ln 2), r = x - k ln 2, exp(r) = 1 + p(r), result =
 * (1 + p) * 2^k1 * 2^k2 with k1 = k >> 1, k2 = k - k1 (both normal). Clamped to
 * [-104, 89]: below, the result rounds to +0, above, to +inf. */
static inline __attribute__((always_inline)) float AO_SFX(ao_expf)(float x, const ao_vmc vm)
{
    const float shifter = 0x1.8p23f;
    float z;
    float p = AO_SFX(ao_exp_reduce)(x, vm.exp_lo, vm.exp_hi, shifter, &z);
    int32_t k = (int32_t)(AO_SFX(ao_f2u)(z) - 0x4b400000u); /* in [-150, 128] */
    int32_t k1 = k >> 1;
    int32_t k2 = k - k1;
    float s1 = AO_SFX(ao_u2f)((uint32_t)(k1 + 127) << 23);
    float s2 = AO_SFX(ao_u2f)((uint32_t)(k2 + 127) << 23);
    float y = AO_FMAF(s1, p, s1);             /* exact scaling of 1 + p by 2^k1 */
    return y * s2;                            /* one rounding (into subnormals too) */
}

/* exp(x) / 2 for callers that add exp(x) to 1 (or anything >= 2^-100): exact halves
 * of ao_expf's value wherever exp(x) >= 2^-124 (x >= -86); below, some value in
 * [0, 2^-125], which such a sum absorbs exactly like the true one (1 + e == 1 for
 * every e < 2^-24). Cheaper than ao_expf: one scale factor 2^(k-1) instead of two;
 * the callers below double it exactly (overflowing to +inf exactly where exp does). */
static inline __attribute__((always_inline)) float AO_SFX(ao_exp_half_addend)(float x, const ao_vmc vm)
{
    const float shifter = 0x1.8p23f + 126.0f; /* low bits of z: k + 126 = biased k - 1 */
    float z;
    float p = AO_SFX(ao_exp_reduce)(x, vm.exp_addend_lo, vm.exp_hi, shifter, &z); /* k >= -124 */
    float s = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(z) << 23); /* 2^(k-1), k in [-124, 128] */
    return AO_FMAF(s, p, s);
}

/* exp(x) for callers that only add it to 1 (see ao_exp_half_addend). */
static inline __attribute__((always_inline)) float AO_SFX(ao_expf_addend)(float x, const ao_vmc vm)
{
    float h = AO_SFX(ao_exp_half_addend)(x, vm);
    return h + h;
}

/* 1 + exp(x): the same value as ao_expf_addend(x) + 1.0f (h + h is exact, so 2h + 1
 * rounded once is (h + h) + 1, +inf included), one dependent operation shorter. */
static inline __attribute__((always_inline)) float AO_SFX(ao_expf_plus1)(float x, const ao_vmc vm)
{
    return AO_FMAF(AO_SFX(ao_exp_half_addend)(x, vm), 2.0f, 1.0f);
}

/* x, with a signalling NaN quietened (sign and payload kept) as any arithmetic on it
 * would: for op bodies that pass x through a select (Relu, Threshold, ...), so their NaN
 * results follow ew_op.h's NaN rule ("quietened as the result was"). x * 1 or x - 0
 * would not do: the compiler folds them to x. */
static inline __attribute__((always_inline)) float AO_SFX(ao_quietf)(float x, const ao_vmc vm)
{
    (void)vm;
    return x != x ? x + x : x;
}

/* min(max(x, 0), 6) for Hardswish's relu6(x + 3), on x's bits as signed integers (the
 * order of floats, NaN and -0 aside): one integer max and one min. -0 gives +0, a NaN
 * 0 or 6 (callers multiply by the NaN input anyway). With float compares against the
 * visible constants 0 and 6, gcc threads the constant paths through the op body and
 * compiles the clamp into four compares, a mask operation and two blends. */
static inline __attribute__((always_inline)) float AO_SFX(ao_relu6f)(float x, const ao_vmc vm)
{
    (void)vm;
    int32_t i = (int32_t)AO_SFX(ao_f2u)(x);
    i = i > 0 ? i : 0;
    i = i < 0x40c00000 ? i : 0x40c00000;          /* 6.0f */
    return AO_SFX(ao_u2f)((uint32_t)i);
}

/* 1 / (1 + exp(-x)), same op order as CANN's Sigmoid. */
static inline __attribute__((always_inline)) float AO_SFX(ao_sigmoidf)(float x, const ao_vmc vm)
{
    return 1.0f / AO_SFX(ao_expf_plus1)(-x, vm);
}

/* erf(x) in fp32 (no op calls it: every GELU form uses
 * ao_normal_cdff below; tests/c keep it as a reference), max error 1.08 ULP over every float (0.5 ULP or less for 98.6% of
 * them; tests/c/test_engine.c test_erff against libm erf), all in fp32, branch-free:
 *   |x| < 1:  x + x q(x^2)          q: degree 6, relative error of erf 2^-29.6
 *   |x| >= 1: 1 - exp(f(|x|))       f: degree 6 fit of log erfc on [1, 4], erf's
 *                                   absolute error 2^-29.9
 * with the sign of x. |x| is clamped to 4 in the second (erf rounds to 1 from 3.92 on).
 * exp(f), f in [-17.9, -1.8]: ao_expf's reduction without its clamps (2^k a normal
 * scale). erf(+-inf) = +-1, erf(-0) = -0, NaN -> NaN (through the first branch).
 * Minimax fits (Lawson's iteratively reweighted least squares in float64 against
 * mpmath, the relative error of erf for q, erfc times the error of f for f), rounded to
 * float. Faster than ao_erf_wide rounded (0.5 ULP, but GeluV2 f32 took 3x as long; GeluV2, GeluBackward and GeGlu's erf forms ran at 0.2-0.4x torch). */
static inline __attribute__((always_inline)) float AO_SFX(ao_erff)(float x, const ao_vmc vm)
{
    (void)vm;
    const float a = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(x) & 0x7fffffffu);
    const float s = x * x;
    float q = 0x1.496a6cp-14f;
    q = AO_FMAF(q, s, -0x1.a3f718p-11f);
    q = AO_FMAF(q, s, 0x1.5405b6p-8f);
    q = AO_FMAF(q, s, -0x1.b7f90ep-6f);
    q = AO_FMAF(q, s, 0x1.ce2cf8p-4f);
    q = AO_FMAF(q, s, -0x1.81273ep-2f);
    q = AO_FMAF(q, s, 0x1.06eba8p-3f);            /* 2 / sqrt(pi) - 1 */
    const float small = AO_FMAF(x, q, x);
    const float ac = a > 4.0f ? 4.0f : a;         /* one minps; NaN: not read (below) */
    float f = 0x1.852d6ep-13f;
    f = AO_FMAF(f, ac, -0x1.814cf2p-9f);
    f = AO_FMAF(f, ac, 0x1.65422ep-6f);
    f = AO_FMAF(f, ac, -0x1.a60a8ap-4f);
    f = AO_FMAF(f, ac, -0x1.46c584p-1f);
    f = AO_FMAF(f, ac, -0x1.2085b2p+0f);
    f = AO_FMAF(f, ac, -0x1.72e596p-12f);
    const float shifter = 0x1.8p23f + 127.0f;     /* low bits of z: k + 127, biased k */
    const float z = AO_FMAF(f, AO_LOG2E_F, shifter);
    const float kf = z - shifter;
    float r = AO_FMAF(-kf, AO_LN2_HI_F, f);
    r = AO_FMAF(-kf, AO_LN2_LO_F, r);
    const float p = AO_SFX(ao_expm1_reduced)(r);
    const float sc = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(z) << 23);   /* 2^k, k in [-26, -2] */
    const float e = AO_FMAF(sc, p, sc);                         /* erfc(|x|) */
    float large = 1.0f - e;
    large = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(large) | (AO_SFX(ao_f2u)(x) & 0x80000000u));
    return a >= 1.0f ? large : small;             /* NaN: small, which is NaN */
}

/* Phi(x) = (1 + erf(x / sqrt 2)) / 2, the standard normal CDF (GELU's factor), in fp32,
 * branch-free, one form over the whole range, without the cancellation of 1 + erf for
 * x < -sqrt 2: with a = min(|x|, 4 sqrt 2) and h = Phi(-a) = erfc(a / sqrt 2) / 2,
 *   x < 0:  h        (0 for x < -4 sqrt 2, where (x * 0.5) * (1 + ao_erff(x / sqrt 2)) was
 *                     0 too: evaluated up to the clamp only)
 *   x >= 0: 1 - h
 * h = 2^(Q(a) - 1), Q(a) = a R(a), R degree 11: a fit of log2 erfc(a / sqrt 2) on
 * [0, 4 sqrt 2] (Lawson's iteratively reweighted least squares in float64 against
 * mpmath, weight a max(erfc(a / sqrt 2), 1/8), coefficients rounded to float one at a time
 * and the rest refitted: error of Q 2^-29 near 0, the relative error of h below 2^-26
 * up to the clamp), R evaluated as its even and odd halves in a^2; 2^Q split as 2^k 2^r
 * by the shifter (k in the low bits of z; r = Q - k exact, |r| <= 1/2), 2^r = 1 + r P(r),
 * P degree 5 (relative error 2^-28.3). The last step rounds once: sc (1 + r P) or
 * (1 - sc) - sc r P, sc = 2^(k-1) (sc r exact, its sign set from x's by one xor).
 * Errors against 0.5 erfc(-x / sqrt 2) in float64, every 61st float: x >= 0 max 0.90 ULP
 * (p99 0.46); x in [-4 sqrt 2, 0) p99 1.2, max 84 ULP near the clamp (the rounding of
 * Q, down to -26, is relative to it). ((x * 0.5) * (1 + ao_erff) / x: x >= 0 max 1.08 ULP,
 * and x < -sqrt 2 loses all relative accuracy: up to 2^24 ULP.) GeluV2 float32 with it:
 * x >= 0 p99 0.863 ULP (0.871 before), [-2, 0) max 6.3 (16.1), [-5.66, -2) max 89 (2^24).
 * 21 multiplies and FMAs per 16 GeluV2 elements against 27 (two branches of ao_erff).
 * Phi(+inf) = 1, Phi(-inf) = 0, Phi(+-0) = 1/2, NaN -> NaN (a through the clamp). */
static inline __attribute__((always_inline)) float AO_SFX(ao_normal_cdff)(float x, const ao_vmc vm)
{
    const float a = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(x) & 0x7fffffffu);
    const float hi = vm.normal_cdf_hi;            /* 4 sqrt 2, hidden: see ao_vmc */
    const float ac = a > hi ? hi : a;             /* NaN passes */
    const float a2 = ac * ac;
    float qe = AO_NORMAL_CDF_RE_TOP, qo = AO_NORMAL_CDF_RO_TOP;
#define AO_NORMAL_CDF_STEP_(ce, co) qe = AO_FMAF(qe, a2, ce); qo = AO_FMAF(qo, a2, co);
    AO_NORMAL_CDF_R(AO_NORMAL_CDF_STEP_)
#undef AO_NORMAL_CDF_STEP_
    const float q = AO_FMAF(qo, ac, qe);          /* R(a) */
    const float lq = q * ac;                      /* Q(a) = log2 erfc(a / sqrt 2), in [-26, 0] */
    const float shifter = 0x1.8p23f + 126.0f;     /* low bits of z: k + 126, biased k - 1 */
    const float z = lq + shifter;
    const float kf = z - shifter;
    const float r = lq - kf;                      /* exact */
    float p = AO_NORMAL_CDF_P_TOP;
#define AO_NORMAL_CDF_STEP_(c) p = AO_FMAF(p, r, c);
    AO_NORMAL_CDF_P(AO_NORMAL_CDF_STEP_)
#undef AO_NORMAL_CDF_STEP_
    const uint32_t scb = AO_SFX(ao_f2u)(z) << 23;                /* 2^(k-1), k in [-26, 0] */
    const float sc = AO_SFX(ao_u2f)(scb);
    /* -sc where x's sign is clear, sc where set (an xor, not a select: gcc turned
     * `x < 0 ? sc : -sc` into two FMAs below, one per side) */
    const float ssc = AO_SFX(ao_u2f)(scb ^ (~AO_SFX(ao_f2u)(x) & 0x80000000u));
    const float base = x < 0.0f ? sc : 1.0f - sc; /* 1 - sc exact but for k < -23 */
    const float y = AO_FMAF(ssc * r, p, base);
    return x < -hi ? 0.0f : y;
}

/* x = 2^k m, m in [sqrt(1/2), sqrt 2), from x's bits offset so that the exponent field
 * rounds at sqrt(1/2) (subnormal x scaled by 2^23 first); m exact. Zero, negatives,
 * infinities and NaN give values that ao_log_special replaces. */
#ifndef AO_VMATH_LOG_PARTS      /* one type for every ISA's inclusion */
#define AO_VMATH_LOG_PARTS
typedef struct { float m; int32_t k; } ao_log_parts;
#endif
static inline __attribute__((always_inline)) ao_log_parts AO_SFX(ao_log_reduce)(float x)
{
    const int sub = x < 0x1p-126f;                /* subnormals (and 0, negatives) */
    const float xs = sub ? x * 0x1p23f : x;
    const uint32_t iu = AO_SFX(ao_f2u)(xs) + (0x3f800000u - 0x3f3504f3u);
    const int32_t k = (int32_t)(iu >> 23) - 127;
    ao_log_parts r = {AO_SFX(ao_u2f)((iu & 0x007fffffu) + 0x3f3504f3u), sub ? k - 23 : k};
    return r;
}

/* log's special values over y, the reduced form's result: log(+inf) = +inf,
 * log(+-0) = -inf, log(x < 0) = NaN, NaN -> NaN (quietened, as arithmetic would). */
static inline __attribute__((always_inline)) float AO_SFX(ao_log_special)(float x, float y)
{
    const float inf = AO_SFX(ao_u2f)(0x7f800000u);
    y = x == inf ? x : y;
    y = x == 0.0f ? -inf : y;
    y = x < 0.0f ? AO_SFX(ao_u2f)(0x7fc00000u) : y;
    return x != x ? x + x : y;
}

/* P of log1p(f) = f + f^2 P(f), f = m - 1 for m in [sqrt(1/2), sqrt 2): degree 8
 * minimax, relative error of log1p 2^-27.9 (ao_log1pf, ao_logf_b16). */
static inline __attribute__((always_inline)) float AO_SFX(ao_log1p_poly)(float f)
{
    float p = -0x1.3830eap-4f;
    p = AO_FMAF(p, f, 0x1.0848bcp-3f);
    p = AO_FMAF(p, f, -0x1.0f3766p-3f);
    p = AO_FMAF(p, f, 0x1.22718cp-3f);
    p = AO_FMAF(p, f, -0x1.54276cp-3f);
    p = AO_FMAF(p, f, 0x1.99a3f4p-3f);
    p = AO_FMAF(p, f, -0x1.000426p-2f);
    p = AO_FMAF(p, f, 0x1.555550p-2f);
    return AO_FMAF(p, f, -0x1.fffff8p-2f);
}

/* log(x) in fp32, correctly rounded but for rare ties (evaluated in double, rounded
 * once; still vectorizable), branch-free. x = 2^e m with m in [sqrt(1/2), sqrt 2)
 * (subnormal x scaled by 2^23 first; m and e from x's bits offset as ao_log1pf's),
 * log m = 2 atanh(s), s = f / (2 + f), f = m - 1 (exact, and 2 + f exact), |s| <= 0.1716,
 * by its series through s^13 (truncation 5e-13 relative). No division in double (two
 * vdivpd per 16 floats were most of the cost): 1 / (2 + f) as a float division (one
 * vdivps per 16 floats), then s = s0 + (f - s0 (2 + f)) / (2 + f) with that
 * reciprocal (relative error of s below 2^-46). Within 0.50000 ULP of libm's double log
 * over every 13th positive float (AVX-512 build).
 * log(+0) = log(-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, NaN -> NaN. */
static inline __attribute__((always_inline)) float AO_SFX(ao_logf)(float x, const ao_vmc vm)
{
    (void)vm;
    const ao_log_parts xr = AO_SFX(ao_log_reduce)(x);
    const int32_t e = xr.k;
    const double f = (double)xr.m - 1.0;
    const double d = 2.0 + f;
    const double rf = (double)(1.0f / (float)d);
    const double s0 = f * rf;
    const double s = AO_FMAD(AO_FMAD(-s0, d, f), rf, s0);
    const double s2 = s * s;
    double p = 1.0 / 13.0;
    p = AO_FMAD(p, s2, 1.0 / 11.0);
    p = AO_FMAD(p, s2, 1.0 / 9.0);
    p = AO_FMAD(p, s2, 1.0 / 7.0);
    p = AO_FMAD(p, s2, 1.0 / 5.0);
    p = AO_FMAD(p, s2, 1.0 / 3.0);
    const double ss = s + s;
    const double r = AO_FMAD((double)e, 0.69314718055994530942, AO_FMAD(ss * s2, p, ss));
    return AO_SFX(ao_log_special)(x, (float)r);
}

/* log(1 + x) in fp32, all in fp32 (no double, no division), branch-free: within 1 ULP
 * of libm's log1p over every float (tests/c/test_engine.c test_log1pf). For SoftPlus and
 * LogSigmoid, whose kernels compute log1p(e), e = exp(...) (CANN's emulation
 * log(1 + e) * (e / ((1 + e) - 1)) is log1p(e) too, in three roundings; with ao_logf,
 * evaluated in double, and a float division it ran at 0.7-0.8x torch).
 * u = 1 + x rounded, c = (1 + x) - u exactly (Fast2Sum, larger operand first);
 * u = 2^k m, m in [sqrt(1/2), sqrt 2), f = m - 1 (exact);
 * log1p(x) = k ln2 + log1p(f) + c 2^-k / m, with log1p(f) = f + f^2 P(f) (P: degree 8
 * minimax, relative error of log1p 2^-27.9) and 1 / m = 1 - f + f^2 (the correction
 * term is below 2^-24 of the result, so its error is negligible).
 * log1p(-1) = -inf, log1p(x < -1) = NaN, log1p(+inf) = +inf, log1p(-0) = -0, NaN -> NaN. */
static inline __attribute__((always_inline)) float AO_SFX(ao_log1pf)(float x, const ao_vmc vm)
{
    (void)vm;
    const float u = 1.0f + x;
    const float c = x > 1.0f ? 1.0f - (u - x) : x - (u - 1.0f);
    const uint32_t iu = AO_SFX(ao_f2u)(u) + (0x3f800000u - 0x3f3504f3u);
    const int32_t k = (int32_t)(iu >> 23) - 127;                 /* u > 0: in [-24, 128] */
    const float m = AO_SFX(ao_u2f)((iu & 0x007fffffu) + 0x3f3504f3u);
    const float f = m - 1.0f;
    const float kf = (float)k;
    /* c 2^-k (exact for k <= 126; for k 127 and 128 the scale stays 2^-126: there the
     * term is below 2^-100 of the result anyway) */
    const int32_t kb = 127 - k;
    const uint32_t eb = (uint32_t)(kb < 1 ? 1 : kb);
    const float t = c * AO_SFX(ao_u2f)(eb << 23);
    const float corr = t * AO_FMAF(f, f, 1.0f - f);
    const float p = AO_SFX(ao_log1p_poly)(f);
    const float lo = AO_FMAF(kf, AO_LN2_LO_F, corr);
    const float r = AO_FMAF(f * f, p, lo);
    float y = AO_FMAF(kf, AO_LN2_HI_F, f + r);                   /* k ln2hi exact */
    const float inf = AO_SFX(ao_u2f)(0x7f800000u);
    y = x == inf ? x : y;
    y = x == -1.0f ? -inf : y;
    y = x < -1.0f ? AO_SFX(ao_u2f)(0x7fc00000u) : y;
    y = x != x ? x + x : y;                  /* NaN: quietened, as arithmetic would */
    return y;
}

/* log(x) for results rounded to float16 / bfloat16 afterwards (Log of a 16-bit tensor:
 * src/ops/math_log_b16.h), all in fp32, no double, no division: x = 2^k m, m in
 * [sqrt(1/2), sqrt 2) (subnormal x scaled by 2^23 first), f = m - 1 exact, log m = f +
 * f^2 P(f) with ao_log1pf's P, k ln2 in two parts: within 1 ULP of fp32. Rounded to 16
 * bits, it gives what ao_logf rounded to 16 bits gives but where the fp32 log lies within
 * an ULP of a 16-bit rounding boundary (tests/ops/test_math_unary.py counts them over
 * every 16-bit value), at a quarter of ao_logf's cost (16 floats per zmm, not 8 doubles).
 * log(+-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, NaN -> NaN (quietened). */
static inline __attribute__((always_inline)) float AO_SFX(ao_logf_b16)(float x, const ao_vmc vm)
{
    (void)vm;
    const ao_log_parts xr = AO_SFX(ao_log_reduce)(x);
    const float f = xr.m - 1.0f;
    const float kf = (float)xr.k;
    const float p = AO_SFX(ao_log1p_poly)(f);
    const float r = AO_FMAF(f * f, p, kf * AO_LN2_LO_F);
    return AO_SFX(ao_log_special)(x, AO_FMAF(kf, AO_LN2_HI_F, f + r));   /* k ln2hi exact */
}

/* exp(x) - 1 in fp32 without the cancellation of ao_expf(x) - 1 near 0: x = k ln2 + r
 * (k = rint(x / ln2), r in double, |r| <= 0.347), expm1(r) by its Taylor series through
 * r^11 (truncation 2e-13) in double, expm1(x) = 2^k expm1(r) + (2^k - 1) in double,
 * rounded once: within 0.501 ULP (tests/ops/test_activation_fwd.py).
 * expm1(-0) = -0, expm1(-inf) = -1 (x clamped to -104), expm1(x > 88.73) = +inf, NaN -> NaN. */
static inline __attribute__((always_inline)) float AO_SFX(ao_expm1f)(float x, const ao_vmc vm)
{
    const float shifter = 0x1.8p23f;
    float xc = vm.exp_lo > x ? vm.exp_lo : x;
    xc = xc > vm.exp_hi ? vm.exp_hi : xc;
    const float z = AO_FMAF(xc, AO_LOG2E_F, shifter);         /* shifter + rint(x / ln2) */
    const float kf = z - shifter;
    const int32_t k = (int32_t)(AO_SFX(ao_f2u)(z) - 0x4b400000u); /* in [-150, 128] */
    const double r = (double)xc - (double)kf * 0.69314718055994530942;
    double q = 1.0 / 39916800.0;
    q = q * r + 1.0 / 3628800.0;
    q = q * r + 1.0 / 362880.0;
    q = q * r + 1.0 / 40320.0;
    q = q * r + 1.0 / 5040.0;
    q = q * r + 1.0 / 720.0;
    q = q * r + 1.0 / 120.0;
    q = q * r + 1.0 / 24.0;
    q = q * r + 1.0 / 6.0;
    q = q * r + 0.5;
    const double pm = r + r * r * q;                              /* expm1(r) */
    const uint64_t sb = (uint64_t)(int64_t)(k + 1023) << 52;
    double s;
    memcpy(&s, &sb, 8);                                           /* 2^k, exact */
    const float y = (float)(s * pm + (s - 1.0));
    return x == 0.0f ? x : y;                                     /* keeps -0 */
}

/* x^y in fp32 with C99 pow's (and torch.pow's) special cases, evaluated in double and
 * rounded once: log|x| in double as ao_logf reduces it (x = 2^e m, m in [sqrt(1/2),
 * sqrt 2), log m = 2 atanh(s) through s^21: relative truncation below 1e-17), t = y log|x|
 * in double, exp(t) with t = k ln2 + r (ln2 in two parts, |r| <= 0.347, Taylor through
 * r^13: truncation 5e-18), 2^k from the bits of the shifter sum. The double result is
 * within ~1e-14 relative of x^y for every float result (|t| <= 104), so the float is
 * x^y correctly rounded but for results within 1e-14 of a rounding boundary: an exact
 * tie (x^3 can be one) may round to the odd neighbour, 0.5 ULP off either way. Against
 * numpy float64 rounded once: 0 of 2M random operands differ, 2 of 1M x at y = 3 (both
 * exact ties); tests/ops/test_pow.py. Vectorizes (AVX2, AVX-512): no float -> int
 * conversion, no && or chained selects, whose branches gcc kept. Its cost is throughput,
 * not latency (Estrin's scheme for the two polynomials measured slower than Horner's, and
 * so did exp by a table of 2^(j/64) through a gather, and the division as a float
 * reciprocal with two Newton steps): so the fewest operations per element, FMAs in the
 * double chains, and the special operands (x zero, infinite or NaN, y infinite or NaN)
 * by float selects on the result, not double selects on log|x| (Zen 4, AVX-512, 1 thread,
 * x in [0.25, 4], y = -1.5: 3.5 -> 2.6 ns/element).
 * Special cases: y == 0 -> 1 (NaN x too), x == 1 -> 1 (NaN y too), x == -1 and y = +-inf
 * -> 1; x < 0 finite and y finite non-integral -> NaN; a negative x (-0.0, -inf included)
 * with an odd integral y gives the negative result; 0^(y < 0) = inf, inf^(y < 0) = 0;
 * |x| < 1: x^inf = 0, x^-inf = inf; |x| > 1 the other way round; NaN otherwise -> NaN.
 */
static inline __attribute__((always_inline)) float AO_SFX(ao_powf)(float x, float y, const ao_vmc vm)
{
    const uint32_t xb = AO_SFX(ao_f2u)(x);
    const float ax = AO_SFX(ao_u2f)(xb & 0x7fffffffu);
    const float inf = AO_SFX(ao_u2f)(0x7f800000u);
    const int sub = ax < 0x1p-126f;
    const float xs = sub ? ax * 0x1p23f : ax;
    const uint32_t u = AO_SFX(ao_f2u)(xs);
    int32_t e = (int32_t)((u >> 23) & 0xffu) - 127;
    float m = AO_SFX(ao_u2f)((u & 0x007fffffu) | 0x3f800000u);   /* [1, 2) */
    const int big = m > 1.41421356f;
    m = big ? m * 0.5f : m;                                       /* exact */
    e = big ? e + 1 : e;
    e = sub ? e - 23 : e;
    const double f = (double)m - 1.0;
    const double s = f / (2.0 + f);
    const double s2 = s * s;
    double p = 1.0 / 21.0;
    p = AO_FMAD(p, s2, 1.0 / 19.0);
    p = AO_FMAD(p, s2, 1.0 / 17.0);
    p = AO_FMAD(p, s2, 1.0 / 15.0);
    p = AO_FMAD(p, s2, 1.0 / 13.0);
    p = AO_FMAD(p, s2, 1.0 / 11.0);
    p = AO_FMAD(p, s2, 1.0 / 9.0);
    p = AO_FMAD(p, s2, 1.0 / 7.0);
    p = AO_FMAD(p, s2, 1.0 / 5.0);
    p = AO_FMAD(p, s2, 1.0 / 3.0);
    p = AO_FMAD(p, s2, 1.0);
    const double ed = (double)e;
    const double lg = AO_FMAD(ed, 0x1.62e42fefa3800p-1, AO_FMAD(ed, 0x1.ef35793c76730p-45, (s + s) * p));
    const double t = (double)y * lg;                      /* NaN: 0 * inf, inf * 0, NaN */
    /* clamps from vm (hidden from gcc, which would thread them through the body):
     * e^-104 < 2^-150 rounds to a float 0, e^89 > FLT_MAX to inf */
    double tc = t < (double)vm.exp_lo ? (double)vm.exp_lo : t;
    tc = tc > (double)vm.exp_hi ? (double)vm.exp_hi : tc;
    const double shifter = 0x1.8p52;
    const double z = AO_FMAD(tc, 1.4426950408889634, shifter);   /* shifter + rint(t / ln2) */
    const double kd = z - shifter;
    const double r = AO_FMAD(-kd, 0x1.ef35793c76730p-45, AO_FMAD(-kd, 0x1.62e42fefa3800p-1, tc));
    double q = 1.0 / 6227020800.0;
    q = AO_FMAD(q, r, 1.0 / 479001600.0);
    q = AO_FMAD(q, r, 1.0 / 39916800.0);
    q = AO_FMAD(q, r, 1.0 / 3628800.0);
    q = AO_FMAD(q, r, 1.0 / 362880.0);
    q = AO_FMAD(q, r, 1.0 / 40320.0);
    q = AO_FMAD(q, r, 1.0 / 5040.0);
    q = AO_FMAD(q, r, 1.0 / 720.0);
    q = AO_FMAD(q, r, 1.0 / 120.0);
    q = AO_FMAD(q, r, 1.0 / 24.0);
    q = AO_FMAD(q, r, 1.0 / 6.0);
    q = AO_FMAD(q, r, 0.5);
    q = AO_FMAD(q, r, 1.0);
    q = AO_FMAD(q, r, 1.0);                                      /* exp(r) */
    uint64_t zb;
    memcpy(&zb, &z, 8);
    const uint64_t sb = (zb - 0x4338000000000000ull + 1023u) << 52;   /* 2^k, k in [-151, 129] */
    double sc;
    memcpy(&sc, &sb, 8);
    float res = (float)(q * sc);
    /* x zero, infinite or NaN, y infinite or NaN (the power above is of finite nonzero
     * operands): 0 or inf as |x| < 1 or > 1 (0 below, inf above) meets y > 0 or < 0;
     * NaN from a NaN operand; the sign of an odd y below as for the others */
    /* every condition depends on x: one on y alone is loop-invariant in PowTensorScalar,
     * and gcc unswitched the loop on it and vectorised none of the copies (10x slower) */
    const float w = ax * 0.0f + AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(y) & 0x7fffffffu) * 0.0f;
    const int special = (ax == 0.0f) | (w != w);               /* w NaN: x or y inf or NaN */
    const uint32_t below = (uint32_t)((int32_t)(AO_SFX(ao_f2u)(ax - 1.0f) ^ AO_SFX(ao_f2u)(y)) >> 31);
    float sres = AO_SFX(ao_u2f)(0x7f800000u & ~below);           /* |x| < 1 against y > 0: 0 */
    sres = __builtin_isunordered(x, y) ? x + y : sres;
    res = special ? sres : res;
    /* y integral (|y| >= 2^24: even) and odd */
    const float ay = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(y) & 0x7fffffffu);
    /* y integral, and odd, without a float -> int conversion (gcc sank one into a branch):
     * below 2^23, s = |y| + 2^23 holds rint|y| (one ulp is 1 there) and its parity in the
     * last bit; from 2^23 on every float is integral, its parity the last bit below 2^24
     * and even above. Bitwise & | on the compares, not && ||: no branches. */
    const float s23 = ay + 0x1p23f;
    const uint32_t m23 = 0u - (uint32_t)(ay >= 0x1p23f);
    const int yint = (ay >= 0x1p23f) | ((s23 - 0x1p23f) == ay);
    const uint32_t par = ((AO_SFX(ao_f2u)(ay) & m23) | (AO_SFX(ao_f2u)(s23) & ~m23)) & 1u;
    const int yodd = yint & (ay < 0x1p24f) & (int)par;
    /* the sign and the NaN by bit masks, the ones by one select: separate selects on
     * related conditions were threaded by gcc into branches */
    uint32_t rb = AO_SFX(ao_f2u)(res);
    rb ^= (xb & 0x80000000u) & (0u - (uint32_t)yodd);                 /* x < 0, odd y: -res */
    const uint32_t bad = 0u - (uint32_t)((x < 0.0f) & (x > -inf) & (ay < inf) & !yint);
    rb = (rb & ~bad) | (0x7fc00000u & bad);                           /* x < 0, y not integral */
    const int one = (x == 1.0f) | (y == 0.0f) | ((x == -1.0f) & (ay == inf));
    return one ? 1.0f : AO_SFX(ao_u2f)(rb);
}

/* ao_erfinvf's coefficients, highest degree first (X-macro lists: S(c) per Horner step
 * after the first coefficient), shared with the vector regions' whole-register form
 * (region.h ao_erfinv_vform), which must give the same bits. */
#ifndef AO_ERFINV_COEFS
#define AO_ERFINV_COEFS
#define AO_ERFINV_LOG_TOP 0.08722317585864002
#define AO_ERFINV_LOG(S) \
    S(-0.14366824510206938) \
    S(0.14952272212983836) \
    S(-0.16562396071431118) \
    S(0.19956833303582622) \
    S(-0.25002073929368235) \
    S(0.33334185629795066) \
    S(-0.4999998796581705) \
    S(0.999999974189464)
#define AO_ERFINV_P_TOP -9.829414219313444e-09
#define AO_ERFINV_P(S) \
    S(2.4209253029897345e-07) \
    S(-2.1540509318215197e-06) \
    S(4.7887441133067985e-06) \
    S(4.24410924455276e-05) \
    S(-0.0001241985825216655) \
    S(-0.002337142726784962) \
    S(0.011549891235868366) \
    S(0.23201360963892864) \
    S(0.8862269264113687)
#define AO_ERFINV_Q_TOP -1.638314870002747e-05
#define AO_ERFINV_Q(S) \
    S(0.0004497699033337154) \
    S(-0.005359439033500662) \
    S(0.036013712749138574) \
    S(-0.14767700472093823) \
    S(0.3693860791333871) \
    S(-0.5158200177930966) \
    S(1.2932470672943637) \
    S(-0.1366038890314441)
#define AO_ERFINV_SPLIT 4.4     /* w below: |x| P(w); else Q(sqrt w) */
#endif

/* erfinv(x) in fp32 for Erfinv: a value within 3e-9 relative of erfinv in double,
 * rounded once (within 0.55 ULP over every float; tests/c/test_engine.c test_erfinvf),
 * branch-free (both branches computed, one select; vectorizes, 8 doubles per zmm):
 *   w = -log(1 - x^2)          1 - x^2 by one FMA (exact for |x| >= 2^-3; below, w's
 *                              error is absolute, and y's sensitivity to w too); the
 *                              log as e ln2 + f L(f), 1 - x^2 = 2^e (1 + f), 1 + f in
 *                              [sqrt(1/2), sqrt 2), L: degree 8 (its relative error
 *                              2.6e-8 is w's absolute error times at most 0.41)
 *   w < 4.4 (|x| < 0.9939):    |x| P(w)          P: degree 9, relative error 1.1e-9
 *   else:                      Q(sqrt(w))        Q: degree 8, relative error 1.7e-9
 * with the sign of x: M. Giles' split ("Approximating the erfinv function", GPU
 * Computing Gems, 2010) with polynomials accurate enough for a double evaluation rounded
 * once. No division, exp or erf: an earlier kernel (Giles' float polynomials, then a
 * Newton step on a double erf with a division and a float exp) was within 0.5 ULP at
 * p99 but ran at 0.31-0.40x torch, and its tail's residual erf(y) - x carried the float
 * exp's error (max 0.90 ULP). The degrees and the split are the fewest FMAs measured to
 * keep p99 at 0.50 ULP (the loop is about 117 instructions per 16 floats on AVX-512,
 * 50 of them FMAs; polynomials in w and sqrt(w) themselves, not shifted: the shifts
 * were 4 instructions, and double has the digits to spare).
 * Minimax fits (Lawson's iteratively reweighted least squares in float64 on Chebyshev
 * nodes against mpmath's erfinv and log1p, relative error). erfinv(+-1) = +-inf,
 * |x| > 1 -> NaN, erfinv(-0) = -0, NaN -> NaN (quietened). */
static inline __attribute__((always_inline)) float AO_SFX(ao_erfinvf)(float x, const ao_vmc vm)
{
    (void)vm;
    const uint32_t sign = AO_SFX(ao_f2u)(x) & 0x80000000u;
    const float af = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(x) & 0x7fffffffu);
    const double a = (double)af;
    const double u = AO_FMAD(-a, a, 1.0);
    /* u = 2^e (1 + f): the bits of u offset so that 1 + f lands in [sqrt(1/2), sqrt 2);
     * e as a double from its bits (no int64 -> double conversion: AVX2 has none) */
    uint64_t iu;
    memcpy(&iu, &u, 8);
    iu += 0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull;
    const uint64_t mb = (iu & 0x000fffffffffffffull) + 0x3fe6a09e667f3bcdull;
    const uint64_t eb = (iu >> 52) | 0x4330000000000000ull;   /* 2^52 + biased e */
    double m, ebd;
    memcpy(&m, &mb, 8);
    memcpy(&ebd, &eb, 8);
    const double e = ebd - (4503599627370496.0 + 1023.0);
    const double f = m - 1.0;
    double l = AO_ERFINV_LOG_TOP;
#define AO_ERFINV_STEP_(c) l = AO_FMAD(l, f, c);
    AO_ERFINV_LOG(AO_ERFINV_STEP_)
#undef AO_ERFINV_STEP_
    const double w = -AO_FMAD(e, 0.69314718055994530942, f * l);
    double p = AO_ERFINV_P_TOP;
#define AO_ERFINV_STEP_(c) p = AO_FMAD(p, w, c);
    AO_ERFINV_P(AO_ERFINV_STEP_)
#undef AO_ERFINV_STEP_
    const double s = __builtin_sqrt(w);            /* u <= 0 (|x| >= 1), NaN: not read */
    double t = AO_ERFINV_Q_TOP;
#define AO_ERFINV_STEP_(c) t = AO_FMAD(t, s, c);
    AO_ERFINV_Q(AO_ERFINV_STEP_)
#undef AO_ERFINV_STEP_
    const double y = w < AO_ERFINV_SPLIT ? a * p : t;
    float r = (float)y;
    r = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(r) | sign);
    const float inf = AO_SFX(ao_u2f)(0x7f800000u | sign);
    r = af == 1.0f ? inf : r;
    r = af > 1.0f ? AO_SFX(ao_u2f)(0x7fc00000u) : r;
    r = x != x ? x + x : r;                  /* NaN: quietened, as arithmetic would */
    return r;
}

/* 96 bits of 2/pi from bit 8i - 8 on (bit 1 the first after the point), as 32-bit words:
 * word i is bits 8i - 8 .. 8i + 23 (the first nine bits of word 0 are 0, 2/pi < 1), so
 * words i, i + 4, i + 8 are 96 consecutive bits. For ao_trig_reduce's large arguments
 * (Payne-Hanek). Computed with mpmath at 600 bits. */
#ifndef AO_VMATH_TRIG_TABLE
#define AO_VMATH_TRIG_TABLE
static const uint32_t ao_two_over_pi_bits[24] = {
    0x00517cc1u, 0x517cc1b7u, 0x7cc1b727u, 0xc1b72722u, 0xb727220au, 0x27220a94u, 0x220a94feu, 0x0a94fe13u,
    0x94fe13abu, 0xfe13abe8u, 0x13abe8fau, 0xabe8fa9au, 0xe8fa9a6eu, 0xfa9a6ee0u, 0x9a6ee06du, 0x6ee06db1u,
    0xe06db14au, 0x6db14accu, 0xb14acc9eu, 0x4acc9e21u, 0xcc9e21c8u, 0x9e21c820u, 0x21c820ffu, 0xc820ff28u };
#endif

/* |x| = k pi/2 + r for finite x: returns r in [-pi/4, pi/4] in double (relative error
 * below 2^-50) and *q = k mod 4, branch-free (both reductions computed, one selected):
 *   |x| < 2^20:  Cody-Waite, k = rint(|x| 2/pi) < 2^20, pi/2 as three parts, the first
 *                two of 33 bits (k C1 and k C2 exact, and the differences exact but for
 *                the last, rounded once), no FMA: the same bits in every region.
 *   |x| >= 2^20: Payne-Hanek: |x| = m 2^e (m the 24-bit integer significand); the bits
 *                of 2/pi above bit e - 1 contribute multiples of 4 to |x| 2/pi, below bit
 *                e + 95 less than 2^-63; m (shifted by e's offset in its table word)
 *                times those 96 bits, mod 2^96, is |x| 2/pi mod 4 with 94 fraction bits
 *                (glibc's reduce_large for sinf, rewritten): the top 64 bits h, k the
 *                rounded top two, r = (h - k 2^62) 2^-62 pi/2.
 * No float's distance to a multiple of pi/2 is small enough to lose the 2^-50 (each
 * float's r was checked against libm's double sin, cos of x: within 0.5001 ULP). */
static inline __attribute__((always_inline)) double AO_SFX(ao_trig_reduce)(float x, uint32_t *q)
{
    const uint32_t ax = AO_SFX(ao_f2u)(x) & 0x7fffffffu;
    const double a = (double)AO_SFX(ao_u2f)(ax);
    const double shifter = 0x1.8p52;
    const double z = a * 0x1.45f306dc9c883p-1 + shifter;       /* shifter + rint(|x| 2/pi) */
    const double kd = z - shifter;
    uint64_t zb;
    memcpy(&zb, &z, 8);
    double r = a - kd * 0x1.921fb54400000p+0;
    r = r - kd * 0x1.0b4611a600000p-34;
    r = r - kd * 0x1.3198a2e037073p-69;
    int32_t j = (int32_t)(ax >> 23) - 143;                     /* (e - 1) + 8, e = biased - 150 */
    j = j < 0 ? 0 : j;                                         /* small |x|: not selected */
    const uint32_t sh = (uint32_t)j & 7u, i = (uint32_t)j >> 3;
    const uint32_t m = ((ax & 0x7fffffu) | 0x800000u) << sh;   /* < 2^31 */
    const uint64_t p0 = (uint32_t)(m * ao_two_over_pi_bits[i]);
    const uint64_t p1 = (uint64_t)m * ao_two_over_pi_bits[i + 4];
    const uint64_t p2 = (uint64_t)m * ao_two_over_pi_bits[i + 8];
    const uint64_t h = (p0 << 32) + p1 + (p2 >> 32);           /* |x| 2/pi mod 4, 62 fraction bits */
    const uint64_t n = (h + (1ull << 61)) >> 62;
    const int64_t f = (int64_t)(h - (n << 62));                /* in [-2^61, 2^61] */
    /* int64 -> double as two 32-bit halves (AVX2 has no int64 conversion) */
    const double fd = (double)(int32_t)(f >> 32) * 0x1p32 + (double)(uint32_t)f;
    const int big = ax >= 0x49800000u;                         /* 2^20 */
    *q = big ? (uint32_t)n : (uint32_t)zb;
    return big ? fd * 0x1.921fb54442d18p-62 : r;
}

/* sin(r), cos(r) for |r| <= pi/4 in double: Taylor series through r^11 and r^12
 * (truncation below 1e-11 relative). */
static inline __attribute__((always_inline)) double AO_SFX(ao_sin_reduced)(double r)
{
    const double r2 = r * r;
    double p = -1.0 / 39916800.0;
    p = p * r2 + 1.0 / 362880.0;
    p = p * r2 - 1.0 / 5040.0;
    p = p * r2 + 1.0 / 120.0;
    p = p * r2 - 1.0 / 6.0;
    return r + r * r2 * p;
}

static inline __attribute__((always_inline)) double AO_SFX(ao_cos_reduced)(double r)
{
    const double r2 = r * r;
    double p = 1.0 / 479001600.0;
    p = p * r2 - 1.0 / 3628800.0;
    p = p * r2 + 1.0 / 40320.0;
    p = p * r2 - 1.0 / 720.0;
    p = p * r2 + 1.0 / 24.0;
    p = p * r2 - 0.5;
    return 1.0 + r2 * p;
}

/* sin(x) in fp32 over the whole range, evaluated in double and rounded once: within
 * 0.5001 ULP of libm's double sin (every 7th float, and every float of the quick sweep
 * of tests/c), branch-free (vectorizes: the table reads are gathers). sin(-0) = -0,
 * sin(+-inf) = NaN, NaN -> NaN (quietened). ao_sinf below runs it for |x| >= 2^20,
 * infinities and NaNs only. */
static inline __attribute__((always_inline)) float AO_SFX(ao_sinf_wide)(float x, const ao_vmc vm)
{
    (void)vm;
    uint32_t q;
    const double r = AO_SFX(ao_trig_reduce)(x, &q);
    const double y = (q & 1u) ? AO_SFX(ao_cos_reduced)(r) : AO_SFX(ao_sin_reduced)(r);
    const uint32_t neg = ((q << 30) ^ AO_SFX(ao_f2u)(x)) & 0x80000000u;   /* k = 2, 3; x < 0 */
    const float yf = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)((float)y) ^ neg);
    return (AO_SFX(ao_f2u)(x) & 0x7fffffffu) >= 0x7f800000u ? x - x : yf;
}

/* cos(x) in fp32, as ao_sinf_wide (within 0.5001 ULP). cos(+-inf) = NaN, NaN -> NaN. */
static inline __attribute__((always_inline)) float AO_SFX(ao_cosf_wide)(float x, const ao_vmc vm)
{
    (void)vm;
    uint32_t q;
    const double r = AO_SFX(ao_trig_reduce)(x, &q);
    const double y = (q & 1u) ? AO_SFX(ao_sin_reduced)(r) : AO_SFX(ao_cos_reduced)(r);
    const uint32_t neg = ((q + 1u) << 30) & 0x80000000u;                  /* k = 1, 2 */
    const float yf = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)((float)y) ^ neg);
    return (AO_SFX(ao_f2u)(x) & 0x7fffffffu) >= 0x7f800000u ? x - x : yf;
}

/* sin and cos of |x| < 2^20 (AO_TRIG_FAST_LIM, the bits of |x|): one odd polynomial
 * after a reduction by pi (not pi/2: no second polynomial for the odd quadrants, no
 * select), all in double, rounded once:
 *   sin: a = |x| = k pi + r, k = rint(a / pi), sin x = sign(x) (-1)^k sin r
 *   cos: a = (m - 1/2) pi + r, m = rint(a / pi + 1/2), cos x = (-1)^m sin r
 * |r| <= pi/2. pi as two doubles with FMA (k pi_hi is exact inside the FMA, and
 * a - k pi_hi, a multiple of 2^-53 below 2, exact), or as three without it (the
 * baseline region: the first two parts of 33 bits, k < 2^19, products exact; the
 * differences exact but for the last). sin r = r + r^3 P(r^2), P degree 4, a minimax
 * fit of the relative error of sin on [0, pi/2] (Lawson's iteratively reweighted least
 * squares in float64 against mpmath): 2^-35.3. Measured against libm's double sin and
 * cos over every 7th float below 2^20, both signs: max 0.5004 ULP for both (AVX-512
 * build). 2^20 = 0x49800000: m and k below 2^19, r's relative error below 2^-50 (no
 * float's distance to a multiple of pi/2 is small enough to lose more, see
 * ao_trig_reduce). The op kernels run this for the lanes below the bound and
 * ao_sinf_wide / ao_cosf_wide for the rest only when a register has such a lane (region.h
 * AO_TRIG_VFORM_). */
#define AO_TRIG_FAST_LIM 0x49800000u
#ifndef AO_VMATH_TRIG_PI_POLY
#define AO_VMATH_TRIG_PI_POLY
#define AO_SIN_PI_TOP -0x1.9a6893116b3bap-26
#define AO_SIN_PI_P(S) \
    S(0x1.717080b6d1000p-19) \
    S(-0x1.a017d9a56cbfdp-13) \
    S(0x1.11110c4a13baep-7) \
    S(-0x1.5555554769bedp-3)
#endif

/* a - kd pi for kd < 2^19 (an integer, or an odd multiple of 1/2 below 2^19) */
static inline __attribute__((always_inline)) double AO_SFX(ao_trig_sub_kpi)(double a, double kd)
{
#if AO_ISA_LEVEL >= 1 || defined(__aarch64__)
    const double r = __builtin_fma(-kd, 0x1.921fb54442d18p+1, a);
    return __builtin_fma(-kd, 0x1.1a62633145c07p-53, r);
#else
    double r = a - kd * 0x1.921fb54400000p+1;
    r = r - kd * 0x1.0b4611a600000p-33;
    return r - kd * 0x1.3198a2e037073p-68;
#endif
}

/* sin r for |r| <= pi/2 (plus rounding) */
static inline __attribute__((always_inline)) double AO_SFX(ao_sin_pi_poly)(double r)
{
    const double r2 = r * r;
    double p = AO_SIN_PI_TOP;
#define AO_SIN_PI_STEP_(c) p = AO_FMAD(p, r2, c);
    AO_SIN_PI_P(AO_SIN_PI_STEP_)
#undef AO_SIN_PI_STEP_
    return AO_FMAD(r * r2, p, r);
}

static inline __attribute__((always_inline)) float AO_SFX(ao_sinf_fast)(float x)
{
    const uint32_t ux = AO_SFX(ao_f2u)(x);
    const double a = (double)AO_SFX(ao_u2f)(ux & 0x7fffffffu);
    const double shifter = 0x1.8p52;
    const double z = AO_FMAD(a, 0x1.45f306dc9c883p-2, shifter);   /* shifter + rint(a / pi) */
    const double kd = z - shifter;
    uint64_t zb;
    memcpy(&zb, &z, 8);
    const double y = AO_SFX(ao_sin_pi_poly)(AO_SFX(ao_trig_sub_kpi)(a, kd));
    const uint32_t neg = (((uint32_t)zb << 31) ^ ux) & 0x80000000u;   /* k odd; x < 0 */
    return AO_SFX(ao_u2f)(AO_SFX(ao_f2u)((float)y) ^ neg);
}

static inline __attribute__((always_inline)) float AO_SFX(ao_cosf_fast)(float x)
{
    const double a = (double)AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(x) & 0x7fffffffu);
    const double shifter = 0x1.8p52;
    /* a / pi + 1/2 first (shifter + 1/2 is no double): a tie there only for a = 0 */
    const double z = AO_FMAD(a, 0x1.45f306dc9c883p-2, 0.5) + shifter; /* shifter + m */
    const double kd = (z - shifter) - 0.5;                          /* m - 1/2, exact */
    uint64_t zb;
    memcpy(&zb, &z, 8);
    const double y = AO_SFX(ao_sin_pi_poly)(AO_SFX(ao_trig_sub_kpi)(a, kd));
    const uint32_t neg = (uint32_t)zb << 31;                          /* m odd */
    return AO_SFX(ao_u2f)(AO_SFX(ao_f2u)((float)y) ^ neg);
}

/* sin(x), cos(x) in fp32 over the whole range, within 0.5004 ULP: the fast forms
 * above below 2^20, ao_sinf_wide / ao_cosf_wide from there on and for infinities and
 * NaNs (a select: the vector regions' op kernels branch instead, region.h). */
static inline __attribute__((always_inline)) float AO_SFX(ao_sinf)(float x, const ao_vmc vm)
{
    const int fast = (AO_SFX(ao_f2u)(x) & 0x7fffffffu) < AO_TRIG_FAST_LIM;
    return fast ? AO_SFX(ao_sinf_fast)(x) : AO_SFX(ao_sinf_wide)(x, vm);
}

static inline __attribute__((always_inline)) float AO_SFX(ao_cosf)(float x, const ao_vmc vm)
{
    const int fast = (AO_SFX(ao_f2u)(x) & 0x7fffffffu) < AO_TRIG_FAST_LIM;
    return fast ? AO_SFX(ao_cosf_fast)(x) : AO_SFX(ao_cosf_wide)(x, vm);
}

/* tanh(x) in fp32: sign(x) e / (e + 2), e = expm1(2|x|) in double (2|x| = k ln2 + r,
 * ln2 in two parts; expm1(r) = r + r^2 Q(r), Q degree 6, a minimax fit of the relative
 * error on |r| <= 0.3466 (Lawson's iteratively reweighted least squares in float64
 * against mpmath): 2^-37.5; e = 2^k expm1(r) + (2^k - 1)), rounded once: within 0.5001
 * ULP of libm's double tanh (every 5th float below 10, both signs, AVX-512 build). No
 * division in double: 1 / (e + 2) as a float division, then
 * y = y0 + (e - y0 (e + 2)) / (e + 2) with it (relative error below 2^-46).
 * |x| is clamped to 9.125 (tanh rounds to 1 from 9.01 on), no cancellation near 0
 * (e ~ 2|x|). tanh(-0) = -0, tanh(+-inf) = +-1, NaN -> NaN. */
#ifndef AO_VMATH_TANH_COEFS
#define AO_VMATH_TANH_COEFS
#define AO_TANH_EXPM1_TOP 0x1.a003a169a85f3p-16
#define AO_TANH_EXPM1_Q(S) \
    S(0x1.a16f574d4c000p-13) \
    S(0x1.6c1766b94df53p-10) \
    S(0x1.1110b228accb0p-7) \
    S(0x1.555554f380230p-5) \
    S(0x1.555555734d227p-3) \
    S(0x1.000000001712bp-1)
#endif
static inline __attribute__((always_inline)) float AO_SFX(ao_tanhf)(float x, const ao_vmc vm)
{
    (void)vm;
    const uint32_t sign = AO_SFX(ao_f2u)(x) & 0x80000000u;
    float af = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(x) & 0x7fffffffu);
    af = af > 9.125f ? 9.125f : af;                            /* NaN: not read (below) */
    const double t = 2.0 * (double)af;
    const double shifter = 0x1.8p52;
    const double z = AO_FMAD(t, 0x1.71547652b82fep0, shifter); /* shifter + rint(t / ln2) */
    const double kd = z - shifter;
    uint64_t zb;
    memcpy(&zb, &z, 8);
    double r = AO_FMAD(-kd, 0x1.62e42fefa39efp-1, t);
    r = AO_FMAD(-kd, 0x1.abc9e3b39803fp-56, r);
    double q = AO_TANH_EXPM1_TOP;
#define AO_TANH_STEP_(c) q = AO_FMAD(q, r, c);
    AO_TANH_EXPM1_Q(AO_TANH_STEP_)
#undef AO_TANH_STEP_
    const double pm = AO_FMAD(r * r, q, r);                    /* expm1(r) */
    const uint64_t sb = (uint64_t)((uint32_t)zb + 1023u) << 52; /* 2^k, k in [0, 27] */
    double sc;
    memcpy(&sc, &sb, 8);
    const double e = AO_FMAD(sc, pm, sc - 1.0);
    const double d = e + 2.0;
    const double rd = (double)(1.0f / (float)d);
    const double y0 = e * rd;
    const double yd = AO_FMAD(AO_FMAD(-y0, d, e), rd, y0);
    float y = (float)yd;
    y = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(y) | sign);
    return x != x ? x + x : y;                                 /* NaN: quietened */
}
