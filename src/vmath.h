/* ascendops per-ISA fp32 math for op bodies. NO include guard: src/kernels.c includes
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

/* exp(r) - 1 for |r| <= 0.347: r + r^2 q(r), degree-6 fit, relative error 5e-9. */
static inline __attribute__((always_inline)) float AO_SFX(ao_expm1_reduced)(float r)
{
    float q = 0x1.6a1a72p-10f;
    q = AO_FMAF(q, r, 0x1.123fc6p-7f);
    q = AO_FMAF(q, r, 0x1.555916p-5f);
    q = AO_FMAF(q, r, 0x1.55548ap-3f);
    q = AO_FMAF(q, r, 0x1.fffffcp-2f);
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
    *z = AO_FMAF(xc, 0x1.715476p+0f, shifter);      /* shifter + rint(x / ln2) */
    float kf = *z - shifter;
    float r = AO_FMAF(-kf, 0x1.62e400p-1f, xc);     /* ln2 hi: 16 significant bits, exact */
    r = AO_FMAF(-kf, 0x1.7f7d1cp-20f, r);           /* ln2 lo */
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

/* 1 / (1 + exp(-x)), same op order as CANN's Sigmoid. */
static inline __attribute__((always_inline)) float AO_SFX(ao_sigmoidf)(float x, const ao_vmc vm)
{
    return 1.0f / AO_SFX(ao_expf_plus1)(-x, vm);
}

/* erf(x) in fp32, max error ~1 ULP (tests/c/test_engine.c test_erff checks it against libm erf). Evaluated
 * in double (still vectorizable), branch-free:
 *   |x| < 1:  x * P(x^2)                     (degree 7, relative error 4e-11)
 *   |x| >= 1: 1 - exp(-x^2) * Q(1/|x|)       (degree 10 fit of erfc(x) exp(x^2), 4e-9)
 * |x| is clamped to 4 (erf(4) rounds to 1 in fp32); erf(+-inf) = +-1, NaN -> NaN.
 * The coefficients are least-squares fits on Chebyshev nodes (float64). */
static inline __attribute__((always_inline)) float AO_SFX(ao_erff)(float x, const ao_vmc vm)
{
    double a = x < 0.0f ? -(double)x : (double)x;
    a = a > 4.0 ? 4.0 : a;                    /* NaN passes through */
    double t = a * a;
    double p = -9.6735940060187453e-06;
    p = p * t + 0.00011268258261204723;
    p = p * t - 0.00084843976839076658;
    p = p * t + 0.0052210535359358363;
    p = p * t - 0.026865438376213673;
    p = p * t + 0.11283782623765615;
    p = p * t - 0.37612638476179439;
    p = p * t + 1.1283791670624173;
    double small = a * p;
    double u = 1.0 / (a > 1.0 ? a : 1.0);
    double q = -0.033354062905742159;
    q = q * u + 0.23448861637407403;
    q = q * u - 0.7280771686194476;
    q = q * u + 1.2931347230051633;
    q = q * u - 1.3909673687210884;
    q = q * u + 0.80890840523776653;
    q = q * u - 0.02753361100796968;
    q = q * u - 0.29802858283383271;
    q = q * u + 0.0055391019552255812;
    q = q * u + 0.56343339572184514;
    q = q * u + 4.0127434339523099e-05;
    double e = (double)AO_SFX(ao_expf)((float)(-t), vm);
    double large = 1.0 - e * q;
    double r = a < 1.0 ? small : large;
    r = a == a ? r : a;
    return (float)(x < 0.0f ? -r : r);
}
