/* C unit tests of the ascendops engine (src/). Built and run by
 * tests/c/run_c_tests.sh. Usage: test_engine [quick]  ("quick" thins the sweeps,
 * for sanitizer builds). Prints "N passed, M failed" last; exit status 1 on failure. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elementwise.h"
#include "ao_internal.h"
#include "regions.h"      /* AO_ISA_LEVEL_MAX */
#include "scalar_cvt.h"

static int g_pass, g_fail, g_quick;
static const char *g_ctx = "";

#define CHECK(cond, ...)                                                           \
    do {                                                                           \
        if (cond) g_pass++;                                                        \
        else {                                                                     \
            g_fail++;                                                              \
            if (g_fail < 60) {                                                     \
                printf("FAIL [%s] %s:%d: ", g_ctx, __FILE__, __LINE__);            \
                printf(__VA_ARGS__);                                               \
                printf("\n");                                                      \
            }                                                                      \
        }                                                                          \
    } while (0)

static uint64_t g_rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    g_rng ^= g_rng << 13; g_rng ^= g_rng >> 7; g_rng ^= g_rng << 17;
    return g_rng;
}
static double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }
static double nrand(void)
{
    double u = urand() + 1e-300, v = urand();
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* ------------------------------------------------ reference conversions */

static double ref_h2d(uint16_t h)
{
    int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
    double v;
    if (e == 0) v = ldexp(m, -24);
    else if (e == 31) v = m ? NAN : INFINITY;
    else v = ldexp(1024 + m, e - 25);
    return s ? -v : v;
}

static double ref_b2d(uint16_t b)
{
    int s = b >> 15, e = (b >> 7) & 255, m = b & 127;
    double v;
    if (e == 0) v = ldexp(m, -133);
    else if (e == 255) v = m ? NAN : INFINITY;
    else v = ldexp(128 + m, e - 134);
    return s ? -v : v;
}

/* Generic RNE narrowing of a finite/inf double to a format with `mb` explicit
 * mantissa bits and exponent bias `bias` (emax = 2*bias+1 all-ones). NaN: caller. */
static uint16_t ref_narrow(double d, int mb, int bias)
{
    uint16_t sign = signbit(d) ? (uint16_t)(1u << (mb + (bias == 15 ? 5 : 8))) : 0;
    int ebits = bias == 15 ? 5 : 8;
    uint32_t infbits = ((1u << ebits) - 1) << mb;
    double a = fabs(d);
    if (isinf(a)) return sign | (uint16_t)infbits;
    int emin = 1 - bias;
    uint32_t bits;
    if (a < ldexp(1, emin)) {
        double q = nearbyint(ldexp(a, -(emin - mb)));
        bits = (uint32_t)q;
    } else {
        int e;
        frexp(a, &e);
        e -= 1; /* a in [2^e, 2^(e+1)) */
        double r = nearbyint(ldexp(a, mb - e)); /* in [2^mb, 2^(mb+1)] */
        bits = ((uint32_t)(e + bias) << mb) + (uint32_t)r - (1u << mb);
    }
    if (bits >= infbits) bits = infbits;
    return sign | (uint16_t)bits;
}
static uint16_t ref_d2h(double d) { return ref_narrow(d, 10, 15); }
static uint16_t ref_d2b(double d) { return ref_narrow(d, 7, 127); }

/* ------------------------------------------------------------- helpers */

static const ao_isa_impl *g_levels[3];
static int g_nlevels;

static void set_level(int i)
{
    int rc = ao_isa_force(g_levels[i]->name);
    if (rc != 0) { printf("cannot force %s\n", g_levels[i]->name); exit(2); }
}

/* 1 for x86's baseline region (SSE2: vmath.h's AO_FMAF is a multiply and an add) */
#if defined(__x86_64__) || defined(__i386__)
#define AO_TEST_NO_FMA(impl) (!strcmp((impl)->name, "baseline"))
#else
#define AO_TEST_NO_FMA(impl) 0
#endif

static double ulp_of(double r)
{
    double a = fabs(r);
    if (a < ldexp(1, -126)) return ldexp(1, -149);
    int e;
    frexp(a, &e);
    return ldexp(1, e - 1 - 23);
}

/* --------------------------------------------------------------- expf */

static void test_expf(void)
{
    int k = ao_kernel_find("test_exp");
    CHECK(k >= 0, "test_exp kernel present");
    if (k < 0) return;
    const int64_t N = 1 << 20;
    float *x = malloc(N * 4), *y = malloc(N * 4);
    uint64_t step = g_quick ? 4099 : 61; /* over all 2^32 bit patterns */
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        ao_ew_fn fn = ao_kernel_fn(k);
        double maxerr = 0; float worst = 0;
        int64_t bad = 0, cnt = 0;
        const uint64_t level_step = li == g_nlevels - 1 || step >= 61 ? step : 61;
        uint64_t u = 0;
        while (u < (1ull << 32)) {
            int64_t n = 0;
            for (; n < N && u < (1ull << 32); n++, u += level_step) x[n] = u2f((uint32_t)u);
            /* boundaries, always included */
            static const float extra[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, 88.72283f,
                88.722839f, 88.72284f, 88.7229f, 89.0f, 100.0f, -87.33654f, -87.3365479f,
                -103.2789f, -103.972084f, -103.97208f, -104.0f, -104.5f, -150.0f, 1e-30f,
                -1e-30f, 0.5f * 0.693147f, -0.5f * 0.693147f, 1.0f, -1.0f, 1e-45f,
                0x1.62e43p+6f, 0x1.62e42ep+6f, -0x1.9fe368p+6f, -0x1.9d1d9ep+6f, -0x1.9fe36ap+6f };
            for (size_t e = 0; e < sizeof extra / sizeof extra[0] && n < N; e++) x[n++] = extra[e];
            const float *in[1] = { x };
            fn(y, in, n, NULL);
            for (int64_t i = 0; i < n; i++) {
                cnt++;
                double r = exp((double)x[i]);
                float yi = y[i];
                if (isnan(x[i])) { if (!isnan(yi)) { bad++; if (bad < 5) CHECK(0, "exp(nan)=%g", yi); } continue; }
                double yd = isinf(yi) ? ldexp(1, 128) : yi;
                double rr = r > ldexp(1, 128) ? ldexp(1, 128) : r;
                double err = fabs(yd - rr) / ulp_of(rr);
                if (isinf(yi) && r > 0x1.fffffep127 * (1 + 0x1p-25)) err = 0; /* correctly inf */
                if (err > maxerr) { maxerr = err; worst = x[i]; }
                if (err > 2.0 || yi < 0 || (x[i] == -INFINITY && yi != 0) ||
                    (x[i] == INFINITY && !isinf(yi))) {
                    bad++;
                    if (bad < 5) CHECK(0, "exp(%a) = %a, ref %a (%.3f ulp)", x[i], yi, r, err);
                }
            }
        }
        CHECK(bad == 0, "expf: %lld bad of %lld", (long long)bad, (long long)cnt);
        printf("  expf %-8s: max error %.3f ULP at x=%a over %lld values\n", g_levels[li]->name,
               maxerr, worst, (long long)cnt);
        CHECK(maxerr <= 2.0, "expf max error %.3f", maxerr);
        /* the scalar instance too */
        float (*ef)(float) = g_levels[li]->expf_fn;
        CHECK(ef(-INFINITY) == 0.0f && ef(INFINITY) == INFINITY && isnan(ef(NAN)) &&
              ef(0.0f) == 1.0f && ef(89.0f) == INFINITY && ef(-200.0f) == 0.0f,
              "scalar expf edges");
        CHECK(ef(-100.0f) > 0 && ef(-100.0f) < 0x1p-126f, "subnormal result not flushed: %a", ef(-100.0f));
    }
    free(x); free(y);
    g_ctx = "";
}

/* ------------------------------------------------------- logf, expm1f */

/* A vmath function through its test-only kernel against libm's double function, over a
 * sweep of every fp32 bit pattern plus `extra`: every finite result within max_ulp of the
 * double value (ULP of the float result's binade), NaN where libm gives NaN, the same
 * infinities. */
static void check_unary_vs_libm(const char *kernel, const char *label, double (*ref)(double),
                                double max_ulp, const float *extra, size_t nextra)
{
    int k = ao_kernel_find(kernel);
    CHECK(k >= 0, "%s kernel present", kernel);
    if (k < 0) return;
    const int64_t N = 1 << 20;
    float *x = malloc(N * 4), *y = malloc(N * 4);
    uint64_t step = g_quick ? 4099 : 61;
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        ao_ew_fn fn = ao_kernel_fn(k);
        double maxerr = 0; float worst = 0;
        int64_t bad = 0, cnt = 0;
        const uint64_t level_step = li == g_nlevels - 1 || step >= 61 ? step : 61;
        uint64_t u = 0;
        while (u < (1ull << 32)) {
            int64_t n = 0;
            for (; n < N && u < (1ull << 32); n++, u += level_step) x[n] = u2f((uint32_t)u);
            for (size_t e = 0; e < nextra && n < N; e++) x[n++] = extra[e];
            const float *in[1] = { x };
            fn(y, in, n, NULL);
            for (int64_t i = 0; i < n; i++) {
                cnt++;
                double r = ref((double)x[i]);
                float yi = y[i];
                int ok;
                double err = 0;
                if (isnan(r) || isinf(r) || fabs(r) > 0x1.fffffep127) {
                    float rf = (float)r;
                    ok = isnan(r) ? isnan(yi) : (yi == rf);
                } else {
                    err = fabs((double)yi - r) / ulp_of(r);
                    ok = err <= max_ulp;
                }
                if (err > maxerr) { maxerr = err; worst = x[i]; }
                if (!ok) {
                    bad++;
                    if (bad < 5) CHECK(0, "%s(%a) = %a, ref %a (%.3f ulp)", label, x[i], yi, r, err);
                }
            }
        }
        CHECK(bad == 0, "%s: %lld bad of %lld", label, (long long)bad, (long long)cnt);
        printf("  %-6s %-8s: max error %.3f ULP at x=%a over %lld values\n", label, g_levels[li]->name,
               maxerr, worst, (long long)cnt);
    }
    free(x); free(y);
    g_ctx = "";
}

/* ao_logf: evaluated in double, rounded once (0.5 ULP but for rounding ties of the
 * double value); log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf; subnormal x scaled. */
static void test_logf(void)
{
    static const float extra[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, 2.0f, 0.5f,
        1.41421353f, 1.41421366f, 0.70710677f, 1e-45f, 0x1p-126f, 0x1.fffffcp-127f, 0x1.fffffep127f,
        -1.0f, -1e-45f, 0.99999994f, 1.0000001f };
    check_unary_vs_libm("test_log", "logf", log, 0.501, extra, sizeof extra / sizeof extra[0]);
}

/* ao_expm1f: 2^k expm1(r) + (2^k - 1) in double, rounded once; no cancellation near 0. */
static void test_expm1f(void)
{
    static const float extra[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-30f, -1e-30f, 1e-8f,
        -1e-8f, 0.3465f, -0.3465f, 0.34657359f, -0.34657359f, 88.72283f, 88.7229f, -17.0f, -104.0f,
        -200.0f, 1e-45f, -1e-45f };
    check_unary_vs_libm("test_expm1", "expm1f", expm1, 0.501, extra, sizeof extra / sizeof extra[0]);
}

/* ao_log1pf (SoftPlus's and LogSigmoid's log1p, all in fp32): within 1 ULP of libm's
 * log1p over the sweep, -1 -> -inf, below -1 NaN, inf -> inf, -0 -> -0. */
static void test_log1pf(void)
{
    static const float extra[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, -1.0f, -0.99999994f,
        -1.0000001f, -0.5f, 1e-30f, -1e-30f, 1e-8f, 5.9604645e-8f, 1.0f, 1.0000001f, 0.99999994f,
        0.41421354f, -0.29289323f, 2.0f, 3.0f, 16777215.0f, 16777216.0f, 16777218.0f,
        0x1.fffffep127f, 0x1.6a0a2p+127f, 1e-45f, -1e-45f, 4.85165e8f };
    check_unary_vs_libm("test_log1p", "log1pf", log1p, 1.0, extra, sizeof extra / sizeof extra[0]);
}

/* float64 erfinv (an independent reference; libm has none): Winitzki's approximation
 * (relative error below 2e-3) refined by Newton steps on libm's erf, whose residual is
 * taken as (1 - a) - erfc(y) for a > 0.5 (1 - a exact; erf(y) - a would cancel in the
 * tail, where erf' is down to 3e-7). */
static double ref_erfinv(double x)
{
    if (isnan(x) || fabs(x) > 1) return NAN;
    const double a = fabs(x);
    if (a == 1) return copysign(INFINITY, x);
    if (a == 0) return x;
    const double l = log((1 - a) * (1 + a)), k = 2 / (3.141592653589793 * 0.147) + l / 2;
    double y = sqrt(sqrt(k * k - l / 0.147) - k);
    for (int i = 0; i < 4; i++) {
        const double d = 1.1283791670955126 * exp(-y * y);
        const double res = a > 0.5 ? (1 - a) - erfc(y) : erf(y) - a;
        y -= res / d;
    }
    return copysign(y, x);
}

/* vmath's ao_erfinvf (Erfinv's body) through the op's own kernel: within 0.6 ULP over
 * the sweep of every fp32 bit pattern (0.55 measured; a double Newton step
 * reached 0.90); +-1 -> +-inf, |x| > 1 -> NaN, NaN -> NaN, -0 -> -0. */
static void test_erfinvf(void)
{
    static const float extra[] = { 0.0f, -0.0f, 1.0f, -1.0f, 1.0000001f, -1.0000001f, INFINITY,
        -INFINITY, NAN, 0.75f, 0.75000006f, 0.74999994f, -0.75f, 0.99999994f, -0.99999994f,
        0.5f, 1e-45f, -1e-45f, 0x1p-126f, 1e-30f, 0.9999f, 0.99f };
    check_unary_vs_libm("erfinv", "erfinvf", ref_erfinv, 0.6, extra, sizeof extra / sizeof extra[0]);
}

/* The float vmath functions give the same bits in every region with FMA (AVX2 and
 * AVX-512 on x86; baseline only on arm64): the same operations, each rounded once, in
 * the same order. Every fp32 bit pattern (a step of 61 through 2^32; 4099 quick). */
static void test_vmath_regions_identical(void)
{
    static const char *const kernels[] = { "test_erf", "test_log1p", "test_exp", "erfinv",
                                            "test_normal_cdf", "gelu_erf" };
    const int64_t N = 1 << 20;
    float *x = malloc(N * 4), *y0 = malloc(N * 4), *y1 = malloc(N * 4);
    uint64_t step = g_quick ? 4099 : 61;
    for (size_t ki = 0; ki < sizeof kernels / sizeof kernels[0]; ki++) {
        int k = ao_kernel_find(kernels[ki]);
        CHECK(k >= 0, "%s kernel present", kernels[ki]);
        if (k < 0) continue;
        int first = -1;
        int64_t differ = 0, cnt = 0;
        for (int li = 0; li < g_nlevels; li++) {
            if (AO_TEST_NO_FMA(g_levels[li])) continue;
            if (first < 0) { first = li; continue; }
            uint64_t u = 0;
            while (u < (1ull << 32)) {
                int64_t n = 0;
                for (; n < N && u < (1ull << 32); n++, u += step) x[n] = u2f((uint32_t)u);
                const float *in[1] = { x };
                set_level(first);
                ao_kernel_fn(k)(y0, in, n, NULL);
                set_level(li);
                ao_kernel_fn(k)(y1, in, n, NULL);
                for (int64_t i = 0; i < n; i++, cnt++)
                    if (f2u(y0[i]) != f2u(y1[i]) && differ++ < 3)
                        CHECK(0, "%s(%a): %s %a, %s %a", kernels[ki], x[i], g_levels[first]->name,
                              y0[i], g_levels[li]->name, y1[i]);
            }
        }
        CHECK(differ == 0, "%s: %lld of %lld differ between regions", kernels[ki],
              (long long)differ, (long long)cnt);
    }
    free(x); free(y0); free(y1);
}

/* --------------------------------------------------------------- erff */

/* vmath's ao_erff (kept as a reference; no op calls it)
 * within 1.1 ULP of libm's double erf (1.5 in x86's baseline region, which has no FMA:
 * vmath.h AO_FMAF), through
 * the test-only kernel test_ops/erf.h, over a sweep of every fp32 bit pattern plus the
 * boundaries of its two branches and its clamp; erf(NaN) is NaN, erf(-0) = -0. An erf
 * in double, rounded once, is within 0.5; the float one measured 1.07 (every
 * float in [0, 5]). */
static void test_erff(void)
{
    int k = ao_kernel_find("test_erf");
    CHECK(k >= 0, "test_erf kernel present");
    if (k < 0) return;
    const int64_t N = 1 << 20;
    float *x = malloc(N * 4), *y = malloc(N * 4);
    uint64_t step = g_quick ? 4099 : 61;
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        ao_ew_fn fn = ao_kernel_fn(k);
        const double bound = AO_TEST_NO_FMA(g_levels[li]) ? 1.5 : 1.1;
        double maxerr = 0; float worst = 0;
        int64_t bad = 0, cnt = 0;
        const uint64_t level_step = li == g_nlevels - 1 || step >= 61 ? step : 61;
        uint64_t u = 0;
        while (u < (1ull << 32)) {
            int64_t n = 0;
            for (; n < N && u < (1ull << 32); n++, u += level_step) x[n] = u2f((uint32_t)u);
            static const float extra[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1e-30f,
                -1e-30f, 1e-6f, 0.999999f, 1.0f, -1.0f, 1.0000001f, 3.9f, 3.9999998f, 4.0f,
                4.0000005f, -4.0f, 6.0f, -6.0f, 1e-45f, -1e-45f, 0.99999994f, -0.99999994f,
                0x1.0faadp+0f, 3.92f, -3.92f };
            for (size_t e = 0; e < sizeof extra / sizeof extra[0] && n < N; e++) x[n++] = extra[e];
            const float *in[1] = { x };
            fn(y, in, n, NULL);
            for (int64_t i = 0; i < n; i++) {
                cnt++;
                float yi = y[i];
                if (isnan(x[i])) {
                    if (!isnan(yi)) { bad++; if (bad < 5) CHECK(0, "erf(nan) = %a", yi); }
                    continue;
                }
                double r = erf((double)x[i]);
                double err = fabs((double)yi - r) / ulp_of(r);
                if (err > maxerr) { maxerr = err; worst = x[i]; }
                if (err > bound || (x[i] == 0.0f && f2u(yi) != f2u(x[i]))) {
                    bad++;
                    if (bad < 5) CHECK(0, "erf(%a) = %a, ref %a (%.3f ulp)", x[i], yi, r, err);
                }
            }
        }
        CHECK(bad == 0, "erff: %lld bad of %lld", (long long)bad, (long long)cnt);
        printf("  erff %-8s: max error %.3f ULP at x=%a over %lld values\n", g_levels[li]->name,
               maxerr, worst, (long long)cnt);
    }
    free(x); free(y);
    g_ctx = "";
}

/* The largest error in ULP of `fn` over the tiers [lo_k, hi_k) of x: every float (a sweep
 * of every `step`-th bit pattern) against the double reference `ref`; each tier's maximum
 * must be at most its bound (bounds_nofma in x86's baseline region, which has no FMA).
 * A step of 1 (every float: minutes of double erfc per region) applies to the best region
 * this CPU has, the one its users run; the others take every 61st float. */
typedef struct {
    double lo, hi, bound, bound_nofma;
} ao_err_tier;

/* k a one-input kernel, or a gradient-form one (dy, x), run with dy = 1: its factor */
static void check_error_tiers(const char *what, int k, double (*ref)(double), const ao_err_tier *tiers,
                              int ntiers, uint64_t step)
{
    const int64_t N = 1 << 20;
    float *x = malloc(N * 4), *y = malloc(N * 4), *ones = malloc(N * 4);
    for (int64_t i = 0; i < N; i++) ones[i] = 1.0f;
    const int grad = ao_kernel_arity(k) == 2;
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        ao_ew_fn fn = ao_kernel_fn(k);
        double maxerr[8] = { 0 };
        float worst[8] = { 0 };
        const uint64_t level_step = li == g_nlevels - 1 || step >= 61 ? step : 61;
        uint64_t u = 0;
        while (u < (1ull << 32)) {
            int64_t n = 0;
            for (; n < N && u < (1ull << 32); n++, u += level_step) x[n] = u2f((uint32_t)u);
            const float *in1[1] = { x }, *in2[2] = { ones, x };
            fn(y, grad ? in2 : in1, n, NULL);
            for (int64_t i = 0; i < n; i++)
                for (int t = 0; t < ntiers; t++)
                    if (x[i] >= tiers[t].lo && x[i] < tiers[t].hi) {
                        const double r = ref((double)x[i]);
                        const double err = fabs((double)y[i] - r) / ulp_of(r);
                        if (!(err <= maxerr[t])) { maxerr[t] = err; worst[t] = x[i]; }
                    }
        }
        for (int t = 0; t < ntiers; t++) {
            const double bound = AO_TEST_NO_FMA(g_levels[li]) ? tiers[t].bound_nofma : tiers[t].bound;
            CHECK(maxerr[t] <= bound, "%s on [%g, %g): %.3f ULP at x=%a, bound %g", what, tiers[t].lo,
                  tiers[t].hi, maxerr[t], worst[t], bound);
            printf("  %s %-8s: [%g, %g) max error %.3f ULP at x=%a (every %llu. float)\n", what,
                   g_levels[li]->name, tiers[t].lo, tiers[t].hi, maxerr[t], worst[t],
                   (unsigned long long)level_step);
        }
    }
    free(x); free(y); free(ones);
    g_ctx = "";
}

static double ref_normal_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }
static double ref_gelu(double x) { return x * 0.5 * erfc(-x / sqrt(2.0)); }

/* vmath's ao_normal_cdff, Phi(x) = (1 + erf(x / sqrt 2)) / 2 (GeluV2's, GeluMul's and
 * GeGlu's factor), through the test-only kernel test_ops/normal_cdf.h, against libm's
 * double erfc: the relative accuracy of its x < 0 side is the point ((1 + ao_erff) / 2
 * loses it all from x = -sqrt 2 down: 2^24 ULP at x = -5.6). Measured (every 61st float,
 * FMA regions): x >= 0 0.90 ULP; x in [-sqrt 2, 0) 3.4, [-2 sqrt 2, -sqrt 2) 8.4,
 * [-4 sqrt 2, -2 sqrt 2) 84 (the rounding of log2 erfc(|x| / sqrt 2), down to -26, is
 * relative to that exponent). Special values exact. */
static void test_normal_cdff(void)
{
    const int k = ao_kernel_find("test_normal_cdf");
    CHECK(k >= 0, "test_normal_cdf kernel present");
    if (k < 0) return;
    static const ao_err_tier tiers[] = {
        { 0.0, INFINITY, 0.95, 1.1 }, { -1.4142135, 0.0, 4.0, 5.0 }, { -2.828427, -1.4142135, 10.0, 12.0 },
        { -5.656854, -2.828427, 128.0, 160.0 },
    };
    check_error_tiers("normal_cdf", k, ref_normal_cdf, tiers, 4, g_quick ? 4099 : 61);
    static const float xs[] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, -5.6568546f, -5.656854f, -30.0f,
                                5.656854f, 30.0f, 1e-45f, -1e-45f };
    float y[sizeof xs / sizeof xs[0]];
    const int64_t n = sizeof xs / sizeof xs[0];
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        const float *in[1] = { xs };
        ao_kernel_fn(k)(y, in, n, NULL);
        CHECK(y[0] == 0.5f && y[1] == 0.5f && y[10] == 0.5f && y[11] == 0.5f, "cdf(+-0) = %a %a", y[0], y[1]);
        CHECK(y[2] == 1.0f && f2u(y[3]) == 0u && isnan(y[4]), "cdf(inf, -inf, nan) = %a %a %a", y[2], y[3], y[4]);
        CHECK(f2u(y[5]) == 0u && f2u(y[7]) == 0u && y[6] > 0.0f, "cdf(-4 sqrt 2 - ulp, -30, -4 sqrt 2) = %a %a %a", y[5], y[7], y[6]);
        CHECK(y[8] == 1.0f && y[9] == 1.0f, "cdf(4 sqrt 2, 30) = %a %a", y[8], y[9]);
    }
    g_ctx = "";
}

/* GeluV2's erf form (src/ops/gelu_erf.h, x * ao_normal_cdff(x)) against x Phi(x) in
 * double: within 1.8 ULP for x >= 0 (1.753 at x = 0x1.83b492p-2 over every float in the
 * AVX2 and AVX-512 regions, 1.62 over every 61st; its former body, torch's order
 * (x * 0.5) * (1 + erf), 1.61, at p99 0.863 against 0.871), within 10 ULP on [-2, 0)
 * (6.3; 16.05 before) and 128 on [-5.65, -2) (89), where 1 + erf cancelled (up to 2^24 ULP
 * before); 0 below -4 sqrt 2 (as before); NaN stays NaN, signed zeros and +inf pass.
 * Every float in the best region this CPU has, every 61st in the others (a sweep in quick mode). */
static void test_gelu_erf_accuracy(void)
{
    const int k = ao_kernel_find("gelu_erf");
    CHECK(k >= 0, "gelu_erf kernel present");
    if (k < 0) return;
    static const ao_err_tier tiers[] = {
        { 0.0, INFINITY, 1.8, 3.0 }, { -2.0, 0.0, 10.0, 12.0 }, { -5.65, -2.0, 128.0, 160.0 },
    };
    check_error_tiers("gelu_erf", k, ref_gelu, tiers, 3, g_quick ? 4099 : 1);
    static const float xs[] = { 0.0f, -0.0f, INFINITY, NAN, -5.66f, -100.0f, 1e-45f, -1e-45f };
    float y[sizeof xs / sizeof xs[0]];
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        const float *in[1] = { xs };
        ao_kernel_fn(k)(y, in, sizeof xs / sizeof xs[0], NULL);
        CHECK(f2u(y[0]) == 0u && f2u(y[1]) == 0x80000000u, "gelu(+-0) = %a %a", y[0], y[1]);
        CHECK(y[2] == INFINITY && isnan(y[3]), "gelu(inf, nan) = %a %a", y[2], y[3]);
        CHECK(f2u(y[4]) == 0x80000000u && f2u(y[5]) == 0x80000000u, "gelu(-5.66, -100) = %a %a", y[4], y[5]);
        CHECK(f2u(y[6]) == 0u && f2u(y[7]) == 0x80000000u, "gelu(+-1e-45) = %a %a", y[6], y[7]);
    }
    g_ctx = "";
}

/* GeluBackward's factor Phi(x) + x pdf(x) (src/ops/gelu_backward.h; dy = 1) against
 * float64, every float in the -O3 run. Phi is ao_normal_cdff: x in
 * [-5.65, -2) max 11.4 ULP (every 61st float), where 0.5 erf(x / sqrt 2) + 0.5 with
 * ao_erff (the form before, CANN's and torch's) was 5.3e5 ULP off (its cdf's absolute
 * error, about 2^-25, against g down to 1e-6). Around g's zero at x = -0.7518 both
 * forms cancel (cdf + x pdf, each near 0.23): up to 30 ULP of the tiny result in
 * [-0.7, 0) and [-2, -0.8); the tier [-0.8, -0.7) is left out (unbounded relative error
 * at the zero). x >= 0: 1.58 (before: 1.65). Every float, AVX2 and AVX-512 / baseline:
 * x >= 0 1.79 / 1.79, [-0.7, 0) 31.2 / 31.2, [-2, -0.8) 34.4 / 33.7, [-5.65, -2) 12.1 /
 * 13.1; the -O3 run sweeps every float in the best region this CPU has, every 61st in the
 * others. */
static double ref_gelu_grad(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0)) + x * exp(-0.5 * x * x) / sqrt(2.0 * 3.14159265358979323846);
}

static void test_gelu_backward_accuracy(void)
{
    const int k = ao_kernel_find("gelu_backward");
    CHECK(k >= 0, "gelu_backward kernel present");
    if (k < 0) return;
    static const ao_err_tier tiers[] = {
        { 0.0, INFINITY, 2.0, 2.0 }, { -0.7, 0.0, 40.0, 40.0 }, { -2.0, -0.8, 48.0, 48.0 },
        { -5.65, -2.0, 16.0, 16.0 },
    };
    check_error_tiers("gelu_backward", k, ref_gelu_grad, tiers, 4, g_quick ? 4099 : 1);
}

/* ------------------------------------------------------- strided walker */

/* ao_internal.h's walker (the engine's gathers and copies, casts, row reductions):
 * for random shapes, strides (0 and negative included) and ranges [lo, hi), the runs
 * it visits are exactly the row-major elements lo..hi-1, each operand's offsets equal
 * to the naive sum of index * stride, and ao_walk_offset agrees. */
static void test_walker(void)
{
    g_ctx = "walker";
    for (int it = 0; it < 2000; it++) {
        const int nd = 1 + (int)(rnd() % AO_MAX_DIMS), nops = 1 + (int)(rnd() % AO_WALK_MAX_OPS);
        int64_t shape[AO_MAX_DIMS], st[AO_WALK_MAX_OPS][AO_MAX_DIMS], numel = 1;
        const int64_t *stp[AO_WALK_MAX_OPS];
        for (int d = 0; d < nd; d++) {
            shape[d] = 1 + (int64_t)(rnd() % (nd > 4 ? 3 : 7));
            numel *= shape[d];
        }
        for (int k = 0; k < nops; k++) {
            for (int d = 0; d < nd; d++)
                st[k][d] = (int64_t)(rnd() % 41) - 20;
            stp[k] = st[k];
        }
        const int64_t lo = (int64_t)(rnd() % (uint64_t)numel);
        const int64_t hi = lo + 1 + (int64_t)(rnd() % (uint64_t)(numel - lo));
        ao_walker w;
        ao_walk_init(&w, nd, shape, nops, stp, lo, hi);
        int64_t lin = lo, bad = 0, run;
        do {
            run = ao_walk_run(&w);
            if (run < 1 || lin + run > hi) { bad++; break; }
            for (int64_t i = 0; i < run; i++, lin++) {
                for (int k = 0; k < nops; k++) {
                    int64_t want = 0, r2 = lin;
                    for (int d = nd - 1; d >= 0; d--) {
                        want += (r2 % shape[d]) * st[k][d];
                        r2 /= shape[d];
                    }
                    if (w.off[k] + i * st[k][nd - 1] != want ||
                        ao_walk_offset(nd, shape, st[k], lin) != want)
                        bad++;
                }
            }
        } while (ao_walk_next(&w, run));
        CHECK(bad == 0 && lin == hi, "walk %d: nd %d, [%lld, %lld) reached %lld, %lld wrong offsets",
              it, nd, (long long)lo, (long long)hi, (long long)lin, (long long)bad);
        if (bad || lin != hi)
            break;
    }
    g_ctx = "";
}

/* --------------------------------------------------------- staged bodies */

static int nan16(uint16_t v, int dt)
{
    return dt == AO_DT_BF16 ? (v & 0x7fff) > 0x7f80 : (v & 0x7fff) > 0x7c00;
}

/* The first index < n where 16-bit results a and b differ, or -1. nan_equal: a NaN
 * equals any NaN of dtype dt. */
static int64_t first_diff16(const uint16_t *a, const uint16_t *b, int64_t n, int dt, int nan_equal)
{
    for (int64_t i = 0; i < n; i++)
        if (a[i] != b[i] && !(nan_equal && nan16(a[i], dt) && nan16(b[i], dt)))
            return i;
    return -1;
}

/* A staged body (AO_STAGE) runs as two loops over blocks of AO_STAGE_BLOCK elements;
 * its results must equal the unstaged body's bit for bit, NaN signs and payloads
 * included (ew_op.h's NaN rule): test_fma3_staged against
 * test_fma3, every ISA and dtype, sizes around the 16-element and stage blocks, out
 * separate and out == in[0]. Guard elements after out must stay untouched. */
static void test_staged(void)
{
    const int ks = ao_kernel_find("test_fma3_staged"), ku = ao_kernel_find("test_fma3");
    CHECK(ks >= 0 && ku >= 0, "test_fma3(_staged) kernels present");
    if (ks < 0 || ku < 0) return;
    const int64_t sizes[] = { 0, 1, 5, 15, 16, 17, 31, 255, 256, 257, 271, 511, 512, 513, 1000, 4099 };
    const int64_t NMAX = 4099, GUARD = 32;
    const float attrs[AO_MAX_ATTRS] = { 0.75f, -1.5f, 0.0f, 0.125f };
    float *f[3], *ref = malloc((NMAX + GUARD) * 4), *got = malloc((NMAX + GUARD) * 4);
    uint16_t *h[3], *href = malloc((NMAX + GUARD) * 2), *hgot = malloc((NMAX + GUARD) * 2);
    uint32_t seed = 99;
    for (int k = 0; k < 3; k++) {
        f[k] = malloc(NMAX * 4);
        h[k] = malloc(NMAX * 2);
        for (int64_t i = 0; i < NMAX; i++) {
            seed = seed * 1664525u + 1013904223u;
            f[k][i] = ((seed >> 8) * (1.0f / 16777216.0f) - 0.5f) * 64.0f;
            h[k][i] = (uint16_t)(seed >> 16);
        }
    }
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            const int64_t n = sizes[si];
            for (int inplace = 0; inplace < 2; inplace++) {
                /* fp32 */
                for (int64_t i = 0; i < NMAX + GUARD; i++) ref[i] = got[i] = -7.0f;
                memcpy(ref, f[0], n * 4);
                memcpy(got, f[0], n * 4);
                const float *ir[3] = { inplace ? ref : f[0], f[1], f[2] };
                const float *ig[3] = { inplace ? got : f[0], f[1], f[2] };
                ao_kernel_fn(ku)(ref, ir, n, attrs);
                ao_kernel_fn(ks)(got, ig, n, attrs);
                int64_t bad32 = -1;
                for (int64_t i = 0; i < NMAX + GUARD && bad32 < 0; i++)
                    if (f2u(ref[i]) != f2u(got[i]))
                        bad32 = i;
                CHECK(bad32 < 0, "staged f32 n=%lld in place %d: [%lld]", (long long)n, inplace,
                      (long long)bad32);
                /* fused 16-bit */
                for (int d = 0; d < 2; d++) {
                    const int dt = d ? AO_DT_BF16 : AO_DT_FLOAT16;
                    for (int64_t i = 0; i < NMAX + GUARD; i++) href[i] = hgot[i] = 0x7e01;
                    memcpy(href, h[0], n * 2);
                    memcpy(hgot, h[0], n * 2);
                    const void *jr[3] = { inplace ? href : h[0], h[1], h[2] };
                    const void *jg[3] = { inplace ? hgot : h[0], h[1], h[2] };
                    ao_kernel_fn16(ku, dt)(href, jr, n, attrs, 0);
                    ao_kernel_fn16(ks, dt)(hgot, jg, n, attrs, 0);
                    const int64_t bad = first_diff16(href, hgot, NMAX + GUARD, dt, 0);
                    CHECK(bad < 0, "staged %s n=%lld in place %d: [%lld] %04x vs %04x (inputs %04x %04x %04x)",
                          d ? "bf16" : "f16", (long long)n, inplace, (long long)bad,
                          bad < 0 ? 0 : href[bad], bad < 0 ? 0 : hgot[bad], bad < 0 ? 0 : h[0][bad],
                          bad < 0 ? 0 : h[1][bad], bad < 0 ? 0 : h[2][bad]);
                }
            }
        }
    }
    for (int k = 0; k < 3; k++) { free(f[k]); free(h[k]); }
    free(ref); free(got); free(href); free(hgot);
    g_ctx = "";
}

/* ------------------------------------------------------ lookup tables */

/* Every gradient-form op (AO_EW_GRAD), every ISA, both 16-bit dtypes: the table path
 * equals the computed path bit for bit over all 65536 values of x (each against
 * several dy: random bits, and 1, -0, inf, NaN, a subnormal), at lengths around the
 * 16-blocks, in place on either input, guard elements untouched. NaN signs and
 * payloads included (ew_op.h's NaN rule). The unary ops with tables (AO_EW_XFACTOR,
 * x * g(x): the table of g with dy = x; AO_EW_XFUNC, f(x): the table of results) the
 * same way, with x alone, in place or not. */
static void test_lut(void)
{
    enum { N = 65536, GUARD = 32, NDY = 4 };
    uint16_t *x = malloc(N * 2), *dy = malloc(N * 2), *xin = malloc(N * 2);
    uint16_t *ref = malloc((N + GUARD) * 2), *got = malloc((N + GUARD) * 2);
    const int64_t sizes[] = { N, 1, 15, 16, 17, 33, 1000 };
    int nops = 0;
    for (int k = 0; k < ao_kernel_count(); k++) {
        if (!ao_kernel_has_lut(k))
            continue;
        nops++;
        const int unary = ao_kernel_has_lut(k) != AO_LUT_FACTOR_DY;
        CHECK(ao_kernel_arity(k) == (unary ? 1 : 2), "%s: %d inputs", ao_kernel_name(k),
              ao_kernel_arity(k));
        for (int li = 0; li < g_nlevels; li++) {
            set_level(li);
            g_ctx = g_levels[li]->name;
            for (int d = 0; d < 2; d++) {
                const int dt = d ? AO_DT_BF16 : AO_DT_FLOAT16;
                const uint16_t one = d ? 0x3f80 : 0x3c00, inf = d ? 0x7f80 : 0x7c00;
                const uint16_t special[] = { one, 0x8000, inf, (uint16_t)(inf | 0x0201), 0x0003 };
                uint32_t seed = 7u + (uint32_t)(31 * k + d);
                for (int r = 0; r < NDY; r++) {
                    for (int64_t i = 0; i < N; i++) {
                        seed = seed * 1664525u + 1013904223u;
                        x[i] = (uint16_t)((i * 40503u) & 0xffffu); /* every value once */
                        dy[i] = r == 0 ? (uint16_t)(seed >> 16) : special[(i + r) % 5];
                    }
                    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
                        const int64_t n = sizes[si];
                        for (int inplace = 0; inplace < 3; inplace++) { /* no, on dy, on x */
                            if (unary && (inplace == 1 || r > 0))
                                continue; /* no dy */
                            uint16_t *out[2] = { ref, got };
                            for (int t = 0; t < 2; t++) {
                                for (int64_t i = 0; i < N + GUARD; i++) out[t][i] = 0x7e01;
                                const uint16_t *src = inplace == 1 ? dy : x;
                                if (inplace) memcpy(out[t], src, n * 2);
                                memcpy(xin, x, n * 2);
                                const void *in2[2] = { inplace == 1 ? out[t] : dy,
                                                       inplace == 2 ? out[t] : xin };
                                const void *in1[1] = { inplace == 2 ? out[t] : xin };
                                const void *const *in = unary ? in1 : in2;
                                ao_lut_policy(t ? AO_LUT_ON : AO_LUT_OFF);
                                ao_kernel_fn16(k, dt)(out[t], in, n, NULL, 0);
                            }
                            const int64_t bad = first_diff16(ref, got, N + GUARD, dt, 0);
                            CHECK(bad < 0, "lut %s %s n=%lld in place %d: [%lld] %04x vs %04x (dy %04x x %04x)",
                                  ao_kernel_name(k), d ? "bf16" : "f16", (long long)n, inplace,
                                  (long long)bad, bad < 0 ? 0 : ref[bad], bad < 0 ? 0 : got[bad],
                                  bad < 0 || bad >= n ? 0 : dy[bad], bad < 0 || bad >= n ? 0 : x[bad]);
                        }
                    }
                }
            }
        }
    }
    ao_lut_policy(AO_LUT_AUTO);
    CHECK(nops >= 15, "table ops found: %d", nops);
    free(x); free(dy); free(xin); free(ref); free(got);
    g_ctx = "";
}

/* ao_lut_decide, the choice ASCENDOPS_LUT=auto makes from measured costs: the table
 * only where it is clearly cheaper (at most AO_LUT_MARGIN of computing), computing
 * where either cost is missing (0, negative, NaN) or the two are close. */
static void test_lut_decide(void)
{
    CHECK(ao_lut_decide(1.0, 2.0) == AO_LUT_TABLE, "table half the cost");
    CHECK(ao_lut_decide(0.3, 0.38) == AO_LUT_TABLE, "table 0.79 of computing");
    CHECK(ao_lut_decide(0.9, 1.0) == AO_LUT_TABLE, "table at the margin");
    CHECK(ao_lut_decide(0.95, 1.0) == AO_LUT_COMPUTED, "table 0.95: too close");
    CHECK(ao_lut_decide(1.0, 1.0) == AO_LUT_COMPUTED, "equal costs");
    CHECK(ao_lut_decide(0.9, 0.5) == AO_LUT_COMPUTED, "computing cheaper");
    CHECK(ao_lut_decide(0.0, 1.0) == AO_LUT_COMPUTED, "table unmeasured");
    CHECK(ao_lut_decide(1.0, 0.0) == AO_LUT_COMPUTED, "computing unmeasured");
    CHECK(ao_lut_decide(-1.0, 1.0) == AO_LUT_COMPUTED, "negative cost");
    CHECK(ao_lut_decide(NAN, 1.0) == AO_LUT_COMPUTED, "NaN cost");
    CHECK(ao_lut_decide(1.0, NAN) == AO_LUT_COMPUTED, "NaN cost");
}

/* ASCENDOPS_LUT=auto's trials (region.h ao_lut_run: calls split in halves, one by the
 * table, one computed) give the computed path's bits, in each regime (stream 0, 1),
 * ISA and 16-bit dtype, in place on x too; and once AO_LUT_TRIALS calls were timed
 * ao_lut_choice reports a decision with both costs measured. */
static void test_lut_auto(void)
{
    enum { N = 65536 };
    uint16_t *x = malloc(N * 2), *dy = malloc(N * 2), *ref = malloc(N * 2), *got = malloc(N * 2);
    const int k = ao_kernel_find("silu_backward");
    CHECK(k >= 0 && ao_kernel_has_lut(k) == AO_LUT_FACTOR_DY, "silu_backward has tables");
    if (k < 0) return;
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        for (int d = 0; d < 2; d++) {
            const int dt = d ? AO_DT_BF16 : AO_DT_FLOAT16;
            uint32_t seed = 11u + (uint32_t)d;
            for (int64_t i = 0; i < N; i++) {
                seed = seed * 1664525u + 1013904223u;
                x[i] = (uint16_t)((i * 40503u) & 0xffffu); /* every value once */
                dy[i] = (uint16_t)(seed >> 16);
            }
            for (int st = 0; st < 2; st++) {
                const void *in[2] = { dy, x };
                ao_lut_policy(AO_LUT_OFF);
                ao_kernel_fn16(k, dt)(ref, in, N, NULL, st);
                ao_lut_policy(AO_LUT_AUTO);
                for (int call = 0; call < AO_LUT_TRIALS + 4; call++) {
                    const int inplace = call & 1;
                    if (inplace)
                        memcpy(got, x, N * 2);
                    else
                        memset(got, 0, N * 2);
                    const void *in2[2] = { dy, inplace ? (const void *)got : x };
                    ao_kernel_fn16(k, dt)(got, in2, N, NULL, st);
                    const int64_t bad = first_diff16(ref, got, N, dt, 0);
                    CHECK(bad < 0, "auto %s stream %d call %d: [%lld] %04x vs %04x",
                          d ? "bf16" : "f16", st, call, (long long)bad,
                          bad < 0 ? 0 : ref[bad], bad < 0 ? 0 : got[bad]);
                }
                double tns = 0, cns = 0;
                int trials = 0;
                const int c = ao_lut_choice(k, dt, st, &tns, &cns, &trials);
                CHECK((c == AO_LUT_TABLE || c == AO_LUT_COMPUTED) && trials >= AO_LUT_TRIALS &&
                          tns > 0 && cns > 0 && c == ao_lut_decide(tns, cns),
                      "auto %s stream %d: choice %d after %d trials (table %g ns, computed %g ns)",
                      d ? "bf16" : "f16", st, c, trials, tns, cns);
            }
        }
    }
    CHECK(ao_lut_choice(k, AO_DT_FLOAT, 0, NULL, NULL, NULL) == -1, "no float32 tables");
    CHECK(ao_lut_choice(ao_kernel_find("add_relu"), AO_DT_BF16, 0, NULL, NULL, NULL) == -1,
          "no tables for add_relu");
    free(x); free(dy); free(ref); free(got);
    g_ctx = "";
}

/* ------------------------------------------------------ NaN sign and payload */

/* Which NaN a kernel returns must not depend on the ISA region, the path (fp32,
 * fused 16-bit, staged, lookup table, vector body or scalar tail) or the compiler's
 * operand order: a NaN result takes the sign and payload of the first NaN input in
 * operand order, quietened (ew_op.h, "NaN results"). Every op of the table, every
 * ISA this CPU has, every combination of finite / two distinct NaNs (a signalling
 * positive one, a quiet negative one, different payloads per operand) across the
 * inputs, at lengths that put each combination in vector bodies and scalar tails;
 * the bits must equal the rule's and be identical across regions and paths. */
static uint32_t nan_in32(int j, int c) /* operand j, class c: 1 sNaN+, 2 qNaN- */
{
    return c == 1 ? 0x7f800000u | (0x1234u + 0x111u * (uint32_t)j) << 4
                  : 0xffc00000u | (0x2345u + 0x222u * (uint32_t)j) << 7;
}
static uint16_t nan_in16(int j, int c, int dt)
{
    if (dt == AO_DT_FLOAT16) /* f16: exponent 0x7c00, quiet bit 0x200 */
        return c == 1 ? (uint16_t)(0x7c00u | (0x51u + 0x22u * (unsigned)j))
                      : (uint16_t)(0xfe00u | (0x0a3u + 0x14u * (unsigned)j));
    return c == 1 ? (uint16_t)(0x7f80u | (0x11u + 0x06u * (unsigned)j)) /* bf16: quiet bit 0x40 */
                  : (uint16_t)(0xffc0u | (0x05u + 0x09u * (unsigned)j));
}
static int nan_class(int64_t i, int j) /* 0 finite, 1 or 2 a NaN: i % 81 runs every
                                        * combination of AO_MAX_INPUTS (4) inputs (of 3 in
                                        * every 27) */
{
    int c = (int)(i % 81);
    for (int t = 0; t < j; t++) c /= 3;
    return c % 3;
}

static void test_nan_payloads(void)
{
    enum { NMAX = 300 };
    const int64_t sizes[] = { 7, 37, NMAX };
    const float attrs[AO_MAX_ATTRS] = { 0.75f, -1.5f, 0.0f, 0.125f };
    float f[AO_MAX_INPUTS][NMAX], o32[3][NMAX];
    uint16_t h[2][AO_MAX_INPUTS][NMAX], o16[2][3][2][NMAX]; /* [dtype][level][lut][i] */
    int nnan = 0;
    for (int k = 0; k < ao_kernel_count(); k++) {
        const int nin = ao_kernel_arity(k);
        for (int j = 0; j < nin; j++)
            for (int64_t i = 0; i < NMAX; i++) {
                const int c = nan_class(i, j);
                f[j][i] = c ? u2f(nan_in32(j, c)) : 0.5f + 0.25f * (float)((i + j) % 5);
                h[0][j][i] = c ? nan_in16(j, c, AO_DT_FLOAT16) : (uint16_t)(0x3800 + (i + j) % 5);
                h[1][j][i] = c ? nan_in16(j, c, AO_DT_BF16) : (uint16_t)(0x3f00 + (i + j) % 5);
            }
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            const int64_t n = sizes[si];
            for (int li = 0; li < g_nlevels; li++) {
                set_level(li);
                g_ctx = g_levels[li]->name;
                const float *in32[AO_MAX_INPUTS] = { f[0], f[1], f[2], f[3] };
                ao_kernel_fn(k)(o32[li], in32, n, attrs);
                for (int d = 0; d < 2; d++)
                    for (int lut = 0; lut < 2; lut++) {
                        const void *in16[AO_MAX_INPUTS] = { h[d][0], h[d][1], h[d][2], h[d][3] };
                        ao_lut_policy(lut ? AO_LUT_ON : AO_LUT_OFF);
                        ao_kernel_fn16(k, d ? AO_DT_BF16 : AO_DT_FLOAT16)(o16[d][li][lut], in16, n,
                                                                           attrs, 0);
                    }
            }
            ao_lut_policy(AO_LUT_AUTO);
            g_ctx = ao_kernel_name(k);
            int64_t bad32 = -1, bad16 = -1, badx = -1;
            for (int64_t i = 0; i < n; i++) {
                int first = -1; /* the first NaN input */
                for (int j = nin - 1; j >= 0; j--)
                    if (nan_class(i, j)) first = j;
                const uint32_t r = f2u(o32[0][i]);
                if (first >= 0 && isnan(o32[0][i])) {
                    nnan++;
                    /* quietened, except by a copy, which keeps the bits, and by an op that
                     * selects the input as its result (CANN's Select passes the bits: the
                     * activation backwards' dy where x is in range, ew_op.h's NaN rule) */
                    const uint32_t in = nan_in32(first, nan_class(i, first));
                    const uint32_t quiet = strcmp(ao_kernel_name(k), "view_copy") ? 0x00400000u : 0;
                    if (r != (in | quiet) && !(quiet && r == in) && bad32 < 0)
                        bad32 = i;
                }
                for (int li = 0; li < g_nlevels; li++)
                    if (f2u(o32[li][i]) != r && badx < 0) badx = i;
                for (int d = 0; d < 2; d++) {
                    const int dt = d ? AO_DT_BF16 : AO_DT_FLOAT16;
                    const uint16_t r16 = o16[d][0][0][i];
                    if (first >= 0 && nan16(r16, dt) &&
                        r16 != (nan_in16(first, nan_class(i, first), dt) | (d ? 0x40 : 0x200)) && bad16 < 0)
                        bad16 = i;
                    for (int li = 0; li < g_nlevels; li++)
                        for (int lut = 0; lut < 2; lut++)
                            if (o16[d][li][lut][i] != r16 && badx < 0) badx = i;
                }
            }
            CHECK(bad32 < 0, "f32 n=%lld [%lld] %08x, inputs' NaN classes %d %d %d %d", (long long)n,
                  (long long)bad32, bad32 < 0 ? 0 : f2u(o32[0][bad32]), bad32 < 0 ? 0 : nan_class(bad32, 0),
                  bad32 < 0 ? 0 : nan_class(bad32, 1), bad32 < 0 ? 0 : nan_class(bad32, 2),
                  bad32 < 0 ? 0 : nan_class(bad32, 3));
            CHECK(bad16 < 0, "16-bit n=%lld [%lld] f16 %04x bf16 %04x, classes %d %d %d %d", (long long)n,
                  (long long)bad16, bad16 < 0 ? 0 : o16[0][0][0][bad16], bad16 < 0 ? 0 : o16[1][0][0][bad16],
                  bad16 < 0 ? 0 : nan_class(bad16, 0), bad16 < 0 ? 0 : nan_class(bad16, 1),
                  bad16 < 0 ? 0 : nan_class(bad16, 2), bad16 < 0 ? 0 : nan_class(bad16, 3));
            if (badx >= 0) {
                char buf[400];
                int m = 0;
                for (int li = 0; li < g_nlevels; li++)
                    m += snprintf(buf + m, sizeof buf - m, " %s: %08x f16 %04x/%04x bf16 %04x/%04x",
                                  g_levels[li]->name, f2u(o32[li][badx]), o16[0][li][0][badx],
                                  o16[0][li][1][badx], o16[1][li][0][badx], o16[1][li][1][badx]);
                CHECK(0, "n=%lld [%lld] classes %d %d %d %d, regions/paths differ:%s", (long long)n,
                      (long long)badx, nan_class(badx, 0), nan_class(badx, 1), nan_class(badx, 2),
                      nan_class(badx, 3), buf);
            } else
                g_pass++;
        }
    }
    CHECK(nnan > 100, "NaN results checked: %d", nnan);
    g_ctx = "";
}

/* The NaN rule in place (out == one of the inputs, as the dispatcher runs a full
 * overlap): the kernels compute the fast result and fix NaN lanes afterwards from the
 * inputs, so in place they must not fix from inputs they already overwrote. Every
 * op, region, fp32 / f16 / bf16, tables off and on, out aliasing each input in turn,
 * sizes across the fp32 blocks (AO_STAGE_BLOCK) and the 16-bit ones: the bits equal
 * the out-of-place run's. */
static void test_nan_payloads_inplace(void)
{
    enum { NMAX = 600 };
    const int64_t sizes[] = { 7, 300, NMAX };
    const float attrs[AO_MAX_ATTRS] = { 0.75f, -1.5f, 0.0f, 0.125f };
    float f[AO_MAX_INPUTS][NMAX], ref32[NMAX], io32[AO_MAX_INPUTS][NMAX];
    uint16_t h[AO_MAX_INPUTS][NMAX], ref16[NMAX], io16[AO_MAX_INPUTS][NMAX];
    for (int k = 0; k < ao_kernel_count(); k++) {
        const int nin = ao_kernel_arity(k);
        for (int li = 0; li < g_nlevels; li++) {
            set_level(li);
            for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
                const int64_t n = sizes[si];
                int64_t bad32 = -1, bad16 = -1;
                int bad_in = -1, bad_dt = 0;
                for (int j = 0; j < nin; j++)
                    for (int64_t i = 0; i < n; i++) {
                        const int c = nan_class(i + (int64_t)si, j);
                        f[j][i] = c ? u2f(nan_in32(j, c)) : 0.5f + 0.25f * (float)((i + j) % 5);
                    }
                const float *in32[AO_MAX_INPUTS] = { f[0], f[1], f[2], f[3] };
                ao_kernel_fn(k)(ref32, in32, n, attrs);
                for (int a = 0; a < nin; a++) {
                    const float *io_in[AO_MAX_INPUTS];
                    for (int j = 0; j < nin; j++) {
                        memcpy(io32[j], f[j], (size_t)n * sizeof(float));
                        io_in[j] = io32[j];
                    }
                    ao_kernel_fn(k)(io32[a], io_in, n, attrs);
                    for (int64_t i = 0; i < n && bad32 < 0; i++)
                        if (f2u(io32[a][i]) != f2u(ref32[i])) { bad32 = i; bad_in = a; }
                }
                for (int d = 0; d < 2; d++) {
                    const int dt = d ? AO_DT_BF16 : AO_DT_FLOAT16;
                    for (int j = 0; j < nin; j++)
                        for (int64_t i = 0; i < n; i++) {
                            const int c = nan_class(i + (int64_t)si, j);
                            h[j][i] = c ? nan_in16(j, c, dt)
                                        : (uint16_t)((d ? 0x3f00 : 0x3800) + (i + j) % 5);
                        }
                    for (int lut = 0; lut < 2; lut++) {
                        ao_lut_policy(lut ? AO_LUT_ON : AO_LUT_OFF);
                        const void *in16[AO_MAX_INPUTS] = { h[0], h[1], h[2], h[3] };
                        ao_kernel_fn16(k, dt)(ref16, in16, n, attrs, 0);
                        for (int a = 0; a < nin; a++) {
                            const void *io_in[AO_MAX_INPUTS];
                            for (int j = 0; j < nin; j++) {
                                memcpy(io16[j], h[j], (size_t)n * 2);
                                io_in[j] = io16[j];
                            }
                            ao_kernel_fn16(k, dt)(io16[a], io_in, n, attrs, 0);
                            for (int64_t i = 0; i < n && bad16 < 0; i++)
                                if (io16[a][i] != ref16[i]) { bad16 = i; bad_in = a; bad_dt = dt; }
                        }
                    }
                    ao_lut_policy(AO_LUT_AUTO);
                }
                g_ctx = ao_kernel_name(k);
                CHECK(bad32 < 0, "%s f32 in place over input %d, n=%lld: [%lld] %08x, out of place %08x",
                      g_levels[li]->name, bad_in, (long long)n, (long long)bad32,
                      bad32 < 0 ? 0 : f2u(io32[bad_in][bad32]), bad32 < 0 ? 0 : f2u(ref32[bad32]));
                CHECK(bad16 < 0, "%s %s in place over input %d, n=%lld: [%lld]", g_levels[li]->name,
                      bad_dt == AO_DT_BF16 ? "bf16" : "f16", bad_in, (long long)n, (long long)bad16);
                g_ctx = "";
            }
        }
    }
}

/* ------------------------------------------------------ non-temporal output */

/* 64-byte aligned (aligned_alloc wants a size that is a multiple of the alignment) */
static char *alloc64(size_t bytes) { return aligned_alloc(64, (bytes + 63) / 64 * 64); }

/* The fused 16-bit kernels with stream = 1 (non-temporal stores where the output is
 * 16-byte aligned) equal stream = 0 bit for bit: every ISA, both dtypes, computed and
 * table paths (SiluBackward with tables off and on), a staged 3-input op and a unary
 * one (view_copy), the output at 0, 2, 16 and 30 bytes off a 64-byte line, sizes
 * around the 16-blocks, guard elements untouched. */
static void test_stream_kernels(void)
{
    enum { NMAX = 4099, GUARD = 32, PAD = 32 };
    const char *names[] = { "silu_backward", "silu_backward", "test_fma3_staged", "view_copy" };
    const int64_t sizes[] = { 1, 15, 16, 17, 100, 1000, NMAX };
    const int offsets[] = { 0, 2, 16, 30 };
    const float attrs[AO_MAX_ATTRS] = { 0.75f, -1.5f, 0.0f, 0.125f };
    uint16_t *h[3];
    for (int k = 0; k < 3; k++) {
        h[k] = malloc(NMAX * 2);
        for (int64_t i = 0; i < NMAX; i++)
            h[k][i] = (uint16_t)(rnd() >> 48);
    }
    char *ref0 = alloc64((NMAX + GUARD) * 2 + 2 * PAD);
    char *got0 = alloc64((NMAX + GUARD) * 2 + 2 * PAD);
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        for (size_t ki = 0; ki < sizeof names / sizeof names[0]; ki++) {
            const int k = ao_kernel_find(names[ki]);
            CHECK(k >= 0, "kernel %s present", names[ki]);
            if (k < 0) continue;
            ao_lut_policy(ki == 1 ? AO_LUT_ON : AO_LUT_OFF);
            for (int d = 0; d < 2; d++) {
                const int dt = d ? AO_DT_BF16 : AO_DT_FLOAT16;
                for (size_t oi = 0; oi < sizeof offsets / sizeof offsets[0]; oi++)
                    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
                        const int64_t n = sizes[si];
                        uint16_t *ref = (uint16_t *)(ref0 + offsets[oi]);
                        uint16_t *got = (uint16_t *)(got0 + offsets[oi]);
                        for (int64_t i = 0; i < NMAX + GUARD; i++) ref[i] = got[i] = 0x7e01;
                        const void *in[3] = { h[0], h[1], h[2] };
                        ao_kernel_fn16(k, dt)(ref, in, n, attrs, 0);
                        ao_kernel_fn16(k, dt)(got, in, n, attrs, 1);
                        const int64_t bad = first_diff16(ref, got, NMAX + GUARD, dt, 0);
                        CHECK(bad < 0, "stream %s%s %s offset %d n=%lld: [%lld] %04x vs %04x",
                              names[ki], ki == 1 ? " (table)" : "", d ? "bf16" : "f16",
                              offsets[oi], (long long)n, (long long)bad,
                              bad < 0 ? 0 : ref[bad], bad < 0 ? 0 : got[bad]);
                    }
            }
        }
    }
    ao_lut_policy(AO_LUT_AUTO);
    for (int k = 0; k < 3; k++) free(h[k]);
    free(ref0); free(got0);
    g_ctx = "";
}

/* The fp32 kernels' stream flag (ao_kernel_fn32s): stream = 1 writes the same bits as
 * the plain fp32 kernel (stream = 0 and ao_kernel_fn), in every region the CPU runs,
 * for unstaged (register-at-a-time) and staged bodies, 2-input and 3-input, at sizes
 * around the register and the staged block (256), outputs on a 64-byte line and off it
 * by 4 to 60 bytes (where only some registers are aligned), in place on an input, and
 * with random bit patterns as inputs (NaNs of every payload: the NaN rule's fix runs
 * before the stores); guard elements after n stay untouched. */
static void test_stream_kernels32(void)
{
    enum { NMAX = 4099, GUARD = 32, PAD = 64 };
    const char *names[] = { "silu_backward", "test_fma3", "test_fma3_staged", "view_copy",
                            "hardtanh_backward" };
    const int64_t sizes[] = { 1, 7, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1000, NMAX };
    const int offsets[] = { 0, 4, 16, 32, 60 };
    const float attrs[AO_MAX_ATTRS] = { 0.75f, -1.5f, 0.0f, 0.125f };
    uint32_t *h[3];
    for (int k = 0; k < 3; k++) {
        h[k] = malloc(NMAX * 4);
        for (int64_t i = 0; i < NMAX; i++) /* every 4th a normal-range float, else any bits */
            h[k][i] = i % 4 ? (uint32_t)(rnd() >> 32) : f2u((float)(8 * nrand()));
    }
    char *ref0 = alloc64((NMAX + GUARD) * 4 + 2 * PAD);
    char *got0 = alloc64((NMAX + GUARD) * 4 + 2 * PAD);
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        g_ctx = g_levels[li]->name;
        for (size_t ki = 0; ki < sizeof names / sizeof names[0]; ki++) {
            const int k = ao_kernel_find(names[ki]);
            CHECK(k >= 0 && ao_kernel_fn32s(k) != NULL, "kernel %s present", names[ki]);
            if (k < 0 || !ao_kernel_fn32s(k)) continue;
            const int nin = ao_kernel_arity(k);
            for (size_t oi = 0; oi < sizeof offsets / sizeof offsets[0]; oi++)
                for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
                    for (int inplace = 0; inplace < 2; inplace++) {
                        const int64_t n = sizes[si];
                        uint32_t *ref = (uint32_t *)(ref0 + offsets[oi]);
                        uint32_t *got = (uint32_t *)(got0 + offsets[oi]);
                        for (int64_t i = 0; i < NMAX + GUARD; i++) ref[i] = got[i] = 0x7fc0dead;
                        if (inplace) { /* out is the last input */
                            memcpy(ref, h[nin - 1], n * 4);
                            memcpy(got, h[nin - 1], n * 4);
                        }
                        const float *rin[3] = { (float *)h[0], (float *)h[1], (float *)h[2] };
                        const void *gin[3] = { h[0], h[1], h[2] };
                        if (inplace) {
                            rin[nin - 1] = (float *)ref;
                            gin[nin - 1] = got;
                        }
                        ao_kernel_fn(k)((float *)ref, rin, n, attrs);
                        ao_kernel_fn32s(k)(got, gin, n, attrs, 1);
                        int64_t bad = -1;
                        for (int64_t i = 0; i < NMAX + GUARD && bad < 0; i++)
                            if (ref[i] != got[i]) bad = i;
                        CHECK(bad < 0, "stream f32 %s offset %d n=%lld in place %d: [%lld] %08x vs %08x",
                              names[ki], offsets[oi], (long long)n, inplace, (long long)bad,
                              bad < 0 ? 0 : ref[bad], bad < 0 ? 0 : got[bad]);
                    }
        }
    }
    for (int k = 0; k < 3; k++) free(h[k]);
    free(ref0); free(got0);
    g_ctx = "";
}

/* ------------------------------------------------------ transposed copies */

/* Every ISA's transpose32/16 against the definition dst[r*ld_dst + c] =
 * src[c*ld_src + r], on sizes around the 8 x 8 blocks, padded leading dimensions
 * and a negative one; guard elements around dst must stay untouched. */
static void test_transposes(void)
{
    enum { MAXN = 21, PAD = 3, GUARD = 64 };
    uint32_t *s32 = malloc(sizeof(uint32_t) * (MAXN + PAD) * (MAXN + PAD) * 2);
    uint32_t *d32 = malloc(sizeof(uint32_t) * ((MAXN + PAD) * (MAXN + PAD) + 2 * GUARD));
    uint16_t *s16 = malloc(sizeof(uint16_t) * (MAXN + PAD) * (MAXN + PAD) * 2);
    uint16_t *d16 = malloc(sizeof(uint16_t) * ((MAXN + PAD) * (MAXN + PAD) + 2 * GUARD));
    for (int li = 0; li < g_nlevels; li++) {
        const ao_isa_impl *isa = g_levels[li];
        g_ctx = isa->name;
        int bad = 0;
        for (int rows = 0; rows <= MAXN; rows++)
            for (int cols = 0; cols <= MAXN; cols++)
                for (int pad = 0; pad <= PAD; pad += PAD)
                    for (int neg = 0; neg < 2; neg++) {
                        const int64_t lds = rows + pad, ldd = cols + pad;
                        /* src column c at src0 + c * ld (ld < 0: columns run backwards) */
                        const int64_t ld = neg ? -lds : lds;
                        const int64_t base = neg ? (int64_t)(cols > 0 ? cols - 1 : 0) * lds : 0;
                        for (int64_t i = 0; i < (MAXN + PAD) * (MAXN + PAD) * 2; i++) {
                            s32[i] = (uint32_t)rnd();
                            s16[i] = (uint16_t)rnd();
                        }
                        for (int64_t i = 0; i < (MAXN + PAD) * (MAXN + PAD) + 2 * GUARD; i++) {
                            d32[i] = 0xdeadbeefu;
                            d16[i] = 0xbeefu;
                        }
                        isa->transpose32(d32 + GUARD, ldd, s32 + base, ld, rows, cols);
                        isa->transpose16(d16 + GUARD, ldd, s16 + base, ld, rows, cols);
                        for (int64_t r = 0; r < rows; r++)
                            for (int64_t c = 0; c < cols; c++) {
                                bad += d32[GUARD + r * ldd + c] != s32[base + c * ld + r];
                                bad += d16[GUARD + r * ldd + c] != s16[base + c * ld + r];
                            }
                        /* nothing outside the rows x cols block was written */
                        for (int64_t i = 0; i < (MAXN + PAD) * (MAXN + PAD) + 2 * GUARD; i++) {
                            const int64_t j = i - GUARD;
                            const int inside = rows > 0 && cols > 0 && j >= 0 && j / ldd < rows && j % ldd < cols;
                            if (!inside) {
                                bad += d32[i] != 0xdeadbeefu;
                                bad += d16[i] != 0xbeefu;
                            }
                        }
                        if (bad && bad < 3)
                            CHECK(0, "transpose rows %d cols %d pad %d neg %d", rows, cols, pad, neg);
                    }
        CHECK(bad == 0, "transposes: %d wrong elements", bad);
    }
    free(s32); free(d32); free(s16); free(d16);
    g_ctx = "";
}

/* --------------------------------------------------------- conversions */

/* The scalar widenings (scalar_cvt.h: softmax.c's row tails, cast.c, channel.c) give
 * every float16 and bfloat16 bit pattern the bits of each region's array conversion,
 * a signalling NaN quietened with its sign and payload kept (vcvtph2ps's rule). */
static void test_scalar_widen(void)
{
    uint16_t *h = malloc(65536 * 2);
    float *f = malloc(65536 * 4);
    for (int i = 0; i < 65536; i++) h[i] = (uint16_t)i;
    for (int li = 0; li < g_nlevels; li++) {
        const ao_isa_impl *isa = g_levels[li];
        g_ctx = isa->name;
        int bad16 = 0, badb = 0, first = -1;
        isa->f16_to_f32(f, h, 65536);
        for (int i = 0; i < 65536; i++)
            if (f2u(ao_s_f16_to_f32((uint16_t)i)) != f2u(f[i])) {
                bad16++;
                if (first < 0) first = i;
            }
        isa->bf16_to_f32(f, h, 65536);
        for (int i = 0; i < 65536; i++)
            badb += f2u(ao_s_bf16_to_f32((uint16_t)i)) != f2u(f[i]);
        CHECK(bad16 == 0, "ao_s_f16_to_f32: %d patterns differ from the array conversion (first 0x%04x)",
              bad16, first);
        CHECK(badb == 0, "ao_s_bf16_to_f32: %d patterns differ from the array conversion", badb);
    }
    free(h); free(f);
    g_ctx = "";
}

static void test_conversions(void)
{
    uint16_t *h = malloc(65536 * 2), *h2 = malloc(65536 * 2);
    float *f = malloc(65536 * 4);
    for (int li = 0; li < g_nlevels; li++) {
        const ao_isa_impl *isa = g_levels[li];
        g_ctx = isa->name;
        for (int i = 0; i < 65536; i++) h[i] = (uint16_t)i;
        /* widening, exhaustive; odd offsets/lengths exercise vector tails */
        isa->f16_to_f32(f, h, 65536);
        isa->f16_to_f32(f + 1, h + 1, 37); /* overlapping rewrite, same values */
        int bad = 0;
        for (int i = 0; i < 65536; i++) {
            double r = ref_h2d((uint16_t)i);
            uint32_t fb = f2u(f[i]);
            int ok;
            if (isnan(r)) ok = fb == (((uint32_t)(i & 0x8000) << 16) | 0x7fc00000u | ((uint32_t)(i & 0x3ff) << 13));
            else ok = (double)f[i] == r && (signbit(f[i]) != 0) == ((i & 0x8000) != 0);
            if (!ok && bad++ < 4) CHECK(0, "f16 %04x -> %08x", i, fb);
        }
        CHECK(bad == 0, "f16 widening: %d bad", bad);
        isa->bf16_to_f32(f, h, 65536);
        bad = 0;
        for (int i = 0; i < 65536; i++)
            if (f2u(f[i]) != (uint32_t)i << 16 && bad++ < 4) CHECK(0, "bf16 %04x", i);
        CHECK(bad == 0, "bf16 widening: %d bad", bad);
        /* round trip */
        isa->f16_to_f32(f, h, 65536);
        isa->f32_to_f16(h2, f, 65536);
        bad = 0;
        for (int i = 0; i < 65536; i++) {
            int isn = (i & 0x7c00) == 0x7c00 && (i & 0x3ff);
            uint16_t want = isn ? (uint16_t)(i | 0x200) : (uint16_t)i;
            if (h2[i] != want && bad++ < 4) CHECK(0, "f16 round trip %04x -> %04x", i, h2[i]);
        }
        CHECK(bad == 0, "f16 round trip: %d bad", bad);
        isa->bf16_to_f32(f, h, 65536);
        isa->f32_to_bf16(h2, f, 65536);
        bad = 0;
        for (int i = 0; i < 65536; i++) {
            int isn = (i & 0x7f80) == 0x7f80 && (i & 0x7f);
            uint16_t want = isn ? (uint16_t)(i | 0x40) : (uint16_t)i;
            if (h2[i] != want && bad++ < 4) CHECK(0, "bf16 round trip %04x -> %04x", i, h2[i]);
        }
        CHECK(bad == 0, "bf16 round trip: %d bad", bad);

        /* narrowing vs the double reference */
        const int64_t N = 1 << 16;
        float *x = malloc(N * 4);
        uint16_t *o16 = malloc(N * 2), *ob = malloc(N * 2);
        uint64_t step = g_quick ? 65537 : 4093;
        int64_t cnt = 0, badh = 0, badb = 0;
        for (int pass = 0; pass < 2; pass++) {
            uint64_t u = 0;
            while (u < (1ull << 32) || pass == 1) {
                int64_t n = 0;
                if (pass == 0) {
                    for (; n < N && u < (1ull << 32); n++, u += step) x[n] = u2f((uint32_t)u);
                } else {
                    /* ties, near-ties and subnormal/overflow boundaries */
                    for (; n < N; n++) {
                        uint32_t r = (uint32_t)rnd();
                        switch (n % 8) {
                        case 0: r = (r & 0xffffe000u) | 0x1000u; break;           /* f16 tie */
                        case 1: r = (r & 0xffff0000u) | 0x8000u; break;           /* bf16 tie */
                        case 2: r = (r & 0x80000000u) | (0x33000000u + (r & 0x03ffffffu)); break; /* f16 subnormals */
                        case 3: r = (r & 0xffffe000u) | 0x0fffu; break;
                        case 4: r = (r & 0xffffe000u) | 0x1001u; break;
                        case 5: r = (r & 0x80000000u) | (0x477fe000u + (r & 0x3fffu)); break; /* near 65504..65536 */
                        case 6: r = (r & 0x807fffffu) | ((r & 1) ? 0 : 0x7f000000u); break; /* float subn / huge */
                        default: break;
                        }
                        x[n] = u2f(r);
                    }
                }
                isa->f32_to_f16(o16, x, n);
                isa->f32_to_bf16(ob, x, n);
                for (int64_t i = 0; i < n; i++) {
                    cnt++;
                    uint32_t xb = f2u(x[i]);
                    uint16_t wh, wb;
                    if (isnan(x[i])) {
                        wh = (uint16_t)(((xb >> 16) & 0x8000u) | 0x7e00u | ((xb >> 13) & 0x3ffu));
                        wb = (uint16_t)((xb >> 16) | 0x40u);
                    } else {
                        wh = ref_d2h(x[i]);
                        wb = ref_d2b(x[i]);
                    }
                    if (o16[i] != wh && badh++ < 4) CHECK(0, "f32 %08x -> f16 %04x, want %04x", xb, o16[i], wh);
                    if (ob[i] != wb && badb++ < 4) CHECK(0, "f32 %08x -> bf16 %04x, want %04x", xb, ob[i], wb);
                }
                if (pass == 1) break;
            }
        }
        CHECK(badh == 0, "f16 narrowing: %lld bad of %lld", (long long)badh, (long long)cnt);
        CHECK(badb == 0, "bf16 narrowing: %lld bad of %lld", (long long)badb, (long long)cnt);
        free(x); free(o16); free(ob);
    }
    free(h); free(h2); free(f);
    g_ctx = "";
}

/* ------------------------------------------------------ ew_run harness */

static ao_tiling cann_tiling(int64_t n, int b)
{
    const int64_t ub = 196608, cores = 48;
    (void)ub;
    int64_t aligned = (n * b + 31) / 32 * 32, blocks = aligned / 32;
    int64_t c = (n + 1023) / 1024;
    if (c > cores) c = cores;
    if (c > blocks) c = blocks;
    if (c < 1) c = 1;
    int64_t every = blocks / c, tail = blocks % c;
    ao_tiling t;
    t.block_dim = c;
    t.small_core_data_num = every * 32 / b;
    t.big_core_data_num = (every + 1) * 32 / b;
    t.tail_block_num = tail;
    return t;
}

static int dsize(int dt) { return dt == AO_DT_FLOAT ? 4 : 2; }

static double load_d(const char *p, int dt)
{
    if (dt == AO_DT_FLOAT) { float f; memcpy(&f, p, 4); return f; }
    uint16_t h; memcpy(&h, p, 2);
    return dt == AO_DT_FLOAT16 ? ref_h2d(h) : ref_b2d(h);
}

static void store_d(char *p, int dt, double v)
{
    if (dt == AO_DT_FLOAT) { float f = (float)v; memcpy(p, &f, 4); return; }
    uint16_t h = dt == AO_DT_FLOAT16 ? ref_d2h((float)v) : ref_d2b((float)v);
    memcpy(p, &h, 2);
}

/* An operand buffer covering every element of the strided view (plus guards). */
typedef struct {
    char *mem, *base;      /* base = element 0 */
    int64_t lo, hi;        /* element offsets covered: [lo, hi] */
    int dt;
} buf_t;

static void buf_make(buf_t *b, int ndim, const int64_t *shape, const int64_t *st, int dt)
{
    int64_t lo = 0, hi = 0;
    for (int d = 0; d < ndim; d++) {
        int64_t e = (shape[d] - 1) * st[d];
        if (e < 0) lo += e; else hi += e;
    }
    const int64_t guard = 64;
    b->lo = lo; b->hi = hi; b->dt = dt;
    b->mem = malloc((size_t)((hi - lo + 1 + 2 * guard) * dsize(dt)));
    b->base = b->mem + (guard - lo) * dsize(dt);
}

static const uint16_t SENT16 = 0x7e5a;     /* NaN sentinel */
static const uint32_t SENT32 = 0x7fc0dead;

static void buf_fill_sentinel(buf_t *b)
{
    int64_t total = b->hi - b->lo + 1 + 128;
    for (int64_t i = 0; i < total; i++) {
        if (b->dt == AO_DT_FLOAT) memcpy(b->mem + i * 4, &SENT32, 4);
        else memcpy(b->mem + i * 2, &SENT16, 2);
    }
}

static int is_sentinel(const char *p, int dt)
{
    if (dt == AO_DT_FLOAT) return memcmp(p, &SENT32, 4) == 0;
    return memcmp(p, &SENT16, 2) == 0;
}

typedef double (*ref_fn)(const double *in, const float *attrs, double *tol);

static double ref_silu(const double *in, const float *attrs, double *tol)
{
    (void)attrs;
    double dy = in[0], x = in[1];
    double s = 1.0 / (1.0 + exp(-x));
    *tol = 2e-6 * fabs(dy) * (1.0 + fabs(x)) + 1e-30;
    return dy * s * (1.0 + x * (1.0 - s));
}
static double ref_copy(const double *in, const float *attrs, double *tol)
{
    (void)attrs; *tol = 0; return in[0];
}
static double ref_add_one(const double *in, const float *attrs, double *tol)
{
    (void)attrs; *tol = 0; return (float)(in[0] + 1.0);
}
static double ref_fma3(const double *in, const float *attrs, double *tol)
{
    double v = in[0] * in[1] * attrs[0] + in[2] * attrs[1] + attrs[3];
    *tol = 1e-6 * (fabs(in[0] * in[1] * attrs[0]) + fabs(in[2] * attrs[1]) + fabs(attrs[3])) + 1e-30;
    return v;
}

static double ref_fma4(const double *in, const float *attrs, double *tol)
{
    double v = in[0] * in[1] * attrs[0] + in[2] * in[3] + attrs[1];
    *tol = 1e-6 * (fabs(in[0] * in[1] * attrs[0]) + fabs(in[2] * in[3]) + fabs(attrs[1])) + 1e-30;
    return v;
}

typedef struct {
    const char *name;        /* kernel */
    ref_fn ref;
    int ndim;
    int64_t shape[AO_MAX_DIMS];
    int dtype[AO_MAX_OPERANDS];
    int64_t strides[AO_MAX_OPERANDS][AO_MAX_DIMS];
    int custom_tiling;       /* else CANN tiling from numel and input dtype size */
    ao_tiling tiling;
    int alias_out;           /* 0: none; k: output shares input k's buffer (exact alias) */
    float attrs[AO_MAX_ATTRS];
    int nthreads;
    int int_inputs;          /* fill inputs with small integers (exact add_one check) */
} ew_case;

static void contig_strides(int ndim, const int64_t *shape, int64_t *st)
{
    int64_t s = 1;
    for (int d = ndim - 1; d >= 0; d--) { st[d] = s; s *= shape[d]; }
}

/* Runs one case on the current ISA and checks every output element (and that
 * nothing outside the output view was written). */
static void run_case(const char *label, const ew_case *cs)
{
    g_ctx = label;
    int k = ao_kernel_find(cs->name);
    CHECK(k >= 0, "kernel %s", cs->name);
    if (k < 0) return;
    int nin = ao_kernel_arity(k);
    ao_ew_plan p;
    memset(&p, 0, sizeof p);
    p.kernel = k; p.nin = nin; p.ndim = cs->ndim;
    p.numel = 1;
    for (int d = 0; d < cs->ndim; d++) { p.shape[d] = cs->shape[d]; p.numel *= cs->shape[d]; }
    memcpy(p.dtype, cs->dtype, sizeof p.dtype);
    memcpy(p.strides, cs->strides, sizeof p.strides);
    memcpy(p.attrs, cs->attrs, sizeof p.attrs);
    p.tiling = cs->custom_tiling ? cs->tiling : cann_tiling(p.numel, dsize(cs->dtype[1]));
    buf_t b[AO_MAX_OPERANDS];
    for (int o = 0; o <= nin; o++) {
        if (o == 0 && cs->alias_out) continue;
        buf_make(&b[o], cs->ndim, cs->shape, cs->strides[o], cs->dtype[o]);
        buf_fill_sentinel(&b[o]);
    }
    if (cs->alias_out) b[0] = b[cs->alias_out];
    /* fill inputs over the whole view */
    int64_t idx[AO_MAX_DIMS] = { 0 };
    for (int64_t i = 0; i < p.numel; i++) {
        for (int o = 1; o <= nin; o++) {
            int64_t off = 0;
            for (int d = 0; d < cs->ndim; d++) off += idx[d] * cs->strides[o][d];
            double v = cs->int_inputs ? (double)(int)(rnd() % 200) - 100
                     : (o == 1 && nin == 2 ? nrand() : 4.0 * nrand());
            store_d(b[o].base + off * dsize(cs->dtype[o]), cs->dtype[o], v);
        }
        for (int d = cs->ndim - 1; d >= 0; d--) { if (++idx[d] < cs->shape[d]) break; idx[d] = 0; }
    }
    /* snapshot inputs (the alias case overwrites one) */
    double *inv = malloc((size_t)(p.numel * AO_MAX_INPUTS) * sizeof(double));
    memset(idx, 0, sizeof idx);
    for (int64_t i = 0; i < p.numel; i++) {
        for (int o = 1; o <= nin; o++) {
            int64_t off = 0;
            for (int d = 0; d < cs->ndim; d++) off += idx[d] * cs->strides[o][d];
            inv[i * AO_MAX_INPUTS + o - 1] = load_d(b[o].base + off * dsize(cs->dtype[o]), cs->dtype[o]);
        }
        for (int d = cs->ndim - 1; d >= 0; d--) { if (++idx[d] < cs->shape[d]) break; idx[d] = 0; }
    }
    char *data[AO_MAX_OPERANDS];
    for (int o = 0; o <= nin; o++) data[o] = b[o].base;
    int rc = ao_ew_run(&p, data, cs->nthreads);
    CHECK(rc == 0, "ao_ew_run rc=%d", rc);
    /* check */
    int odt = cs->dtype[0], osz = dsize(odt);
    char *touched = calloc((size_t)(b[0].hi - b[0].lo + 1), 1);
    memset(idx, 0, sizeof idx);
    int64_t bad = 0;
    double maxrel = 0;
    for (int64_t i = 0; i < p.numel; i++) {
        int64_t off = 0;
        for (int d = 0; d < cs->ndim; d++) off += idx[d] * cs->strides[0][d];
        touched[off - b[0].lo] = 1;
        double tol;
        double r = cs->ref(&inv[i * AO_MAX_INPUTS], cs->attrs, &tol);
        const char *q = b[0].base + off * osz;
        double y = load_d(q, odt);
        if (odt != AO_DT_FLOAT) {
            /* result narrowed once: allow one unit of the output format */
            double u = ldexp(ulp_of(r), odt == AO_DT_FLOAT16 ? 13 : 16);
            if (odt == AO_DT_FLOAT16 && fabs(r) < ldexp(1, -14)) u = ldexp(1, -24);
            tol = tol + u;
        }
        int ok = !isnan(y) && fabs(y - r) <= tol;
        if (cs->ref == ref_copy || cs->ref == ref_add_one) {
            double rr = load_d(q, odt);
            char tmp[4];
            store_d(tmp, odt, r);
            ok = rr == load_d(tmp, odt);
        }
        if (!ok) {
            bad++;
            if (bad <= 3) CHECK(0, "elem %lld: got %.9g want %.9g (tol %.3g) in %g %g",
                                (long long)i, y, r, tol, inv[i * AO_MAX_INPUTS], inv[i * AO_MAX_INPUTS + 1]);
        }
        if (r != 0) { double rel = fabs(y - r) / fabs(r); if (rel > maxrel && odt == AO_DT_FLOAT) maxrel = rel; }
        for (int d = cs->ndim - 1; d >= 0; d--) { if (++idx[d] < cs->shape[d]) break; idx[d] = 0; }
    }
    CHECK(bad == 0, "%lld of %lld elements wrong", (long long)bad, (long long)p.numel);
    /* nothing else written: guards and gaps keep the sentinel (skip when aliased
     * into an input, whose gaps hold sentinels anyway) */
    int64_t stray = 0;
    int64_t total = b[0].hi - b[0].lo + 1 + 128;
    for (int64_t j = 0; j < total; j++) {
        int64_t off = j - 64 + b[0].lo;
        int in_view = off >= b[0].lo && off <= b[0].hi && touched[off - b[0].lo];
        if (!in_view && !is_sentinel(b[0].mem + j * osz, odt)) stray++;
    }
    CHECK(stray == 0, "%lld stray writes outside the output view", (long long)stray);
    free(touched);
    free(inv);
    for (int o = 0; o <= nin; o++)
        if (!(o == 0 && cs->alias_out)) free(b[o].mem);
    g_ctx = "";
}

static ew_case mk(const char *name, ref_fn ref, int ndim, const int64_t *shape, int dto, int dt1, int dt2)
{
    ew_case c;
    memset(&c, 0, sizeof c);
    c.name = name; c.ref = ref; c.ndim = ndim;
    for (int d = 0; d < ndim; d++) c.shape[d] = shape[d];
    c.dtype[0] = dto; c.dtype[1] = dt1; c.dtype[2] = dt2; c.dtype[3] = dt1; c.dtype[4] = dt2;
    for (int o = 0; o < AO_MAX_OPERANDS; o++) contig_strides(ndim, shape, c.strides[o]);
    return c;
}

static const int DTS[3] = { AO_DT_FLOAT, AO_DT_FLOAT16, AO_DT_BF16 };
static const char *DTN[3] = { "f32", "f16", "bf16" };

static void test_ew_cases(void)
{
    char label[160];
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        const char *isa = g_levels[li]->name;
        for (int di = 0; di < 3; di++) {
            int dt = DTS[di];
            /* contiguous, CANN tiling, several sizes */
            int64_t sizes[] = { 1, 7, 8, 9, 16, 17, 1000, 1024, 1025, 4099, 48 * 1024 + 5, 100003 };
            for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
                if (g_quick && sizes[si] > 50000 && di != 0) continue;
                ew_case c = mk("silu_backward", ref_silu, 1, &sizes[si], dt, dt, dt);
                snprintf(label, sizeof label, "%s silu %s contig n=%lld", isa, DTN[di], (long long)sizes[si]);
                run_case(label, &c);
            }
            /* transposed x */
            int64_t sh2[2] = { 37, 129 };
            ew_case c = mk("silu_backward", ref_silu, 2, sh2, dt, dt, dt);
            c.strides[2][0] = 1; c.strides[2][1] = 37;
            snprintf(label, sizeof label, "%s silu %s x transposed", isa, DTN[di]);
            run_case(label, &c);
            /* both transposed + transposed output */
            c.strides[1][0] = 1; c.strides[1][1] = 37;
            c.strides[0][0] = 1; c.strides[0][1] = 37;
            snprintf(label, sizeof label, "%s silu %s all transposed", isa, DTN[di]);
            run_case(label, &c);
            /* 2-D tiles: batch of transposed matrices, rows that cross tile and block
             * boundaries, transposed output, broadcast dy along columns */
            {
                int64_t sh3[3] = { 3, 150, 70 };
                ew_case t3 = mk("silu_backward", ref_silu, 3, sh3, dt, dt, dt);
                t3.strides[2][0] = 150 * 70; t3.strides[2][1] = 1; t3.strides[2][2] = 150;
                snprintf(label, sizeof label, "%s silu %s batched x transposed", isa, DTN[di]);
                run_case(label, &t3);
                t3.strides[0][0] = 150 * 70; t3.strides[0][1] = 1; t3.strides[0][2] = 150;
                t3.strides[1][0] = 150; t3.strides[1][1] = 1; t3.strides[1][2] = 0;
                snprintf(label, sizeof label, "%s silu %s batched out transposed dy col-bcast", isa, DTN[di]);
                run_case(label, &t3);
            }
            /* broadcast dy along rows (stride 0) and along columns */
            c = mk("silu_backward", ref_silu, 2, sh2, dt, dt, dt);
            c.strides[1][0] = 0; c.strides[1][1] = 1;
            snprintf(label, sizeof label, "%s silu %s dy row-broadcast", isa, DTN[di]);
            run_case(label, &c);
            c.strides[1][0] = 1; c.strides[1][1] = 0;
            snprintf(label, sizeof label, "%s silu %s dy col-broadcast", isa, DTN[di]);
            run_case(label, &c);
            c.strides[1][0] = 0; c.strides[1][1] = 0; c.strides[2][0] = 0; c.strides[2][1] = 0;
            snprintf(label, sizeof label, "%s silu %s all broadcast scalar", isa, DTN[di]);
            run_case(label, &c);
            /* 0-d */
            c = mk("silu_backward", ref_silu, 0, NULL, dt, dt, dt);
            snprintf(label, sizeof label, "%s silu %s 0-d", isa, DTN[di]);
            run_case(label, &c);
            /* non-contiguous output with gaps (stride 3 on a 3-d view) */
            int64_t sh3[3] = { 5, 6, 70 };
            c = mk("silu_backward", ref_silu, 3, sh3, dt, dt, dt);
            c.strides[0][0] = 6 * 70 * 3; c.strides[0][1] = 70 * 3; c.strides[0][2] = 3;
            c.strides[2][0] = 70; c.strides[2][1] = 5 * 70; c.strides[2][2] = 1; /* permuted */
            snprintf(label, sizeof label, "%s silu %s strided out, permuted x", isa, DTN[di]);
            run_case(label, &c);
            /* long rows with unit inner stride (used in place row by row) */
            int64_t shr[2] = { 9, 700 };
            c = mk("silu_backward", ref_silu, 2, shr, dt, dt, dt);
            c.strides[1][0] = 0;
            c.strides[2][0] = 1000;
            c.strides[0][0] = 800;
            snprintf(label, sizeof label, "%s silu %s long rows, gapped, dy row-broadcast", isa, DTN[di]);
            run_case(label, &c);
            c.strides[0][0] = 1000;
            c.alias_out = 2;
            snprintf(label, sizeof label, "%s silu %s long rows in place (out=x gapped)", isa, DTN[di]);
            run_case(label, &c);
            c = mk("test_add_one", ref_add_one, 2, shr, dt, dt, 0);
            c.strides[1][0] = 1000; c.strides[0][0] = 1000;
            c.alias_out = 1; c.int_inputs = 1;
            c.custom_tiling = 1;
            c.tiling.block_dim = 7; c.tiling.small_core_data_num = 900; c.tiling.big_core_data_num = 904;
            c.tiling.tail_block_num = 3;
            snprintf(label, sizeof label, "%s add_one %s long rows in place, odd tiling", isa, DTN[di]);
            run_case(label, &c);
            /* negative strides */
            c = mk("silu_backward", ref_silu, 2, sh2, dt, dt, dt);
            c.strides[2][1] = -1;
            c.strides[0][0] = -129;
            snprintf(label, sizeof label, "%s silu %s negative strides", isa, DTN[di]);
            run_case(label, &c);
            /* exact in-place alias: out == dy (contiguous and transposed) */
            int64_t nn = 5000;
            c = mk("silu_backward", ref_silu, 1, &nn, dt, dt, dt);
            c.alias_out = 1;
            snprintf(label, sizeof label, "%s silu %s in place (out=dy)", isa, DTN[di]);
            run_case(label, &c);
            c = mk("silu_backward", ref_silu, 2, sh2, dt, dt, dt);
            c.strides[0][0] = 1; c.strides[0][1] = 37; c.strides[2][0] = 1; c.strides[2][1] = 37;
            c.alias_out = 2;
            snprintf(label, sizeof label, "%s silu %s in place transposed (out=x)", isa, DTN[di]);
            run_case(label, &c);
            /* exactly-once: in-place +1 under CANN tilings (48 blocks with padding) and odd tilings */
            int64_t ns[] = { 48 * 1024 + 5, 48 * 16 * 3 + 1, 1023, 200000 };
            for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++) {
                c = mk("test_add_one", ref_add_one, 1, &ns[q], dt, dt, 0);
                c.alias_out = 1; c.int_inputs = 1;
                snprintf(label, sizeof label, "%s add_one %s in place n=%lld", isa, DTN[di], (long long)ns[q]);
                run_case(label, &c);
            }
            int64_t sh4[3] = { 7, 11, 613 };
            c = mk("test_add_one", ref_add_one, 3, sh4, dt, dt, 0);
            c.strides[1][0] = 1; c.strides[1][1] = 7; c.strides[1][2] = 77;
            memcpy(c.strides[0], c.strides[1], sizeof c.strides[0]);
            c.alias_out = 1; c.int_inputs = 1;
            c.custom_tiling = 1;
            c.tiling.block_dim = 48;
            {   /* 48 blocks over padded count: 32-byte blocks of 7*11*613 elements */
                int64_t n = 7 * 11 * 613, bsz = dsize(dt), per = 32 / bsz;
                int64_t blocks = (n + per - 1) / per;
                c.tiling.small_core_data_num = blocks / 48 * per;
                c.tiling.big_core_data_num = (blocks / 48 + 1) * per;
                c.tiling.tail_block_num = blocks % 48;
            }
            snprintf(label, sizeof label, "%s add_one %s in place transposed 48 blocks", isa, DTN[di]);
            run_case(label, &c);
            c.nthreads = 1;
            c.tiling.block_dim = 5; c.tiling.small_core_data_num = 9500; c.tiling.big_core_data_num = 9600;
            c.tiling.tail_block_num = 3;
            snprintf(label, sizeof label, "%s add_one %s odd tiling (over-covering)", isa, DTN[di]);
            run_case(label, &c);
            /* view_copy into all other dtypes, non-contiguous 8-d output */
            int64_t sh8[8] = { 2, 3, 1, 2, 5, 2, 3, 7 };
            for (int dj = 0; dj < 3; dj++) {
                c = mk("view_copy", ref_copy, 8, sh8, DTS[dj], dt, 0);
                int64_t s = 1;
                for (int d = 7; d >= 0; d--) { c.strides[0][d] = s; s *= sh8[d] + (d % 2); }
                snprintf(label, sizeof label, "%s view_copy %s->%s 8-d gapped out", isa, DTN[di], DTN[dj]);
                run_case(label, &c);
            }
            /* mixed input dtypes -> fp32 (and any output dtype) */
            for (int dj = 0; dj < 3; dj++) {
                if (dj == di) continue;
                int64_t n2[2] = { 300, 257 };
                c = mk("silu_backward", ref_silu, 2, n2, AO_DT_FLOAT, dt, DTS[dj]);
                c.strides[2][0] = 1; c.strides[2][1] = 300;
                snprintf(label, sizeof label, "%s silu mixed dy=%s x=%s -> f32", isa, DTN[di], DTN[dj]);
                run_case(label, &c);
                c.dtype[0] = DTS[3 - di - dj];
                snprintf(label, sizeof label, "%s silu mixed dy=%s x=%s -> %s", isa, DTN[di], DTN[dj], DTN[3 - di - dj]);
                run_case(label, &c);
            }
            /* 3 inputs with attrs, mixed layouts */
            int64_t sh5[2] = { 64, 300 };
            c = mk("test_fma3", ref_fma3, 2, sh5, dt, dt, AO_DT_FLOAT);
            c.dtype[3] = AO_DT_BF16;
            c.strides[3][0] = 0; c.strides[3][1] = 1;
            c.strides[2][0] = 1; c.strides[2][1] = 64;
            c.attrs[0] = 0.5f; c.attrs[1] = -2.0f; c.attrs[3] = 0.25f;
            snprintf(label, sizeof label, "%s fma3 %s attrs", isa, DTN[di]);
            run_case(label, &c);
            /* AO_MAX_INPUTS (4) inputs: mixed dtypes, a transposed, a broadcast and a
             * gapped operand, a strided output; then the same contiguous in place on
             * the last input */
            c = mk("test_fma4", ref_fma4, 2, sh5, dt, dt, AO_DT_FLOAT);
            c.dtype[3] = AO_DT_BF16; c.dtype[4] = DTS[(di + 1) % 3];
            c.strides[2][0] = 1; c.strides[2][1] = 64;
            c.strides[3][0] = 0; c.strides[3][1] = 1;
            c.strides[4][0] = 600; c.strides[4][1] = 2;
            c.strides[0][0] = 301; c.strides[0][1] = 1;
            c.attrs[0] = 0.5f; c.attrs[1] = -0.25f;
            snprintf(label, sizeof label, "%s fma4 %s mixed layouts", isa, DTN[di]);
            run_case(label, &c);
            c = mk("test_fma4", ref_fma4, 2, sh5, dt, dt, dt);
            c.attrs[0] = -1.5f; c.attrs[1] = 2.0f;
            c.alias_out = 4;
            snprintf(label, sizeof label, "%s fma4 %s in place (out=d)", isa, DTN[di]);
            run_case(label, &c);
        }
    }
}

/* A plan of AO_MAX_INPUTS inputs and two outputs (AO_EW_OP4_2OUT, GeGluBackward's
 * shape: gradOutput, self's halves, gelu -> gradInput's halves): one pass per output
 * over the same four inputs, every dtype, the inputs transposed / broadcast / the
 * halves of one buffer (as a split operand is laid out), the outputs the halves of
 * one buffer; each output element against a float64 reference, one rounding. */
static void test_four_inputs_two_outputs(void)
{
    enum { R = 37, C = 41 };
    const int k = ao_kernel_find("test_fma4_2out");
    CHECK(k >= 0, "test_fma4_2out present");
    if (k < 0) return;
    for (int li = 0; li < g_nlevels; li++) {
        set_level(li);
        for (int di = 0; di < 3; di++) {
            const int dt = DTS[di], isz = dsize(dt);
            g_ctx = g_levels[li]->name;
            /* self: R x 2C (halves a = [:, :C], b = [:, C:]), c: C x R transposed, d: a row */
            char *self = malloc((size_t)R * 2 * C * isz), *cm = malloc((size_t)R * C * isz);
            char *dv = malloc((size_t)C * isz), *out = malloc((size_t)R * 2 * C * isz);
            for (int i = 0; i < R; i++)
                for (int j = 0; j < C; j++) {
                    store_d(self + ((size_t)i * 2 * C + j) * isz, dt, 4.0 * nrand());
                    store_d(self + ((size_t)i * 2 * C + C + j) * isz, dt, 4.0 * nrand());
                    store_d(cm + ((size_t)j * R + i) * isz, dt, 4.0 * nrand());
                }
            for (int j = 0; j < C; j++) store_d(dv + (size_t)j * isz, dt, 4.0 * nrand());
            for (int64_t i = 0; i < (int64_t)R * 2 * C; i++) store_d(out + i * isz, dt, -999.0);
            ao_ew_plan p;
            memset(&p, 0, sizeof p);
            p.kernel = k; p.nin = 4; p.nout = 2; p.ndim = 2; p.shape[0] = R; p.shape[1] = C;
            p.numel = (int64_t)R * C;
            for (int o = 0; o < 6; o++) p.dtype[o] = dt;
            const int64_t st[6][2] = { { 2 * C, 1 }, { 2 * C, 1 },   /* outputs: halves of out */
                                       { 2 * C, 1 }, { 2 * C, 1 },   /* a, b: halves of self */
                                       { 1, R }, { 0, 1 } };         /* c transposed, d a row */
            for (int o = 0; o < 6; o++) { p.strides[o][0] = st[o][0]; p.strides[o][1] = st[o][1]; }
            p.attrs[0] = 0.75f;
            p.tiling = cann_tiling(p.numel, isz);
            char *data[6] = { out, out + (size_t)C * isz, self, self + (size_t)C * isz, cm, dv };
            CHECK(ao_ew_run(&p, data, 0) == 0, "run");
            int64_t bad = 0;
            for (int i = 0; i < R; i++)
                for (int j = 0; j < C; j++) {
                    const double a = load_d(self + ((size_t)i * 2 * C + j) * isz, dt);
                    const double b = load_d(self + ((size_t)i * 2 * C + C + j) * isz, dt);
                    const double c = load_d(cm + ((size_t)j * R + i) * isz, dt);
                    const double d = load_d(dv + (size_t)j * isz, dt);
                    const double want[2] = { a * b + c * 0.75, (c - d) * a };
                    for (int r = 0; r < 2; r++) {
                        const double got = load_d(out + ((size_t)i * 2 * C + (size_t)r * C + j) * isz, dt);
                        double tol = 1e-6 * (fabs(a * b) + fabs(c) + fabs(d) * fabs(a) + fabs(c * a)) + 1e-30;
                        if (dt != AO_DT_FLOAT)
                            tol += ldexp(ulp_of(want[r]), dt == AO_DT_FLOAT16 ? 13 : 16) +
                                   (dt == AO_DT_FLOAT16 ? ldexp(1, -24) : 0);
                        if (!(fabs(got - want[r]) <= tol) && bad++ < 3)
                            CHECK(0, "%s [%d,%d] result %d: got %.9g want %.9g", DTN[di], i, j, r, got, want[r]);
                    }
                }
            CHECK(bad == 0, "%s 4 inputs 2 outputs: %lld wrong", DTN[di], (long long)bad);
            free(self); free(cm); free(dv); free(out);
        }
    }
    g_ctx = "";
}

/* Two-result plans run by the body's fused kernel (ew_op.h AO_EW_K2_, engine.c
 * ao_ew_run_fused2): every two-result kernel, every region and dtype, rows of unit
 * stride that do not coalesce (padded row strides, the outputs the halves of one
 * buffer as a split output is laid out), row lengths that leave a partial register,
 * one long row on 2 threads, inputs with NaNs of distinct signs and payloads and
 * infinities. Each output must equal, bit for bit, its result's own row run as a
 * one-output plan (kernel + r: the one-pass-per-output path), and so must a run with
 * both outputs aliasing two inputs exactly (in place): a fused pass computes both
 * results of an element before it stores either, where per-output passes clobbered
 * the input the second result reads. Rows too short for the fused kernel
 * (AO_FUSED2_MIN_ROW) take the passes: checked out of place. */
static void test_fused_two_results(void)
{
    const struct { int64_t rows, cols, pad; int nthreads; } shapes[] = {
        { 5, 203, 5, 1 }, { 3, 64, 3, 1 }, { 2, 40005, 0, 2 }, { 9, 5, 2, 1 } };
    const float attrs[AO_MAX_ATTRS] = { 1.702f, 7.0f, 1.0f, 0.0f };
    int nkernels = 0;
    for (int k = 0; k < ao_kernel_count(); k++) {
        if (ao_kernel_nout(k) != 2 || ao_kernel_result(k) != 0)
            continue;
        nkernels++;
        const int nin = ao_kernel_arity(k);
        for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
            const int64_t R = shapes[si].rows, C = shapes[si].cols, ld = C + shapes[si].pad;
            const int fused = C >= 64;
            for (int li = 0; li < g_nlevels; li++) {
                set_level(li);
                g_ctx = g_levels[li]->name;
                CHECK(ao_kernel_fn2(k) != NULL, "%s has a fused kernel", ao_kernel_name(k));
                for (int di = 0; di < 3; di++) {
                    const int dt = DTS[di], isz = dsize(dt);
                    const size_t inb = (size_t)R * ld * isz, outb = (size_t)R * 2 * C * isz;
                    char *in[AO_MAX_INPUTS], *ref = malloc(outb), *got = malloc(outb);
                    for (int j = 0; j < nin; j++) {
                        in[j] = malloc(inb);
                        for (int64_t i = 0; i < R * ld; i++) {
                            const int c = nan_class(i, j);
                            char *e = in[j] + i * isz;
                            if (c) {
                                if (dt == AO_DT_FLOAT) { const uint32_t u = nan_in32(j, c); memcpy(e, &u, 4); }
                                else { const uint16_t u = nan_in16(j, c, dt); memcpy(e, &u, 2); }
                            } else {
                                store_d(e, dt, i % 97 == 5 ? (i & 1 ? -INFINITY : INFINITY) : 4.0 * nrand());
                            }
                        }
                    }
                    ao_ew_plan p;
                    memset(&p, 0, sizeof p);
                    p.kernel = k; p.nin = nin; p.nout = 2; p.ndim = 2;
                    p.shape[0] = R; p.shape[1] = C; p.numel = R * C;
                    for (int o = 0; o < 2 + nin; o++) {
                        p.dtype[o] = dt;
                        p.strides[o][0] = o < 2 ? 2 * C : ld;
                        p.strides[o][1] = 1;
                    }
                    memcpy(p.attrs, attrs, sizeof attrs);
                    p.tiling = cann_tiling(p.numel, isz);
                    /* the reference: each result's row as a one-output plan */
                    ao_ew_plan one = p;
                    one.nout = 1;
                    for (int o = 0; o < nin; o++) {
                        one.dtype[1 + o] = dt;
                        one.strides[1 + o][0] = ld;
                        one.strides[1 + o][1] = 1;
                    }
                    one.strides[0][0] = 2 * C;
                    for (int r = 0; r < 2; r++) {
                        char *d1[AO_MAX_OPERANDS];
                        one.kernel = k + r;
                        d1[0] = ref + (size_t)r * C * isz;
                        for (int j = 0; j < nin; j++) d1[1 + j] = in[j];
                        CHECK(ao_ew_run(&one, d1, shapes[si].nthreads) == 0, "reference run");
                    }
                    char *d2[AO_MAX_OPERANDS];
                    memset(got, 0x5a, outb);
                    d2[0] = got; d2[1] = got + (size_t)C * isz;
                    for (int j = 0; j < nin; j++) d2[2 + j] = in[j];
                    CHECK(ao_ew_run(&p, d2, shapes[si].nthreads) == 0, "fused run");
                    CHECK(!memcmp(got, ref, outb), "%s %s %lldx%lld: two-result plan != its one-output rows",
                          ao_kernel_name(k), DTN[di], (long long)R, (long long)C);
                    /* the same plan with extent-1 dims around the rows (any stride) and,
                     * for an even C, the row split in two: the engine coalesces it back */
                    ao_ew_plan split = p;
                    const int halves = C % 2 == 0;
                    split.ndim = 4 + halves;
                    split.shape[0] = 1; split.shape[1] = R; split.shape[2] = 1;
                    split.shape[3] = halves ? 2 : C;
                    split.shape[3 + halves] = halves ? C / 2 : C;
                    for (int o = 0; o < 2 + nin; o++) {
                        const int64_t row = p.strides[o][0];
                        split.strides[o][0] = 12345; split.strides[o][1] = row; split.strides[o][2] = -7;
                        split.strides[o][3] = halves ? C / 2 : 1;
                        split.strides[o][3 + halves] = 1;
                    }
                    memset(got, 0x5a, outb);
                    CHECK(ao_ew_run(&split, d2, shapes[si].nthreads) == 0, "uncoalesced run");
                    CHECK(!memcmp(got, ref, outb), "%s %s %lldx%lld uncoalesced: two-result plan != its one-output rows",
                          ao_kernel_name(k), DTN[di], (long long)R, (long long)C);
                    if (fused && nin >= 3) {
                        /* in place: out0 over input 1, out1 over input 2 (the same layout:
                         * strides ld), checked against the reference's halves */
                        char *a = malloc(inb), *b = malloc(inb);
                        memcpy(a, in[1], inb);
                        memcpy(b, in[2], inb);
                        p.strides[0][0] = p.strides[1][0] = ld;
                        d2[0] = a; d2[1] = b; d2[3] = a; d2[4] = b;
                        CHECK(ao_ew_run(&p, d2, shapes[si].nthreads) == 0, "in-place run");
                        int64_t bad = 0;
                        for (int64_t i = 0; i < R; i++)
                            for (int r = 0; r < 2; r++)
                                bad += memcmp((r ? b : a) + (size_t)(i * ld) * isz,
                                              ref + (size_t)(i * 2 * C + r * C) * isz, (size_t)C * isz) != 0;
                        CHECK(bad == 0, "%s %s %lldx%lld in place: %lld rows differ from the reference",
                              ao_kernel_name(k), DTN[di], (long long)R, (long long)C, (long long)bad);
                        free(a); free(b);
                    }
                    for (int j = 0; j < nin; j++) free(in[j]);
                    free(ref); free(got);
                }
            }
        }
    }
    CHECK(nkernels >= 4, "two-result kernels found: %d", nkernels);
    g_ctx = "";
}

/* Plans large enough for streamed output (AO_STREAM_MIN_BYTES, engine.c): 1 and 2
 * threads, the output aligned, 16 bytes off (numpy's) and 2 bytes off (no
 * non-temporal stores possible), and in place, equal the kernel run directly with
 * stream = 0. */
static void test_stream_plans(void)
{
    g_ctx = "stream plans";
    const int k = ao_kernel_find("silu_backward");
    const int64_t n = 6000000 + 13; /* 3 x 12 MB of float16: above the threshold */
    /* output offset from a 64-byte line, in place on x */
    const struct { int offset, inplace; } cases[] = { { 0, 0 }, { 16, 0 }, { 2, 0 }, { 16, 1 } };
    for (int d = 0; d < 2; d++) {
        const int dt = d ? AO_DT_BF16 : AO_DT_FLOAT16;
        uint16_t *dy = malloc(n * 2), *x = malloc(n * 2), *ref = malloc(n * 2);
        char *o0 = alloc64(n * 2 + 64);
        for (int64_t i = 0; i < n; i++) {
            dy[i] = (uint16_t)(rnd() >> 48);
            x[i] = (uint16_t)(rnd() >> 48);
        }
        const void *in[2] = { dy, x };
        ao_kernel_fn16(k, dt)(ref, in, n, NULL, 0);
        ao_ew_plan p;
        memset(&p, 0, sizeof p);
        p.kernel = k; p.nin = 2; p.ndim = 1; p.numel = n; p.shape[0] = n;
        for (int o = 0; o < 3; o++) { p.dtype[o] = dt; p.strides[o][0] = 1; }
        p.tiling = cann_tiling(n, 2);
        for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++)
            for (int nt = 1; nt <= 2; nt++) {
                const int inplace = cases[ci].inplace;
                uint16_t *out = (uint16_t *)(o0 + cases[ci].offset);
                if (inplace) memcpy(out, x, n * 2);
                else memset(out, 0, n * 2);
                char *data[3] = { (char *)out, (char *)dy, inplace ? (char *)out : (char *)x };
                CHECK(ao_ew_run(&p, data, nt) == 0, "run");
                CHECK(memcmp(out, ref, n * 2) == 0, "%s offset %d in place %d, %d threads: differs",
                      d ? "bf16" : "f16", cases[ci].offset, inplace, nt);
            }
        free(dy); free(x); free(ref); free(o0);
    }
    g_ctx = "";
}

/* fp32 plans large enough for streamed output (AO_STREAM_MIN_BYTES, engine.c): the
 * engine runs the elements before the output's next 64-byte line plainly and the rest
 * by the streaming kernel (ao_kernel_fn32s), per piece of each thread. 1, 2 and 3
 * threads (pieces that start off a line), the output on a line, 4, 16 (numpy's) and 60
 * bytes off it, 2 bytes off (not float-aligned: no streaming), in place on x; each
 * equals the fp32 kernel run directly over the whole range, bit for bit, and the
 * element after the output is untouched. Staged (silu_backward) and register-at-a-time
 * (hardtanh_backward) bodies. */
static void test_stream_plans32(void)
{
    g_ctx = "stream plans f32";
    const int64_t n = 3000000 + 13; /* 3 x 12 MB: above the threshold */
    /* offsets are whole elements: the engine's contract (the Python layer copies a
     * misaligned array before a kernel sees it, _tensor.pxi; a float stored at 2 bytes
     * off is undefined behaviour, which the sanitizer build reports) */
    const struct { int offset, inplace; } cases[] = {
        { 0, 0 }, { 4, 0 }, { 16, 0 }, { 60, 0 }, { 8, 0 }, { 16, 1 } };
    const char *names[] = { "silu_backward", "hardtanh_backward" };
    float *dy = malloc(n * 4), *x = malloc(n * 4), *ref = malloc(n * 4);
    char *o0 = alloc64(n * 4 + 128);
    for (int64_t i = 0; i < n; i++) {
        dy[i] = (float)nrand();
        x[i] = (float)(4 * nrand());
    }
    for (size_t ki = 0; ki < sizeof names / sizeof names[0]; ki++) {
        const int k = ao_kernel_find(names[ki]);
        const float attrs[AO_MAX_ATTRS] = { -1.0f, 1.0f, 0.0f, 0.0f };
        const float *in[2] = { dy, x };
        ao_kernel_fn(k)(ref, in, n, attrs);
        ao_ew_plan p;
        memset(&p, 0, sizeof p);
        p.kernel = k; p.nin = 2; p.ndim = 1; p.numel = n; p.shape[0] = n;
        for (int o = 0; o < 3; o++) { p.dtype[o] = AO_DT_FLOAT; p.strides[o][0] = 1; }
        memcpy(p.attrs, attrs, sizeof attrs);
        p.tiling = cann_tiling(n, 4);
        for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++)
            for (int nt = 1; nt <= 3; nt++) {
                const int inplace = cases[ci].inplace;
                char *out = o0 + cases[ci].offset;
                if (inplace) memcpy(out, x, n * 4);
                else memset(out, 0, n * 4);
                memset(out + n * 4, 0x5a, 4);
                char *data[3] = { out, (char *)dy, inplace ? out : (char *)x };
                CHECK(ao_ew_run(&p, data, nt) == 0, "run");
                CHECK(memcmp(out, ref, n * 4) == 0 && (unsigned char)out[n * 4 + 3] == 0x5a,
                      "%s offset %d in place %d, %d threads: differs", names[ki],
                      cases[ci].offset, inplace, nt);
            }
    }
    free(dy); free(x); free(ref); free(o0);
    g_ctx = "";
}

/* Plans with a broadcast input large enough for streamed output: the output is
 * contiguous, so the chunked loop streams it from its first 64-byte line (an fp32 output
 * by ao_kernel_fn32s, a 16-bit one by the fused kernel's stream flag). dy broadcast as a
 * column (strides {1, 0}: its buffer filled once a row) and as a row (strides {0, 1}:
 * used in place); chunks cut at row ends; rows of 2053 elements (two chunks and a few),
 * so each row starts at another offset from a line; the output on a line, 16 and 60
 * bytes off it; 1 and 3 threads; in place on x. fp32, float16 dy into an fp32 output,
 * and float16 / bfloat16 throughout. Each equals the plain kernel over dy materialised,
 * bit for bit, and the element after the output is untouched. */
static void test_stream_plans_broadcast(void)
{
    g_ctx = "stream plans broadcast";
    const int k = ao_kernel_find("silu_backward");
    const int64_t cols = 2053;
    /* dtypes of out, dy, x */
    const int dts[][3] = { { AO_DT_FLOAT, AO_DT_FLOAT, AO_DT_FLOAT },
                           { AO_DT_FLOAT, AO_DT_FLOAT16, AO_DT_FLOAT },
                           { AO_DT_FLOAT16, AO_DT_FLOAT16, AO_DT_FLOAT16 },
                           { AO_DT_BF16, AO_DT_BF16, AO_DT_BF16 } };
    const struct { int offset, inplace; } cases[] = { { 0, 0 }, { 16, 0 }, { 60, 0 }, { 16, 1 } };
    for (size_t di = 0; di < sizeof dts / sizeof dts[0]; di++) {
        const int dto = dts[di][0], dtd = dts[di][1], dtx = dts[di][2];
        const int so = dsize(dto), sd = dsize(dtd), sx = dsize(dtx);
        /* out and x alone move 40 MB: above AO_STREAM_MIN_BYTES */
        const int64_t rows = (int64_t)40000000 / (cols * (so + sx)) + 1, n = rows * cols;
        char *x = malloc(n * sx), *dy = malloc(cols * sd), *dyfull = malloc(n * 4);
        char *ref = malloc(n * so), *o0 = alloc64(n * so + 128);
        for (int64_t i = 0; i < n; i++)
            store_d(x + i * sx, dtx, 4 * nrand());
        for (int64_t i = 0; i < cols; i++)
            store_d(dy + i * sd, dtd, nrand());
        for (int form = 0; form < 2; form++) { /* 0: dy (rows, 1), 1: dy (1, cols) */
            /* the reference: dy materialised (as fp32 where the output is; the widening
             * is exact), the kernel over all n elements with stream = 0 */
            for (int64_t i = 0; i < n; i++) {
                const int64_t j = form ? i % cols : (i / cols) % cols;
                if (dto == AO_DT_FLOAT)
                    ((float *)dyfull)[i] = (float)load_d(dy + j * sd, dtd);
                else
                    memcpy(dyfull + i * 2, dy + j * 2, 2);
            }
            if (dto == AO_DT_FLOAT) {
                float *xf = malloc(n * 4);
                for (int64_t i = 0; i < n; i++)
                    xf[i] = (float)load_d(x + i * sx, dtx);
                const float *in[2] = { (const float *)dyfull, xf };
                ao_kernel_fn(k)((float *)ref, in, n, NULL);
                free(xf);
            } else {
                const void *in[2] = { dyfull, x };
                ao_kernel_fn16(k, dto)(ref, in, n, NULL, 0);
            }
            ao_ew_plan p;
            memset(&p, 0, sizeof p);
            p.kernel = k; p.nin = 2; p.ndim = 2; p.numel = n;
            p.shape[0] = rows; p.shape[1] = cols;
            p.dtype[0] = dto; p.dtype[1] = dtd; p.dtype[2] = dtx;
            p.strides[0][0] = p.strides[2][0] = cols;
            p.strides[0][1] = p.strides[2][1] = 1;
            p.strides[1][0] = form ? 0 : 1;
            p.strides[1][1] = form ? 1 : 0;
            p.tiling = cann_tiling(n, so);
            char *dyb = dy;
            if (!form) { /* a column of rows elements: dy's values cycled */
                dyb = malloc(rows * sd);
                for (int64_t r = 0; r < rows; r++)
                    memcpy(dyb + r * sd, dy + (r % cols) * sd, sd);
            }
            for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
                const int inplace = cases[ci].inplace && dto == dtx;
                if (cases[ci].inplace && !inplace)
                    continue;
                for (int nt = 1; nt <= 3; nt += 2) {
                    char *out = o0 + cases[ci].offset;
                    if (inplace) memcpy(out, x, n * so);
                    else memset(out, 0, n * so);
                    memset(out + n * so, 0x5a, so);
                    char *data[3] = { out, dyb, inplace ? out : x };
                    CHECK(ao_ew_run(&p, data, nt) == 0, "run");
                    CHECK(memcmp(out, ref, n * so) == 0 && (unsigned char)out[n * so + so - 1] == 0x5a,
                          "out %s dy %s, dy as a %s, offset %d in place %d, %d threads: differs",
                          DTN[dto == AO_DT_FLOAT ? 0 : dto == AO_DT_FLOAT16 ? 1 : 2],
                          DTN[dtd == AO_DT_FLOAT ? 0 : dtd == AO_DT_FLOAT16 ? 1 : 2],
                          form ? "row" : "column", cases[ci].offset, inplace, nt);
                }
            }
            if (dyb != dy)
                free(dyb);
        }
        free(x); free(dy); free(dyfull); free(ref); free(o0);
    }
    g_ctx = "";
}

/* Multithreaded results equal single-threaded ones bit for bit. */
static void test_threads(void)
{
    g_ctx = "threads";
    int k = ao_kernel_find("silu_backward");
    int64_t n = 1000003;
    for (int di = 0; di < 3; di++) {
        int dt = DTS[di], sz = dsize(dt);
        char *dy = malloc(n * sz), *x = malloc(n * sz), *o1 = malloc(n * sz), *o2 = malloc(n * sz);
        for (int64_t i = 0; i < n; i++) { store_d(dy + i * sz, dt, nrand()); store_d(x + i * sz, dt, 4 * nrand()); }
        ao_ew_plan p;
        memset(&p, 0, sizeof p);
        p.kernel = k; p.nin = 2; p.ndim = 1; p.numel = n; p.shape[0] = n;
        for (int o = 0; o < 3; o++) { p.dtype[o] = dt; p.strides[o][0] = 1; }
        p.tiling = cann_tiling(n, sz);
        char *d1[3] = { o1, dy, x }, *d2[3] = { o2, dy, x };
        CHECK(ao_ew_run(&p, d1, 1) == 0, "run 1 thread");
        CHECK(ao_ew_run(&p, d2, 4) == 0, "run 4 threads");
        CHECK(memcmp(o1, o2, n * sz) == 0, "%s: threaded result differs", DTN[di]);
        free(dy); free(x); free(o1); free(o2);
    }
    int before = ao_get_num_threads();
    CHECK(before >= 1, "ao_get_num_threads %d", before);
    ao_set_num_threads(3);
#if AO_THREADS
    CHECK(ao_get_num_threads() == 3, "set_num_threads(3) -> %d", ao_get_num_threads());
#else
    CHECK(ao_get_num_threads() == 1, "no threads: 1 thread");
#endif
    ao_set_num_threads(before);
    g_ctx = "";
}

#if AO_THREADS
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
/* Several callers at once, each running many threaded plans back to back: each of
 * the engine's worker pools serves one caller at a time, and callers beyond the
 * pools' count run serially; every result must equal the 1-thread one. */
typedef struct conc_arg {
    ao_ew_plan p;
    char *dy, *x, *ref, *out;
    int64_t bytes;
    int reps, bad;
} conc_arg;

static void *conc_main(void *v)
{
    conc_arg *a = (conc_arg *)v;
    for (int r = 0; r < a->reps; r++) {
        char *d[3] = { a->out, a->dy, a->x };
        memset(a->out, 0, (size_t)a->bytes);
        if (ao_ew_run(&a->p, d, 2 + (r & 1)) != 0 || memcmp(a->out, a->ref, (size_t)a->bytes))
            a->bad++;
    }
    return NULL;
}

static void test_concurrent(void)
{
    g_ctx = "concurrent callers";
    int k = ao_kernel_find("silu_backward");
    enum { NC = 6 }; /* more than AO_NPOOLS (4): some callers find every pool busy */
    conc_arg args[NC];
    pthread_t th[NC];
    for (int t = 0; t < NC; t++) {
        conc_arg *a = &args[t];
        int dt = DTS[t % 3], sz = dsize(dt);
        int64_t n = 40000 + 7919 * t;
        memset(a, 0, sizeof *a);
        a->bytes = n * sz;
        a->reps = g_quick ? 20 : 200;
        a->dy = malloc(n * sz); a->x = malloc(n * sz);
        a->ref = malloc(n * sz); a->out = malloc(n * sz);
        for (int64_t i = 0; i < n; i++) { store_d(a->dy + i * sz, dt, nrand()); store_d(a->x + i * sz, dt, 4 * nrand()); }
        ao_ew_plan *p = &a->p;
        p->kernel = k; p->nin = 2; p->ndim = 1; p->numel = n; p->shape[0] = n;
        for (int o = 0; o < 3; o++) { p->dtype[o] = dt; p->strides[o][0] = 1; }
        p->tiling = cann_tiling(n, sz);
        char *d[3] = { a->ref, a->dy, a->x };
        CHECK(ao_ew_run(p, d, 1) == 0, "reference run");
    }
    for (int t = 0; t < NC; t++)
        pthread_create(&th[t], NULL, conc_main, &args[t]);
    for (int t = 0; t < NC; t++) {
        pthread_join(th[t], NULL);
        CHECK(args[t].bad == 0, "caller %d: %d bad runs of %d", t, args[t].bad, args[t].reps);
        free(args[t].dy); free(args[t].x); free(args[t].ref); free(args[t].out);
    }
    g_ctx = "";
}

/* ao_parallel_for / ao_parallel_ranges: every item (element) exactly once, for item
 * counts around the thread and part counts. */
typedef struct pf_arg { int *hits; } pf_arg;
static void pf_item(void *v, int64_t i) { __atomic_fetch_add(&((pf_arg *)v)->hits[i], 1, __ATOMIC_RELAXED); }
static void pf_range(void *v, int64_t lo, int64_t hi)
{
    for (int64_t i = lo; i < hi; i++)
        pf_item(v, i);
}

static void test_parallel_for(void)
{
    g_ctx = "parallel_for";
    const int64_t counts[] = {0, 1, 2, 3, 7, 8, 9, 31, 1000, 100003};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        for (int nt = 1; nt <= 5; nt++) {
            for (int ranges = 0; ranges < 2; ranges++) {
                int64_t n = counts[c];
                pf_arg a = { calloc((size_t)(n + 1), sizeof(int)) };
                if (ranges)
                    ao_parallel_ranges(n, nt, 3, pf_range, &a);
                else
                    ao_parallel_for(n, nt, pf_item, &a);
                int64_t bad = 0;
                for (int64_t i = 0; i < n; i++)
                    bad += a.hits[i] != 1;
                CHECK(bad == 0, "n=%lld nt=%d ranges=%d: %lld items not run exactly once",
                      (long long)n, nt, ranges, (long long)bad);
                free(a.hits);
            }
        }
    }
    g_ctx = "";
}

/* The pool's split (ao_parallel_for): participant k owns the k-th of nt contiguous
 * shares of the units (of one item, or of several when the job has more items than a
 * slot holds) and runs them in order from its share's front; once its share is empty
 * it takes the units of shares k+1, k+2, ... (mod nt) from their ends, last first.
 * So every thread's items, in the order it ran them, parse as: a prefix of its own
 * share (the caller's share is 0), then for each other share in that order a suffix of
 * it unit by unit from the back (its units decreasing, adjacent when nt is 2: one
 * thief per share). Checked on every thread's record for every item count
 * 0..N and 1..4 threads, with no delay (little stealing), with the caller's first item
 * slowed (the workers steal from its share) and with the workers' items slowed (the
 * caller steals theirs), and with units of 3 items. The old shared counter handed items
 * out in one increasing order to whichever thread came first, which fails the parse. */
enum { SPLIT_MAX_THREADS = 4, SPLIT_MAX_ITEMS = 100003 };
typedef struct split_ev { pthread_t th; int64_t item; } split_ev;
typedef struct split_arg {
    int *hits;
    split_ev *ev;      /* every run item with its thread, in claim-completion order */
    int64_t nev;       /* atomic */
    pthread_t caller;
    int slow;          /* 1: the caller's first item waits; 2: every worker item waits */
    int caller_started;
} split_arg;

static void split_delay(long iters)
{
    for (volatile long i = 0; i < iters; i++) {
    }
}

static void split_item(void *v, int64_t i)
{
    split_arg *a = (split_arg *)v;
    const int is_caller = pthread_equal(pthread_self(), a->caller);
    if (a->slow == 1 && is_caller && !a->caller_started)
        split_delay(2000000);
    if (is_caller)
        a->caller_started = 1;
    if (a->slow == 2 && !is_caller)
        split_delay(20000);
    __atomic_fetch_add(&a->hits[i], 1, __ATOMIC_RELAXED);
    const int64_t e = __atomic_fetch_add(&a->nev, 1, __ATOMIC_RELAXED);
    a->ev[e].th = pthread_self();
    a->ev[e].item = i;
}

/* Whether seq[0..len) parses as described above for a thread owning share `own` of nt
 * (units of `unit` items over n items, `units` units). With 3 or more threads, two
 * thieves may take turns at one share's end: then each one's units from that share are
 * decreasing, not necessarily adjacent. */
static int split_parse(const int64_t *seq, int64_t len, int own, int nt, int64_t n, int64_t unit, int64_t units)
{
    int64_t pos = 0;
    /* the own share's prefix: its units in increasing order from the share's first */
    for (int64_t u = units * own / nt; u < units * (own + 1) / nt && pos < len; u++) {
        const int64_t lo = u * unit;
        if (seq[pos] != lo)
            break;
        for (int64_t i = lo; i < lo + unit && i < n; i++)
            if (pos >= len || seq[pos++] != i)
                return 0;
    }
    /* then the other shares in order, each from its end */
    for (int k = 1; k < nt; k++) {
        const int s = (own + k) % nt;
        const int64_t first = units * s / nt;
        int64_t next = units * (s + 1) / nt - 1; /* the highest unit this thread may take next */
        while (pos < len && seq[pos] % unit == 0) {
            const int64_t u = seq[pos] / unit;
            if (u < first || u > next || (nt == 2 && u != next))
                break;
            for (int64_t i = u * unit; i < (u + 1) * unit && i < n; i++)
                if (pos >= len || seq[pos++] != i)
                    return 0;
            next = u - 1;
        }
    }
    return pos == len;
}

static void test_parallel_for_split(void)
{
    g_ctx = "parallel_for split";
    const int64_t big[] = {1000, 100003};
    const int64_t nsmall = g_quick ? 40 : 70;
    split_arg a;
    a.hits = malloc(SPLIT_MAX_ITEMS * sizeof(int));
    a.ev = malloc(SPLIT_MAX_ITEMS * sizeof(split_ev));
    int64_t *seq = malloc(SPLIT_MAX_ITEMS * sizeof(int64_t));
    for (int grouped = 0; grouped < 2; grouped++) {
        for (int64_t c = 0; c < nsmall + 2; c++) {
            const int64_t n = c < nsmall ? c : big[c - nsmall];
            /* units of 3 items: a slot may hold at most ceil(n / 3) units */
            const int64_t max_units = grouped ? (n + 2) / 3 : 0;
            if (grouped && n < 2)
                continue;
            for (int nt = 1; nt <= SPLIT_MAX_THREADS; nt++) {
                for (int slow = 0; slow < 3; slow++) {
                    if (slow && n > 1000)
                        continue;
                    memset(a.hits, 0, (size_t)n * sizeof(int));
                    a.nev = 0;
                    a.caller = pthread_self();
                    a.slow = slow;
                    a.caller_started = 0;
                    ao_pool_test_max_units(max_units);
                    ao_parallel_for(n, nt, split_item, &a);
                    ao_pool_test_max_units(0);
                    int64_t bad = 0;
                    for (int64_t i = 0; i < n; i++)
                        bad += a.hits[i] != 1;
                    CHECK(bad == 0 && a.nev == n, "n=%lld nt=%d slow=%d grouped=%d: %lld items not run exactly once",
                          (long long)n, nt, slow, grouped, (long long)bad);
                    /* the split as the pool makes it: nt clamped to n, units of `unit` items */
                    const int parts = nt < n ? nt : (int)(n > 0 ? n : 1);
                    const int64_t unit = grouped && n > max_units ? (n + max_units - 1) / max_units : 1;
                    const int64_t units = (n + unit - 1) / unit;
                    /* each thread's record, the caller's first (share 0) */
                    pthread_t ths[SPLIT_MAX_THREADS + 1];
                    int nth = 0;
                    ths[nth++] = a.caller;
                    for (int64_t e = 0; e < a.nev; e++) {
                        int known = 0;
                        for (int t = 0; t < nth; t++)
                            known |= pthread_equal(ths[t], a.ev[e].th);
                        if (!known && nth <= SPLIT_MAX_THREADS)
                            ths[nth++] = a.ev[e].th;
                    }
                    CHECK(nth <= parts, "n=%lld nt=%d: %d threads ran items", (long long)n, nt, nth);
                    for (int t = 0; t < nth; t++) {
                        int64_t len = 0;
                        for (int64_t e = 0; e < a.nev; e++)
                            if (pthread_equal(ths[t], a.ev[e].th))
                                seq[len++] = a.ev[e].item;
                        /* the caller owns share 0; a worker, some share of 1..parts-1 */
                        int ok = 0;
                        for (int own = t == 0 ? 0 : 1; own < (t == 0 ? 1 : parts) && !ok; own++)
                            ok = split_parse(seq, len, own, parts, n, unit, units);
                        CHECK(ok, "n=%lld nt=%d slow=%d grouped=%d: thread %d's %lld items are not its share's "
                              "prefix then the others' suffixes (first %lld)", (long long)n, nt, slow, grouped, t,
                              (long long)len, (long long)(len ? seq[0] : -1));
                    }
                }
            }
        }
    }
    free(a.hits);
    free(a.ev);
    free(seq);
    g_ctx = "";
}

/* fork() after threaded work: the child's first threaded run must complete (the pool
 * starts afresh; with OpenMP's thread team the child hung) and equal the parent's. */
static void test_fork_child(void)
{
    g_ctx = "fork";
    int k = ao_kernel_find("silu_backward");
    const int64_t n = 200000;
    float *dy = malloc(n * 4), *x = malloc(n * 4), *ref = malloc(n * 4), *out = malloc(n * 4);
    for (int64_t i = 0; i < n; i++) { dy[i] = (float)nrand(); x[i] = (float)(4 * nrand()); }
    ao_ew_plan p;
    memset(&p, 0, sizeof p);
    p.kernel = k; p.nin = 2; p.ndim = 1; p.numel = n; p.shape[0] = n;
    for (int o = 0; o < 3; o++) { p.dtype[o] = AO_DT_FLOAT; p.strides[o][0] = 1; }
    p.tiling = cann_tiling(n, 4);
    char *d[3] = { (char *)ref, (char *)dy, (char *)x };
    CHECK(ao_ew_run(&p, d, 3) == 0, "parent run");
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(60); /* a hung child dies by SIGALRM */
        char *dc[3] = { (char *)out, (char *)dy, (char *)x };
        int ok = 1;
        for (int r = 0; r < 3; r++)
            ok &= ao_ew_run(&p, dc, 3) == 0 && memcmp(out, ref, (size_t)n * 4) == 0;
        _exit(ok ? 0 : 1);
    }
    CHECK(pid > 0, "fork failed");
    if (pid > 0) {
        int status = 0;
        waitpid(pid, &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child: %s %d",
              WIFSIGNALED(status) ? "killed by signal" : "exit status",
              WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    /* and the parent's pool still works */
    char *dp[3] = { (char *)out, (char *)dy, (char *)x };
    CHECK(ao_ew_run(&p, dp, 3) == 0 && memcmp(out, ref, (size_t)n * 4) == 0, "parent after fork");
    free(dy); free(x); free(ref); free(out);
    g_ctx = "";
}
#else
static void test_concurrent(void) {}
static void test_parallel_for(void) {}
static void test_parallel_for_split(void) {}
static void test_fork_child(void) {}
#endif

static void test_bad_plans(void)
{
    g_ctx = "bad plans";
    int k = ao_kernel_find("silu_backward");
    float a[64] = { 0 }, b2[64] = { 0 }, o[64];
    char *data[3] = { (char *)o, (char *)a, (char *)b2 };
    ao_ew_plan p;
    memset(&p, 0, sizeof p);
    p.kernel = k; p.nin = 2; p.ndim = 1; p.numel = 64; p.shape[0] = 64;
    for (int i = 0; i < 3; i++) p.strides[i][0] = 1;
    p.tiling = cann_tiling(64, 4);
    CHECK(ao_ew_run(&p, data, 1) == 0, "good plan");
    ao_ew_plan q = p; q.kernel = 999; CHECK(ao_ew_run(&q, data, 1) == -1, "bad kernel");
    q = p; q.nin = 1; CHECK(ao_ew_run(&q, data, 1) == -1, "bad nin");
    q = p; q.nin = AO_MAX_INPUTS + 1; CHECK(ao_ew_run(&q, data, 1) == -1, "nin above AO_MAX_INPUTS");
    q = p; q.numel = 65; CHECK(ao_ew_run(&q, data, 1) == -1, "bad numel");
    q = p; q.dtype[1] = 5; CHECK(ao_ew_run(&q, data, 1) == -1, "unknown dtype");
    q = p; q.dtype[1] = AO_DT_COMPLEX64; CHECK(ao_ew_run(&q, data, 1) == -1, "complex input, real compute");
    q = p; q.compute = AO_DT_INT32; CHECK(ao_ew_run(&q, data, 1) == -1, "no integer body");
    q = p; q.compute = AO_DT_COMPLEX128; CHECK(ao_ew_run(&q, data, 1) == -1, "no complex body");
    q = p; q.compute = AO_DT_UINT16; CHECK(ao_ew_run(&q, data, 1) == -1, "no uint16 kernels");
    q = p; q.ndim = 9; CHECK(ao_ew_run(&q, data, 1) == -1, "bad ndim");
    q = p; q.tiling.block_dim = 0; CHECK(ao_ew_run(&q, data, 1) == -1, "bad block_dim");
    q = p; q.tiling.tail_block_num = 2; CHECK(ao_ew_run(&q, data, 1) == -1, "bad tail_block_num");
    q = p; q.tiling.small_core_data_num = q.tiling.big_core_data_num = 8; q.tiling.block_dim = 1;
    CHECK(ao_ew_run(&q, data, 1) == -1, "tiling not covering");
    CHECK(ao_ew_run(NULL, data, 1) == -1, "null plan");
    char *nd[3] = { (char *)o, NULL, (char *)b2 };
    CHECK(ao_ew_run(&p, nd, 1) == -1, "null data");
    g_ctx = "";
}

/* The wide path (src/wide.c): an integer body exact in int64 past 2^53, a strided
 * integer operand, the fp32 kernel over int32 operands (converted, truncated back), and
 * the body over double. */
static void test_wide(void)
{
    g_ctx = "wide path";
    const int64_t n = 40000; /* past the parallel threshold: CANN's blocks on the pool */
    int64_t *xi = malloc(n * 2 * 8), *oi = malloc(n * 8);
    double *xd = malloc(n * 8), *od = malloc(n * 8);
    int32_t *x32 = malloc(n * 4), *o32 = malloc(n * 4);
    for (int64_t i = 0; i < 2 * n; i++) xi[i] = (i % 3 ? 1 : -1) * (((int64_t)1 << 60) + i);
    for (int64_t i = 0; i < n; i++) { xd[i] = 8 * nrand(); x32[i] = (int32_t)(i % 17) - 8; }
    ao_ew_plan p;
    memset(&p, 0, sizeof p);
    p.kernel = ao_kernel_find("relu"); p.nin = 1; p.ndim = 1; p.numel = n; p.shape[0] = n;
    p.tiling = cann_tiling(n, 8);
    p.dtype[0] = p.dtype[1] = AO_DT_INT64; p.compute = AO_DT_INT64;
    p.strides[0][0] = 1; p.strides[1][0] = 2; /* every other element of xi */
    char *d[2] = { (char *)oi, (char *)xi };
    CHECK(ao_ew_run(&p, d, 3) == 0, "int64 relu");
    int bad = 0;
    for (int64_t i = 0; i < n; i++) bad += oi[i] != (xi[2 * i] < 0 ? 0 : xi[2 * i]);
    CHECK(bad == 0, "int64 relu exact: %d off", bad);
    p.dtype[0] = p.dtype[1] = AO_DT_DOUBLE; p.compute = AO_DT_DOUBLE; p.strides[1][0] = 1;
    char *dd[2] = { (char *)od, (char *)xd };
    CHECK(ao_ew_run(&p, dd, 3) == 0, "double relu");
    bad = 0;
    for (int64_t i = 0; i < n; i++) bad += od[i] != (xd[i] < 0 ? 0.0 : xd[i]);
    CHECK(bad == 0, "double relu: %d off", bad);
    /* the fp32 hardsigmoid over int32: clip(x + 3, 0, 6) / 6 truncated: 1 from x = 3 on */
    p.kernel = ao_kernel_find("hardsigmoid");
    p.dtype[0] = p.dtype[1] = AO_DT_INT32; p.compute = AO_DT_FLOAT;
    char *d32[2] = { (char *)o32, (char *)x32 };
    CHECK(ao_ew_run(&p, d32, 1) == 0, "int32 through fp32");
    bad = 0;
    for (int64_t i = 0; i < n; i++) bad += o32[i] != (x32[i] >= 3);
    CHECK(bad == 0, "int32 hardsigmoid: %d off", bad);
    free(xi); free(oi); free(xd); free(od); free(x32); free(o32);
    g_ctx = "";
}

static void test_table(void)
{
    g_ctx = "table";
    /* One kernel per header in src/ops (at least silu_backward and view_copy)
     * plus the 3 test ops: adding an op header adds a kernel, so no exact count. */
    CHECK(ao_kernel_count() >= 5, "kernel count %d", ao_kernel_count());
    int k = ao_kernel_find("silu_backward");
    CHECK(k >= 0 && ao_kernel_arity(k) == 2 && !strcmp(ao_kernel_name(k), "silu_backward"), "silu_backward row");
    k = ao_kernel_find("view_copy");
    CHECK(k >= 0 && ao_kernel_arity(k) == 1, "view_copy row");
    CHECK(ao_kernel_find("nope") == -1 && ao_kernel_find(NULL) == -1, "unknown name");
    /* the first index past the table (it grows by a row per op header, two per
     * 2-result op: no fixed number is past it for long) */
    const int nk = ao_kernel_count();
    CHECK(ao_kernel_name(nk - 1) != NULL && ao_kernel_arity(nk - 1) >= 1, "last row");
    CHECK(ao_kernel_name(-1) == NULL && ao_kernel_name(nk) == NULL && ao_kernel_arity(nk) == -1 &&
          ao_kernel_nout(nk) == -1 && ao_kernel_arity(-1) == -1, "bad index");
    /* AO_MAX_INPUTS inputs: a 4-input row (AO_EW_OP4), a 4-input 2-result pair (AO_EW_OP4_2OUT) */
    k = ao_kernel_find("test_fma4");
    CHECK(k >= 0 && ao_kernel_arity(k) == 4 && ao_kernel_nout(k) == 1, "test_fma4 row");
    k = ao_kernel_find("test_fma4_2out");
    CHECK(k >= 0 && ao_kernel_arity(k) == 4 && ao_kernel_nout(k) == 2 &&
          !strcmp(ao_kernel_name(k + 1), "test_fma4_2out:1") && ao_kernel_arity(k + 1) == 4, "test_fma4_2out rows");
    const char *n = ao_isa_name();
    CHECK(!strcmp(n, "baseline") || !strcmp(n, "avx2") || !strcmp(n, "avx512"), "isa %s", n);
    CHECK(ao_isa_force("bogus") == -1, "force bogus");
    /* run_c_tests.sh compiles only the regions this CPU runs (AO_ISA_LEVEL_MAX from its
     * flags): one it runs but left out would go untested without a word */
    CHECK(ao_isa_cpu_level() <= AO_ISA_LEVEL_MAX, "this CPU runs ISA level %d, the build stops at %d",
          ao_isa_cpu_level(), AO_ISA_LEVEL_MAX);
    g_ctx = "";
}

/* strided copy against a naive reference */
static void copy_case(const char *label, int ndim, const int64_t *shape, int64_t isz,
                      const int64_t *ds, const int64_t *ss, int nthreads)
{
    g_ctx = label;
    int64_t dlo = 0, dhi = 0, slo = 0, shi = 0, numel = 1;
    for (int d = 0; d < ndim; d++) {
        numel *= shape[d];
        int64_t e = (shape[d] - 1) * ds[d]; if (e < 0) dlo += e; else dhi += e;
        e = (shape[d] - 1) * ss[d]; if (e < 0) slo += e; else shi += e;
    }
    int64_t dn = dhi - dlo + 1 + 8, sn = shi - slo + 1;
    unsigned char *dm = malloc(dn * isz), *rm = malloc(dn * isz), *sm = malloc(sn * isz);
    for (int64_t i = 0; i < sn * isz; i++) sm[i] = (unsigned char)rnd();
    memset(dm, 0xcd, dn * isz);
    memset(rm, 0xcd, dn * isz);
    char *dst = (char *)dm + (-dlo) * isz, *src = (char *)sm + (-slo) * isz, *rdst = (char *)rm + (-dlo) * isz;
    int64_t idx[AO_MAX_DIMS] = { 0 };
    for (int64_t i = 0; i < numel; i++) {
        int64_t od = 0, os = 0;
        for (int d = 0; d < ndim; d++) { od += idx[d] * ds[d]; os += idx[d] * ss[d]; }
        memcpy(rdst + od * isz, src + os * isz, isz);
        for (int d = ndim - 1; d >= 0; d--) { if (++idx[d] < shape[d]) break; idx[d] = 0; }
    }
    int rc = ao_strided_copy(ndim, shape, isz, dst, ds, src, ss, nthreads);
    CHECK(rc == 0, "rc %d", rc);
    CHECK(memcmp(dm, rm, dn * isz) == 0, "copy mismatch");
    free(dm); free(rm); free(sm);
    g_ctx = "";
}

/* ao_ew_run_prefix: only the first `limit` elements of the C-ordered iteration are
 * computed (as boxes), over an output whose dims do not coalesce (a stride-2 middle dim),
 * every other element untouched; ao_row_limit's clamps. */
static void test_prefix(void)
{
    g_ctx = "prefix";
    int k = ao_kernel_find("test_add_one");
    CHECK(k >= 0, "test_add_one kernel present");
    enum { D0 = 3, D1 = 4, D2 = 5, N = D0 * D1 * D2 };
    float in[N], out[D0 * 2 * D1 * D2];
    for (int i = 0; i < N; i++) in[i] = (float)i;
    ao_ew_plan p;
    memset(&p, 0, sizeof p);
    p.kernel = k; p.nin = 1; p.ndim = 3; p.numel = N;
    p.shape[0] = D0; p.shape[1] = D1; p.shape[2] = D2;
    p.strides[0][0] = 2 * D1 * D2; p.strides[0][1] = 2 * D2; p.strides[0][2] = 1;   /* out: every other row */
    p.strides[1][0] = D1 * D2; p.strides[1][1] = D2; p.strides[1][2] = 1;
    p.tiling = cann_tiling(N, 4);
    char *data[2] = { (char *)out, (char *)in };
    int64_t limits[] = { -5, 0, 1, 4, 5, 6, 19, 20, 21, 37, 59, 60, 61, 1000 };
    for (size_t li = 0; li < sizeof limits / sizeof limits[0]; li++) {
        for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) out[i] = -1.0f;
        CHECK(ao_ew_run_prefix(&p, data, limits[li], 1) == 0, "limit %lld runs", (long long)limits[li]);
        int bad = 0;
        for (int a = 0; a < D0; a++)
            for (int b = 0; b < 2 * D1; b++)
                for (int c = 0; c < D2; c++) {
                    const float got = out[(a * 2 * D1 + b) * D2 + c];
                    const int64_t flat = (int64_t)(a * D1 + b / 2) * D2 + c;
                    const float want = (b % 2 == 0 && flat < limits[li]) ? (float)flat + 1.0f : -1.0f;
                    bad += got != want;
                }
        CHECK(bad == 0, "limit %lld: %d elements wrong", (long long)limits[li], bad);
    }
    /* threaded, a larger plan: the same prefix */
    static float big_in[1 << 16], big_out[1 << 16];
    for (int i = 0; i < (1 << 16); i++) { big_in[i] = (float)i; big_out[i] = -1.0f; }
    ao_ew_plan q;
    memset(&q, 0, sizeof q);
    q.kernel = k; q.nin = 1; q.ndim = 2; q.numel = 1 << 16; q.shape[0] = 256; q.shape[1] = 256;
    q.strides[0][0] = q.strides[1][0] = 256; q.strides[0][1] = q.strides[1][1] = 1;
    q.tiling = cann_tiling(1 << 16, 4);
    char *bd[2] = { (char *)big_out, (char *)big_in };
    CHECK(ao_ew_run_prefix(&q, bd, 40000, 0) == 0, "threaded prefix runs");
    int bad = 0;
    for (int i = 0; i < (1 << 16); i++)
        bad += big_out[i] != (i < 40000 ? (float)i + 1.0f : -1.0f);
    CHECK(bad == 0, "threaded prefix: %d elements wrong", bad);
    CHECK(ao_ew_run_prefix(NULL, data, 3, 1) == -1, "null plan");
    /* ao_ew_zero_suffix: the elements from `limit` on become 0, the others and the
     * skipped rows of the strided output stay */
    for (size_t li = 0; li < sizeof limits / sizeof limits[0]; li++) {
        for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) out[i] = -1.0f;
        CHECK(ao_ew_zero_suffix(&p, data, limits[li]) == 0, "zero suffix %lld", (long long)limits[li]);
        int wrong = 0;
        for (int a = 0; a < D0; a++)
            for (int b = 0; b < 2 * D1; b++)
                for (int c = 0; c < D2; c++) {
                    const int64_t flat = (int64_t)(a * D1 + b / 2) * D2 + c;
                    const float want = (b % 2 == 0 && flat >= limits[li]) ? 0.0f : -1.0f;
                    wrong += out[(a * 2 * D1 + b) * D2 + c] != want;
                }
        CHECK(wrong == 0, "zero suffix %lld: %d elements wrong", (long long)limits[li], wrong);
    }
    CHECK(ao_ew_zero_suffix(NULL, data, 3) == -1, "zero suffix: null plan");
    /* a 0-d plan: its one element is the suffix of limit 0 */
    ao_ew_plan scalar = p;
    scalar.ndim = 0;
    scalar.numel = 1;
    out[0] = -1.0f;
    CHECK(ao_ew_zero_suffix(&scalar, data, 1) == 0 && out[0] == -1.0f, "0-d plan, limit 1: kept");
    CHECK(ao_ew_zero_suffix(&scalar, data, 0) == 0 && out[0] == 0.0f, "0-d plan, limit 0: zeroed");
    /* a large contiguous suffix (the strided copy's threaded path) of a 2-byte dtype */
    static uint16_t half_out[1 << 20];
    ao_ew_plan h;
    memset(&h, 0, sizeof h);
    h.kernel = k; h.nin = 1; h.ndim = 2; h.numel = 1 << 20; h.shape[0] = 1024; h.shape[1] = 1024;
    h.strides[0][0] = 1024; h.strides[0][1] = 1;
    h.dtype[0] = AO_DT_FLOAT16;
    for (int i = 0; i < (1 << 20); i++) half_out[i] = 0xBEEF;
    char *hd[2] = { (char *)half_out, NULL };
    CHECK(ao_ew_zero_suffix(&h, hd, 1000 * 1024 + 17) == 0, "2-byte suffix runs");
    int hbad = 0;
    for (int i = 0; i < (1 << 20); i++)
        hbad += half_out[i] != (i < 1000 * 1024 + 17 ? 0xBEEF : 0);
    CHECK(hbad == 0, "2-byte suffix: %d elements wrong", hbad);
    const int64_t v[] = { 3, 4, -2 }, huge[] = { INT64_MAX, 5 }, neg[] = { INT64_MIN, -5 };
    CHECK(ao_row_limit(v, 3, 100) == 5, "sum");
    CHECK(ao_row_limit(v, 2, 6) == 6, "sum past rows");
    CHECK(ao_row_limit(v + 2, 1, 6) == 0, "negative sum");
    CHECK(ao_row_limit(v, 0, 6) == 0, "no values");
    CHECK(ao_row_limit(huge, 2, 9) == 9, "overflow up");
    CHECK(ao_row_limit(neg, 2, 9) == 0, "overflow down");
    g_ctx = "";
}

/* ao_coalesce: the engine's one coalescing rule (extent-1 dims dropped, a dim merged
 * into the one before it where every operand steps over it whole), checked against
 * hand-worked layouts, and ao_strided_copy through it over views that coalesce. */
static void coalesce_case(const char *label, int ndim, const int64_t *shape, int nops,
                          const int64_t (*st)[AO_MAX_DIMS], int want_ndim, const int64_t *want_shape,
                          const int64_t (*want_st)[AO_MAX_DIMS])
{
    g_ctx = label;
    const int64_t *in[AO_MAX_OPERANDS];
    for (int o = 0; o < nops; o++) in[o] = st[o];
    int64_t sh[AO_MAX_DIMS], ost[AO_MAX_OPERANDS][AO_MAX_DIMS];
    const int n = ao_coalesce(ndim, shape, nops, in, sh, ost);
    CHECK(n == want_ndim, "rank %d, want %d", n, want_ndim);
    int bad = 0;
    for (int d = 0; d < n && n == want_ndim; d++) {
        bad += sh[d] != want_shape[d];
        for (int o = 0; o < nops; o++) bad += ost[o][d] != want_st[o][d];
    }
    CHECK(bad == 0, "%d extents or strides differ", bad);
    g_ctx = "";
}

static void test_coalesce(void)
{
    {   /* contiguous with extent-1 dims anywhere (any stride on them): one dim */
        const int64_t sh[] = { 1, 3, 1, 4, 5, 1 };
        const int64_t st[2][AO_MAX_DIMS] = { { 99, 20, 7, 5, 1, 3 }, { 60, 20, 20, 5, 1, 1 } };
        const int64_t wsh[] = { 60 }, wst[2][AO_MAX_DIMS] = { { 1 }, { 1 } };
        coalesce_case("coalesce contiguous", 6, sh, 2, st, 1, wsh, wst);
    }
    {   /* a broadcast operand merges the inner dims only */
        const int64_t sh[] = { 3, 4, 5 };
        const int64_t st[2][AO_MAX_DIMS] = { { 20, 5, 1 }, { 0, 5, 1 } };
        const int64_t wsh[] = { 3, 20 }, wst[2][AO_MAX_DIMS] = { { 20, 1 }, { 0, 1 } };
        coalesce_case("coalesce broadcast", 3, sh, 2, st, 2, wsh, wst);
    }
    {   /* five operands (a two-result plan of three inputs), one with padded rows */
        const int64_t sh[] = { 2, 3, 4 };
        const int64_t st[5][AO_MAX_DIMS] = { { 12, 4, 1 }, { 12, 4, 1 }, { 12, 4, 1 }, { 12, 4, 1 }, { 24, 8, 1 } };
        const int64_t wsh[] = { 6, 4 };
        const int64_t wst[5][AO_MAX_DIMS] = { { 4, 1 }, { 4, 1 }, { 4, 1 }, { 4, 1 }, { 8, 1 } };
        coalesce_case("coalesce five operands", 3, sh, 5, st, 2, wsh, wst);
    }
    {   /* transposed and negative strides: nothing merges */
        const int64_t sh[] = { 3, 4, 5 };
        const int64_t st[2][AO_MAX_DIMS] = { { 20, 5, 1 }, { 1, -15, 3 } };
        const int64_t wsh[] = { 3, 4, 5 }, wst[2][AO_MAX_DIMS] = { { 20, 5, 1 }, { 1, -15, 3 } };
        coalesce_case("coalesce transposed", 3, sh, 2, st, 3, wsh, wst);
    }
    {   /* one element (every extent 1, or no dims): one dim of extent 1, unit strides */
        const int64_t sh[] = { 1, 1 };
        const int64_t st[2][AO_MAX_DIMS] = { { 4, 2 }, { 0, 0 } };
        const int64_t wsh[] = { 1 }, wst[2][AO_MAX_DIMS] = { { 1 }, { 1 } };
        coalesce_case("coalesce one element", 2, sh, 2, st, 1, wsh, wst);
        coalesce_case("coalesce 0-d", 0, NULL, 2, st, 1, wsh, wst);
    }
    /* copies through it: extent-1 dims between mergeable ones, a split row */
    int64_t sh[5] = { 3, 1, 2, 1, 6 }, cs[5] = { 12, 5, 6, 9, 1 }, ps[5] = { 16, 3, 8, 1, 1 };
    copy_case("copy coalesced contiguous", 5, sh, 4, cs, cs, 1);
    copy_case("copy coalesced padded dst", 5, sh, 2, ps, cs, 1);
}

static void test_strided_copy(void)
{
    char label[128];
    int64_t sizes[] = { 1, 2, 4, 8, 16, 3, 12 };
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        int64_t isz = sizes[si];
        int64_t sh[3] = { 13, 1, 57 }, cs[3] = { 57, 57, 1 }, ts[3] = { 1, 1, 13 }, zs[3] = { 0, 5, 1 };
        snprintf(label, sizeof label, "copy isz=%lld contiguous", (long long)isz);
        copy_case(label, 3, sh, isz, cs, cs, 0);
        snprintf(label, sizeof label, "copy isz=%lld transposed src", (long long)isz);
        copy_case(label, 3, sh, isz, cs, ts, 0);
        snprintf(label, sizeof label, "copy isz=%lld transposed dst", (long long)isz);
        copy_case(label, 3, sh, isz, ts, cs, 0);
        snprintf(label, sizeof label, "copy isz=%lld broadcast src", (long long)isz);
        copy_case(label, 3, sh, isz, cs, zs, 0);
        int64_t ns[2] = { 40, 3 }, nd[2] = { -3, 1 }, nsrc[2] = { 1, -40 };
        snprintf(label, sizeof label, "copy isz=%lld negative strides", (long long)isz);
        copy_case(label, 2, ns, isz, nd, nsrc, 0);
        snprintf(label, sizeof label, "copy isz=%lld 0-d", (long long)isz);
        copy_case(label, 0, NULL, isz, NULL, NULL, 0);
    }
    int64_t big[2] = { 1024, 1031 }, bc[2] = { 1031, 1 }, bt[2] = { 1, 1024 };
    copy_case("copy large contiguous threaded", 2, big, 4, bc, bc, 4);
    copy_case("copy large transposed threaded", 2, big, 2, bc, bt, 4);
    copy_case("copy large transposed 8B threaded", 2, big, 8, bt, bc, 3);
    g_ctx = "copy misc";
    int64_t z[2] = { 0, 5 }, st[2] = { 5, 1 };
    CHECK(ao_strided_copy(2, z, 4, NULL, st, NULL, st, 0) == 0, "empty copy");
    CHECK(ao_strided_copy(9, z, 4, NULL, st, NULL, st, 0) == -1, "bad ndim");
    CHECK(ao_strided_copy(2, st, 0, (char *)st, st, (char *)st, st, 0) == -1, "bad itemsize");
    g_ctx = "";
}

int main(int argc, char **argv)
{
    g_quick = argc > 1 && !strcmp(argv[1], "quick");
    /* "shard K N": the tests whose place in the list below is K modulo N, so that N
     * processes run the full sweeps on N cores (run_c_tests.sh); the ISA force between
     * them runs in every shard */
    int shard_k = 0, shard_n = 1, place = 0;
    if (argc > 3 && !strcmp(argv[1], "shard")) {
        shard_k = atoi(argv[2]);
        shard_n = atoi(argv[3]);
        if (shard_n < 1 || shard_k < 0 || shard_k >= shard_n) {
            fprintf(stderr, "shard K N: 0 <= K < N\n");
            return 2;
        }
    }
#define RUN_PART(test)                          \
    do {                                        \
        if (place++ % shard_n == shard_k)       \
            test();                             \
    } while (0)
    printf("ascendops C engine tests (isa %s, %d threads%s, shard %d of %d)\n", ao_isa_name(),
           ao_get_num_threads(), g_quick ? ", quick" : "", shard_k, shard_n);
    for (int l = 0; l < 3; l++)
        if (ao_isa_get(l)) g_levels[g_nlevels++] = ao_isa_get(l);
    const char *best = ao_isa_name();
    if (argc > 1 && !strcmp(argv[1], "vmath")) { /* only the vector math, while iterating */
        test_expf();
        test_erff();
        test_normal_cdff();
        test_logf();
        test_expm1f();
        test_log1pf();
        test_erfinvf();
        test_vmath_regions_identical();
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }
    if (argc > 1 && !strcmp(argv[1], "nan")) { /* only the NaN payload test, while iterating */
        test_nan_payloads();
        test_nan_payloads_inplace();
        test_scalar_widen();
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }
    if (argc > 1 && !strcmp(argv[1], "lut")) { /* only the lookup tables, while iterating */
        test_gelu_erf_accuracy();
        test_gelu_backward_accuracy();
        test_lut();
        test_lut_decide();
        test_lut_auto();
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }
    if (argc > 1 && !strcmp(argv[1], "fused2")) { /* only the fused two-result plans, while iterating */
        test_four_inputs_two_outputs();
        test_fused_two_results();
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }
    if (argc > 1 && !strcmp(argv[1], "copy")) { /* only coalescing and strided copies, while iterating */
        test_coalesce();
        test_strided_copy();
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }
    if (argc > 1 && !strcmp(argv[1], "prefix")) { /* only the row-limit prefix, while iterating */
        test_prefix();
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }
    if (argc > 1 && !strcmp(argv[1], "pool")) { /* only the worker pool, while iterating */
        test_parallel_for();
        test_parallel_for_split();
        test_concurrent();
        test_fork_child();
        printf("%d passed, %d failed\n", g_pass, g_fail);
        return g_fail ? 1 : 0;
    }
    RUN_PART(test_walker);   /* first: every strided path of the engine walks with it */
    RUN_PART(test_table);
    RUN_PART(test_expf);
    RUN_PART(test_erff);
    RUN_PART(test_normal_cdff);
    RUN_PART(test_gelu_erf_accuracy);
    RUN_PART(test_gelu_backward_accuracy);
    RUN_PART(test_logf);
    RUN_PART(test_expm1f);
    RUN_PART(test_log1pf);
    RUN_PART(test_erfinvf);
    RUN_PART(test_vmath_regions_identical);
    RUN_PART(test_conversions);
    RUN_PART(test_scalar_widen);
    RUN_PART(test_transposes);
    RUN_PART(test_staged);
    RUN_PART(test_lut);
    RUN_PART(test_lut_decide);
    RUN_PART(test_lut_auto);
    RUN_PART(test_nan_payloads);
    RUN_PART(test_nan_payloads_inplace);
    RUN_PART(test_stream_kernels);
    RUN_PART(test_stream_kernels32);
    RUN_PART(test_ew_cases);
    RUN_PART(test_four_inputs_two_outputs);
    RUN_PART(test_fused_two_results);
    ao_isa_force(best);
    RUN_PART(test_threads);
    RUN_PART(test_stream_plans);
    RUN_PART(test_stream_plans32);
    RUN_PART(test_stream_plans_broadcast);
    RUN_PART(test_concurrent);
    RUN_PART(test_parallel_for);
    RUN_PART(test_parallel_for_split);
    RUN_PART(test_fork_child);
    RUN_PART(test_bad_plans);
    RUN_PART(test_wide);
    RUN_PART(test_coalesce);
    RUN_PART(test_strided_copy);
    RUN_PART(test_prefix);
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
