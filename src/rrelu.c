/* RReluWithNoise's kernel (src/rrelu.h says what it computes): compiled with the C
 * engine (its float32 loops vectorised at the engine's -O3; inside the Cython unit,
 * compiled at -O2, gcc left the inference loop scalar with a branch: float32 1e6 took
 * 3.3 ms against 0.07). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rrelu.h"
#include "dtypes.h"
#include "scalar_cvt.h"

static inline float ao_rrelu_load(int dt, const char *p)
{
    if (dt == AO_DT_FLOAT16)
        return ao_s_f16_to_f32(*(const uint16_t *)p);
    if (dt == AO_DT_BF16)
        return ao_s_bf16_to_f32(*(const uint16_t *)p);
    return *(const float *)p;
}

/* v rounded to the dtype (once) and stored */
static inline void ao_rrelu_store(int dt, char *p, float v)
{
    if (dt == AO_DT_FLOAT16)
        *(uint16_t *)p = ao_s_f64_to_f16((double)v);
    else if (dt == AO_DT_BF16)
        *(uint16_t *)p = ao_s_f32_to_bf16(v);
    else
        *(float *)p = v;
}

/* v rounded to the dtype, as fp32 (the slope CANN casts to self's dtype before Mul) */
static inline float ao_rrelu_round(int dt, float v)
{
    if (dt == AO_DT_FLOAT16)
        return ao_s_f16_to_f32(ao_s_f64_to_f16((double)v));
    if (dt == AO_DT_BF16)
        return ao_s_bf16_to_f32(ao_s_f32_to_bf16(v));
    return v;
}

typedef struct ao_rrelu_job {
    const ao_rrelu_plan *p;
    char *const *data;                  /* [0] out, [1] self, [2] noise */
    float *slopes, *outs;               /* staged mode (noise overlaps self or out): the results */
} ao_rrelu_job;

/* Element i's random slope (training): CANN's Muls/Sub/Muls/Sub on FLOAT. */
static inline float ao_rrelu_random(const ao_rrelu_plan *p, int64_t i, uint32_t block[4], uint64_t *have)
{
    if ((uint64_t)i / 4 != *have) {
        *have = (uint64_t)i / 4;
        ao_philox_block(p->seed, p->offset, *have, block);
    }
    const float u = ao_philox_uniform(block[i & 3]);
    float r = u * p->lower;
    r = r - p->lower;
    return u * p->upper - r;
}

/* ---- the block path ----
 * Element by element (above), the inference loop cost 5 ns an element at 1e6 float32
 * (1 thread, Zen 4; leaky_relu 0.5 ns): `x > 0 ? x : x * slope` compiled to a branch
 * that random signs mispredict half the time, behind per-element dtype switches and
 * scalar 16-bit conversions; training added a scalar Philox per 4 elements. Where a
 * walker run is contiguous in out and self, blocks of AO_RRELU_BLOCK elements go
 * through buffers instead: the region's array conversions (ao_isa_impl), branch-free
 * float32 loops compiled for the ISA region chosen at run time, and Philox4x32-10 on
 * 16 (AVX-512) or 8 (AVX2) counters at once (philox.h's words, the same integers).
 * The same float operations in the same order as the element path, so the same bits:
 * a block whose results hold a NaN stores them through ao_rrelu_store (the 16-bit
 * NaN rules of scalar_cvt.h), and lower/upper that are not finite (a NaN slope, whose
 * product with a NaN x would depend on operand order) keep the element path. */
#define AO_RRELU_BLOCK 1024

#if defined(__x86_64__) || defined(__i386__)
#define AO_RRELU_X86 1
#include <immintrin.h>
#else
#define AO_RRELU_X86 0
#endif

/* o = x > 0 ? x : x * slope; whether a result is NaN */
static inline __attribute__((always_inline)) int ao_rrelu_leaky_body(float *restrict o, const float *restrict x,
                                                                      int64_t n, float slope)
{
    int nan = 0;
    for (int64_t k = 0; k < n; k++) {
        const float v = x[k], r = v > 0.0f ? v : v * slope;
        nan |= r != r;
        o[k] = r;
    }
    return nan;
}

/* r[k] = u * upper - (u * lower - lower) of word w[k]'s uniform (ao_rrelu_random) */
static inline __attribute__((always_inline)) void ao_rrelu_uniform_body(float *restrict r, const uint32_t *restrict w,
                                                                         int64_t n, float lower, float upper)
{
    for (int64_t k = 0; k < n; k++) {
        const uint32_t bits = 0x3f800000u | (w[k] & 0x7fffffu);
        float u;
        memcpy(&u, &bits, 4);
        u = u - 1.0f;
        const float t = u * lower - lower;
        r[k] = u * upper - t;
    }
}

/* s = x < 0 ? rounded r : 1, o = x * s; whether a result is NaN */
static inline __attribute__((always_inline)) int ao_rrelu_train_body(float *restrict o, float *restrict s,
                                                                      const float *restrict x,
                                                                      const float *restrict r, int64_t n)
{
    int nan = 0;
    for (int64_t k = 0; k < n; k++) {
        /* r[k] loaded whatever the sign (a load in one arm of the select kept gcc
         * from vectorising the loop) */
        const float v = x[k], rk = r[k], sl = v < 0.0f ? rk : 1.0f, y = v * sl;
        nan |= y != y;
        s[k] = sl;
        o[k] = y;
    }
    return nan;
}

typedef int (*ao_rrelu_leaky_fn)(float *o, const float *x, int64_t n, float slope);
/* inference over contiguous 16-bit self and out in one pass (ao_rrelu_leaky16_avx2);
 * returns how many leading elements it stored */
typedef int64_t (*ao_rrelu_leaky16_fn)(uint16_t *o, const uint16_t *x, int64_t n, float slope, int bf16);
typedef void (*ao_rrelu_uniform_fn)(float *r, const uint32_t *w, int64_t n, float lower, float upper);
typedef int (*ao_rrelu_train_fn)(float *o, float *s, const float *x, const float *r, int64_t n);
/* words of Philox groups g0 .. g0 + ngroups - 1: w[4 (g - g0) + k] */
typedef void (*ao_rrelu_philox_fn)(uint64_t seed, uint64_t offset, uint64_t g0, int64_t ngroups, uint32_t *w);

/* The three float32 loops of one region, compiled under the target options in force
 * where it expands: ao_rrelu_leaky_<sfx>, ao_rrelu_uniform_<sfx>, ao_rrelu_train_<sfx>. */
#define AO_RRELU_LOOPS(sfx)                                                                          \
    static int ao_rrelu_leaky_##sfx(float *o, const float *x, int64_t n, float slope)               \
    {                                                                                                \
        return ao_rrelu_leaky_body(o, x, n, slope);                                                  \
    }                                                                                                \
    static void ao_rrelu_uniform_##sfx(float *r, const uint32_t *w, int64_t n, float lower, float upper) \
    {                                                                                                \
        ao_rrelu_uniform_body(r, w, n, lower, upper);                                                \
    }                                                                                                \
    static int ao_rrelu_train_##sfx(float *o, float *s, const float *x, const float *r, int64_t n)  \
    {                                                                                                \
        return ao_rrelu_train_body(o, s, x, r, n);                                                   \
    }

AO_RRELU_LOOPS(base)
static void ao_rrelu_philox_base(uint64_t seed, uint64_t offset, uint64_t g0, int64_t ngroups, uint32_t *w)
{
    for (int64_t g = 0; g < ngroups; g++)
        ao_philox_block(seed, offset, g0 + (uint64_t)g, w + 4 * g);
}

#if AO_RRELU_X86
#pragma GCC push_options
#pragma GCC target("avx2,fma,f16c")
AO_RRELU_LOOPS(avx2)
/* Inference over contiguous 16-bit self and out (float16, or bfloat16 where bf16), 16
 * elements a step in one pass: widened in registers, x > 0 ? x : x * slope (the block
 * loop's operations, so the same bits), NaN test, narrowed by RNE and stored. The block
 * path before converted self into an L1 buffer, ran the float32 loop into another and
 * converted that back: three passes, float16 1e6 at 1 thread 364 us in this region
 * against torch's 257 (Zen 4, CPU time, the bench's op table). Stops before the first
 * step with a NaN result and returns its index (the caller stores the rest through
 * the buffered path, whose NaN stores follow the element rules); the tail shorter
 * than a step is left to the caller too. Each step loads before it stores, so out may
 * be self (the caller passes disjoint or identical ranges only). */
static int64_t ao_rrelu_leaky16_avx2(uint16_t *o, const uint16_t *x, int64_t n, float slope, int bf16)
{
    const __m256 s = _mm256_set1_ps(slope), zero = _mm256_setzero_ps();
    int64_t i = 0;
    if (bf16) {
        const __m256i z = _mm256_setzero_si256(), half = _mm256_set1_epi32(0x7fff), one = _mm256_set1_epi32(1);
        for (; i + 16 <= n; i += 16) {
            const __m256i h = _mm256_loadu_si256((const __m256i *)(x + i));
            /* elements 0-3 and 8-11, 4-7 and 12-15, each to the high half of a float32
             * lane: in-lane unpacks, whose order vpackusdw below restores (no lane
             * crossing either way) */
            const __m256 a = _mm256_castsi256_ps(_mm256_unpacklo_epi16(z, h));
            const __m256 b = _mm256_castsi256_ps(_mm256_unpackhi_epi16(z, h));
            const __m256 ra = _mm256_blendv_ps(_mm256_mul_ps(a, s), a, _mm256_cmp_ps(a, zero, _CMP_GT_OQ));
            const __m256 rb = _mm256_blendv_ps(_mm256_mul_ps(b, s), b, _mm256_cmp_ps(b, zero, _CMP_GT_OQ));
            if (_mm256_movemask_ps(_mm256_cmp_ps(ra, rb, _CMP_UNORD_Q)))
                return i;
            /* RNE without a NaN lane: (u + 0x7fff + bit 16 of u) >> 16 (ao_s_f32_to_bf16) */
            const __m256i ua = _mm256_castps_si256(ra), ub = _mm256_castps_si256(rb);
            const __m256i qa = _mm256_add_epi32(_mm256_add_epi32(ua, half), _mm256_and_si256(_mm256_srli_epi32(ua, 16), one));
            const __m256i qb = _mm256_add_epi32(_mm256_add_epi32(ub, half), _mm256_and_si256(_mm256_srli_epi32(ub, 16), one));
            _mm256_storeu_si256((__m256i *)(o + i),
                                _mm256_packus_epi32(_mm256_srli_epi32(qa, 16), _mm256_srli_epi32(qb, 16)));
        }
        return i;
    }
    for (; i + 16 <= n; i += 16) {
        const __m256 a = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(x + i)));
        const __m256 b = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(x + i + 8)));
        const __m256 ra = _mm256_blendv_ps(_mm256_mul_ps(a, s), a, _mm256_cmp_ps(a, zero, _CMP_GT_OQ));
        const __m256 rb = _mm256_blendv_ps(_mm256_mul_ps(b, s), b, _mm256_cmp_ps(b, zero, _CMP_GT_OQ));
        if (_mm256_movemask_ps(_mm256_cmp_ps(ra, rb, _CMP_UNORD_Q)))
            return i;
        /* vcvtps2ph: RNE, overflow to inf, subnormals exact (ao_s_f64_to_f16's bits
         * on every non-NaN value) */
        _mm256_storeu_si256((__m256i *)(o + i),
                            _mm256_set_m128i(_mm256_cvtps_ph(rb, _MM_FROUND_TO_NEAREST_INT),
                                             _mm256_cvtps_ph(ra, _MM_FROUND_TO_NEAREST_INT)));
    }
    return i;
}
/* hi and lo words of a * m, 8 lanes (vpmuludq on the even, then the odd lanes) */
static inline __attribute__((always_inline)) void ao_philox_mul8(__m256i a, __m256i m, __m256i *hi, __m256i *lo)
{
    const __m256i pe = _mm256_mul_epu32(a, m), po = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), m);
    *hi = _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
    *lo = _mm256_blend_epi32(pe, _mm256_slli_epi64(po, 32), 0xAA);
}
static void ao_rrelu_philox_avx2(uint64_t seed, uint64_t offset, uint64_t g0, int64_t ngroups, uint32_t *w)
{
    /* lane 4 L + k holds group 2 k + L: after the in-lane 4x4 transposes below, vector
     * k holds groups 2k and 2k + 1, words in order */
    const __m256i lane = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    const __m256i m0 = _mm256_set1_epi32((int)AO_PHILOX_M0), m1 = _mm256_set1_epi32((int)AO_PHILOX_M1);
    __m256i key0[10], key1[10];                /* the round keys, once per call */
    uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
    for (int r = 0; r < 10; r++, k0 += AO_PHILOX_W0, k1 += AO_PHILOX_W1) {
        key0[r] = _mm256_set1_epi32((int)k0);
        key1[r] = _mm256_set1_epi32((int)k1);
    }
    int64_t g = 0;
    for (; g + 8 <= ngroups; g += 8) {
        const uint64_t base = offset + g0 + (uint64_t)g;
        if ((uint32_t)base > 0xffffffffu - 7u) {    /* the low word carries inside the vector */
            ao_rrelu_philox_base(seed, offset, g0 + (uint64_t)g, 8, w + 4 * g);
            continue;
        }
        __m256i c0 = _mm256_add_epi32(_mm256_set1_epi32((int)(uint32_t)base), lane);
        __m256i c1 = _mm256_set1_epi32((int)(uint32_t)(base >> 32));
        __m256i c2 = _mm256_set1_epi32(base < offset ? 1 : 0);
        __m256i c3 = _mm256_setzero_si256();
        for (int r = 0; r < 10; r++) {
            __m256i hi0, lo0, hi1, lo1;
            ao_philox_mul8(c0, m0, &hi0, &lo0);
            ao_philox_mul8(c2, m1, &hi1, &lo1);
            c0 = _mm256_xor_si256(_mm256_xor_si256(hi1, c1), key0[r]);
            c1 = lo1;
            c2 = _mm256_xor_si256(_mm256_xor_si256(hi0, c3), key1[r]);
            c3 = lo0;
        }
        const __m256i a = _mm256_unpacklo_epi32(c0, c1), b = _mm256_unpackhi_epi32(c0, c1);
        const __m256i c = _mm256_unpacklo_epi32(c2, c3), d = _mm256_unpackhi_epi32(c2, c3);
        _mm256_storeu_si256((__m256i *)(w + 4 * g), _mm256_unpacklo_epi64(a, c));
        _mm256_storeu_si256((__m256i *)(w + 4 * g + 8), _mm256_unpackhi_epi64(a, c));
        _mm256_storeu_si256((__m256i *)(w + 4 * g + 16), _mm256_unpacklo_epi64(b, d));
        _mm256_storeu_si256((__m256i *)(w + 4 * g + 24), _mm256_unpackhi_epi64(b, d));
    }
    ao_rrelu_philox_base(seed, offset, g0 + (uint64_t)g, ngroups - g, w + 4 * g);
}
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512bw,avx512vl,avx512dq,fma,f16c,bmi2")
AO_RRELU_LOOPS(avx512)
/* ao_rrelu_leaky16_avx2 at 32 elements a step */
static int64_t ao_rrelu_leaky16_avx512(uint16_t *o, const uint16_t *x, int64_t n, float slope, int bf16)
{
    const __m512 s = _mm512_set1_ps(slope), zero = _mm512_setzero_ps();
    int64_t i = 0;
    if (bf16) {
        const __m512i z = _mm512_setzero_si512(), half = _mm512_set1_epi32(0x7fff), one = _mm512_set1_epi32(1);
        for (; i + 32 <= n; i += 32) {
            const __m512i h = _mm512_loadu_si512((const void *)(x + i));
            const __m512 a = _mm512_castsi512_ps(_mm512_unpacklo_epi16(z, h));
            const __m512 b = _mm512_castsi512_ps(_mm512_unpackhi_epi16(z, h));
            const __m512 ra = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, zero, _CMP_GT_OQ), _mm512_mul_ps(a, s), a);
            const __m512 rb = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(b, zero, _CMP_GT_OQ), _mm512_mul_ps(b, s), b);
            if (_mm512_cmp_ps_mask(ra, rb, _CMP_UNORD_Q))
                return i;
            const __m512i ua = _mm512_castps_si512(ra), ub = _mm512_castps_si512(rb);
            const __m512i qa = _mm512_add_epi32(_mm512_add_epi32(ua, half), _mm512_and_si512(_mm512_srli_epi32(ua, 16), one));
            const __m512i qb = _mm512_add_epi32(_mm512_add_epi32(ub, half), _mm512_and_si512(_mm512_srli_epi32(ub, 16), one));
            _mm512_storeu_si512((void *)(o + i),
                                _mm512_packus_epi32(_mm512_srli_epi32(qa, 16), _mm512_srli_epi32(qb, 16)));
        }
        return i;
    }
    for (; i + 32 <= n; i += 32) {
        const __m512 a = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(x + i)));
        const __m512 b = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(x + i + 16)));
        const __m512 ra = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, zero, _CMP_GT_OQ), _mm512_mul_ps(a, s), a);
        const __m512 rb = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(b, zero, _CMP_GT_OQ), _mm512_mul_ps(b, s), b);
        if (_mm512_cmp_ps_mask(ra, rb, _CMP_UNORD_Q))
            return i;
        _mm256_storeu_si256((__m256i *)(o + i), _mm512_cvtps_ph(ra, _MM_FROUND_TO_NEAREST_INT));
        _mm256_storeu_si256((__m256i *)(o + i + 16), _mm512_cvtps_ph(rb, _MM_FROUND_TO_NEAREST_INT));
    }
    return i;
}
static inline __attribute__((always_inline)) void ao_philox_mul16(__m512i a, __m512i m, __m512i *hi, __m512i *lo)
{
    const __m512i pe = _mm512_mul_epu32(a, m), po = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), m);
    *hi = _mm512_mask_blend_epi32(0xAAAA, _mm512_srli_epi64(pe, 32), po);
    *lo = _mm512_mask_blend_epi32(0xAAAA, pe, _mm512_slli_epi64(po, 32));
}
static void ao_rrelu_philox_avx512(uint64_t seed, uint64_t offset, uint64_t g0, int64_t ngroups, uint32_t *w)
{
    /* lane 4 L + k holds group 4 k + L: after the in-lane 4x4 transposes below, vector
     * k holds groups 4k .. 4k + 3, words in order */
    const __m512i lane = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    const __m512i m0 = _mm512_set1_epi32((int)AO_PHILOX_M0), m1 = _mm512_set1_epi32((int)AO_PHILOX_M1);
    __m512i key0[10], key1[10];                /* the round keys, once per call */
    uint32_t k0 = (uint32_t)seed, k1 = (uint32_t)(seed >> 32);
    for (int r = 0; r < 10; r++, k0 += AO_PHILOX_W0, k1 += AO_PHILOX_W1) {
        key0[r] = _mm512_set1_epi32((int)k0);
        key1[r] = _mm512_set1_epi32((int)k1);
    }
    int64_t g = 0;
    for (; g + 16 <= ngroups; g += 16) {
        const uint64_t base = offset + g0 + (uint64_t)g;
        if ((uint32_t)base > 0xffffffffu - 15u) {   /* the low word carries inside the vector */
            ao_rrelu_philox_base(seed, offset, g0 + (uint64_t)g, 16, w + 4 * g);
            continue;
        }
        __m512i c0 = _mm512_add_epi32(_mm512_set1_epi32((int)(uint32_t)base), lane);
        __m512i c1 = _mm512_set1_epi32((int)(uint32_t)(base >> 32));
        __m512i c2 = _mm512_set1_epi32(base < offset ? 1 : 0);
        __m512i c3 = _mm512_setzero_si512();
        for (int r = 0; r < 10; r++) {
            __m512i hi0, lo0, hi1, lo1;
            ao_philox_mul16(c0, m0, &hi0, &lo0);
            ao_philox_mul16(c2, m1, &hi1, &lo1);
            c0 = _mm512_ternarylogic_epi32(hi1, c1, key0[r], 0x96);   /* a ^ b ^ c */
            c1 = lo1;
            c2 = _mm512_ternarylogic_epi32(hi0, c3, key1[r], 0x96);
            c3 = lo0;
        }
        const __m512i a = _mm512_unpacklo_epi32(c0, c1), b = _mm512_unpackhi_epi32(c0, c1);
        const __m512i c = _mm512_unpacklo_epi32(c2, c3), d = _mm512_unpackhi_epi32(c2, c3);
        _mm512_storeu_si512((void *)(w + 4 * g), _mm512_unpacklo_epi64(a, c));
        _mm512_storeu_si512((void *)(w + 4 * g + 16), _mm512_unpackhi_epi64(a, c));
        _mm512_storeu_si512((void *)(w + 4 * g + 32), _mm512_unpacklo_epi64(b, d));
        _mm512_storeu_si512((void *)(w + 4 * g + 48), _mm512_unpackhi_epi64(b, d));
    }
    ao_rrelu_philox_base(seed, offset, g0 + (uint64_t)g, ngroups - g, w + 4 * g);
}
#pragma GCC pop_options
#endif

/* The block path's functions for the ISA region ao_isa_current() chose (its level:
 * ASCENDOPS_ISA caps both alike). */
typedef struct ao_rrelu_fns {
    ao_rrelu_leaky_fn leaky;
    ao_rrelu_leaky16_fn leaky16;        /* NULL: none (the baseline region) */
    ao_rrelu_uniform_fn uniform;
    ao_rrelu_train_fn train;
    ao_rrelu_philox_fn philox;
    const ao_isa_impl *isa;
} ao_rrelu_fns;

static void ao_rrelu_fns_init(ao_rrelu_fns *f)
{
    f->isa = ao_isa_current();
    f->leaky = ao_rrelu_leaky_base;
    f->leaky16 = NULL;
    f->uniform = ao_rrelu_uniform_base;
    f->train = ao_rrelu_train_base;
    f->philox = ao_rrelu_philox_base;
#if AO_RRELU_X86
    if (f->isa->level >= 2) {
        f->leaky = ao_rrelu_leaky_avx512;
        f->leaky16 = ao_rrelu_leaky16_avx512;
        f->uniform = ao_rrelu_uniform_avx512;
        f->train = ao_rrelu_train_avx512;
        f->philox = ao_rrelu_philox_avx512;
    } else if (f->isa->level >= 1) {
        f->leaky = ao_rrelu_leaky_avx2;
        f->leaky16 = ao_rrelu_leaky16_avx2;
        f->uniform = ao_rrelu_uniform_avx2;
        f->train = ao_rrelu_train_avx2;
        f->philox = ao_rrelu_philox_avx2;
    }
#endif
}

/* n (<= AO_RRELU_BLOCK) contiguous elements of the dtype as float32: converted into
 * buf, or float32's own (read only: the block's results go to other buffers) */
static inline const float *ao_rrelu_load_block(const ao_rrelu_fns *f, int dt, float *buf, const char *src,
                                               int64_t n)
{
    if (dt == AO_DT_FLOAT16)
        f->isa->f16_to_f32(buf, (const uint16_t *)src, n);
    else if (dt == AO_DT_BF16)
        f->isa->bf16_to_f32(buf, (const uint16_t *)src, n);
    else
        return (const float *)src;
    return buf;
}

/* v[0..n) stored contiguously, rounded to the dtype; `nan`: v holds a NaN, stored
 * through ao_rrelu_store (the region's array conversions may keep NaN payloads) */
static inline void ao_rrelu_store_block(const ao_rrelu_fns *f, int dt, char *dst, const float *v, int64_t n, int nan)
{
    if (dt == AO_DT_FLOAT)
        memcpy(dst, v, (size_t)n * 4);
    else if (nan)
        for (int64_t k = 0; k < n; k++)
            ao_rrelu_store(dt, dst + k * 2, v[k]);
    else if (dt == AO_DT_FLOAT16)
        f->isa->f32_to_f16((uint16_t *)dst, v, n);
    else
        f->isa->f32_to_bf16((uint16_t *)dst, v, n);
}

/* The training slopes' rounding to the dtype (ao_rrelu_round), r[0..n) in place: r is
 * never NaN here (finite lower and upper), where the array conversions are exact RNE. */
static inline void ao_rrelu_round_block(const ao_rrelu_fns *f, int dt, float *r, int64_t n)
{
    uint16_t h[AO_RRELU_BLOCK];
    if (dt == AO_DT_FLOAT16) {
        f->isa->f32_to_f16(h, r, n);
        f->isa->f16_to_f32(r, h, n);
    } else if (dt == AO_DT_BF16) {
        f->isa->f32_to_bf16(h, r, n);
        f->isa->bf16_to_f32(r, h, n);
    }
}

/* Training: the random slopes r of elements i .. i + n - 1 (n <= AO_RRELU_BLOCK). */
static inline void ao_rrelu_random_block(const ao_rrelu_fns *f, const ao_rrelu_plan *p, int64_t i, int64_t n,
                                         float *r)
{
    uint32_t words[AO_RRELU_BLOCK + 8];
    const uint64_t g0 = (uint64_t)i / 4, g1 = (uint64_t)(i + n - 1) / 4;
    f->philox(p->seed, p->offset, g0, (int64_t)(g1 - g0 + 1), words);
    f->uniform(r, words + (i & 3), n, p->lower, p->upper);
    ao_rrelu_round_block(f, p->dtype, r, n);
}

static void ao_rrelu_range(void *arg, int64_t lo, int64_t hi)
{
    const ao_rrelu_job *j = (const ao_rrelu_job *)arg;
    const ao_rrelu_plan *p = j->p;
    const int dt = p->dtype, is = ao_dtype_itemsize(dt), last = p->ndim - 1;
    const int64_t *const st[2] = {p->strides[0], p->strides[1]};
    char *out = j->data[0];
    const char *self = j->data[1];
    /* the block path: finite lower and upper (a finite slope), runs contiguous in both */
    const int blocks = isfinite(p->lower) && isfinite(p->upper) && isfinite(p->slope) &&
                       st[0][last] == 1 && st[1][last] == 1;
    ao_rrelu_fns f;
    ao_rrelu_fns_init(&f);
    float xb[AO_RRELU_BLOCK], ob[AO_RRELU_BLOCK], sb[AO_RRELU_BLOCK], rb[AO_RRELU_BLOCK];
    ao_walker w;
    ao_walk_init(&w, p->ndim, p->shape, 2, st, lo, hi);
    int64_t i = lo, run;
    if (!p->training) {
        do {
            run = ao_walk_run(&w);
            if (blocks) {
                for (int64_t k = 0; k < run; k += AO_RRELU_BLOCK) {
                    const int64_t n = run - k < AO_RRELU_BLOCK ? run - k : AO_RRELU_BLOCK;
                    const char *src = self + (w.off[1] + k) * is;
                    char *dst = out + (w.off[0] + k) * is;
                    if (dt == AO_DT_FLOAT && (dst + n * 4 <= src || src + n * 4 <= dst)) {
                        /* no conversions, no copies: self to out (disjoint here: the
                         * loop's restrict pointers) */
                        f.leaky((float *)dst, (const float *)src, n, p->slope);
                        continue;
                    }
                    int64_t done = 0;
                    if (dt != AO_DT_FLOAT && f.leaky16 && (dst == src || dst + n * 2 <= src || src + n * 2 <= dst))
                        done = f.leaky16((uint16_t *)dst, (const uint16_t *)src, n, p->slope, dt == AO_DT_BF16);
                    if (done == n)
                        continue;
                    /* the rest (a step holding a NaN result onwards, a short tail) through
                     * the buffers */
                    const int nan = f.leaky(ob, ao_rrelu_load_block(&f, dt, xb, src + done * is, n - done), n - done,
                                            p->slope);
                    ao_rrelu_store_block(&f, dt, dst + done * is, ob, n - done, nan);
                }
                continue;
            }
            for (int64_t k = 0; k < run; k++) {
                const float x = ao_rrelu_load(dt, self + (w.off[1] + k * st[1][last]) * is);
                const float n = x * p->slope;
                ao_rrelu_store(dt, out + (w.off[0] + k * st[0][last]) * is, x > 0.0f ? x : n);
            }
        } while (ao_walk_next(&w, run));
        return;
    }
    uint32_t block[4];
    uint64_t have = UINT64_MAX;         /* the Philox block held in `block` */
    if (j->slopes) {                    /* staged: results only, written by the passes below */
        do {
            run = ao_walk_run(&w);
            if (blocks) {
                for (int64_t k = 0; k < run; k += AO_RRELU_BLOCK) {
                    const int64_t n = run - k < AO_RRELU_BLOCK ? run - k : AO_RRELU_BLOCK;
                    const float *x = ao_rrelu_load_block(&f, dt, xb, self + (w.off[1] + k) * is, n);
                    ao_rrelu_random_block(&f, p, i + k, n, rb);
                    f.train(j->outs + i + k, j->slopes + i + k, x, rb, n);
                }
                i += run;
                continue;
            }
            for (int64_t k = 0; k < run; k++, i++) {
                const float r = ao_rrelu_random(p, i, block, &have);
                const float x = ao_rrelu_load(dt, self + (w.off[1] + k * st[1][last]) * is);
                const float slope = x < 0.0f ? ao_rrelu_round(dt, r) : 1.0f;
                j->slopes[i] = slope;
                j->outs[i] = x * slope;
            }
        } while (ao_walk_next(&w, run));
        return;
    }
    /* noise: its own row-major walk over its shape, from the same linear index */
    char *noise = j->data[2];
    const int64_t *const nst[1] = {p->noise_strides};
    const int nlast = p->noise_ndim - 1;
    ao_walker wn;
    ao_walk_init(&wn, p->noise_ndim, p->noise_shape, 1, nst, lo, hi);
    int64_t nrun = ao_walk_run(&wn), nk = 0;
    do {
        run = ao_walk_run(&w);
        if (blocks) {
            for (int64_t k = 0; k < run; k += AO_RRELU_BLOCK) {
                const int64_t n = run - k < AO_RRELU_BLOCK ? run - k : AO_RRELU_BLOCK;
                const char *src = self + (w.off[1] + k) * is;
                char *dst = out + (w.off[0] + k) * is;
                const float *x = ao_rrelu_load_block(&f, dt, xb, src, n);
                ao_rrelu_random_block(&f, p, i + k, n, rb);
                if (nk == nrun) {
                    ao_walk_next(&wn, nrun);
                    nrun = ao_walk_run(&wn);
                    nk = 0;
                }
                if (dt == AO_DT_FLOAT && p->noise_strides[nlast] == 1 && nrun - nk >= n &&
                    (dst + n * 4 <= src || src + n * 4 <= dst)) {
                    /* float32, noise contiguous over the block, out apart from self:
                     * the results straight into out and noise (noise never overlaps
                     * self or out here: that is the staged mode) */
                    f.train((float *)dst, (float *)(noise + (wn.off[0] + nk) * is), x, rb, n);
                    nk += n;
                    continue;
                }
                const int nan = f.train(ob, sb, x, rb, n);
                /* noise first (CANN's ViewCopy into noise precedes out's) */
                for (int64_t m = 0; m < n;) {
                    if (nk == nrun) {
                        ao_walk_next(&wn, nrun);
                        nrun = ao_walk_run(&wn);
                        nk = 0;
                    }
                    const int64_t c = nrun - nk < n - m ? nrun - nk : n - m;
                    char *dst = noise + wn.off[0] * is;
                    if (p->noise_strides[nlast] == 1)
                        ao_rrelu_store_block(&f, dt, dst + nk * is, sb + m, c, nan);
                    else
                        for (int64_t q = 0; q < c; q++)
                            ao_rrelu_store(dt, dst + (nk + q) * p->noise_strides[nlast] * is, sb[m + q]);
                    nk += c;
                    m += c;
                }
                ao_rrelu_store_block(&f, dt, dst, ob, n, nan);
            }
            i += run;
            continue;
        }
        for (int64_t k = 0; k < run; k++, i++) {
            const float r = ao_rrelu_random(p, i, block, &have);
            const float x = ao_rrelu_load(dt, self + (w.off[1] + k * st[1][last]) * is);
            const float slope = x < 0.0f ? ao_rrelu_round(dt, r) : 1.0f;
            if (nk == nrun) {
                ao_walk_next(&wn, nrun);
                nrun = ao_walk_run(&wn);
                nk = 0;
            }
            ao_rrelu_store(dt, noise + (wn.off[0] + nk * p->noise_strides[nlast]) * is, slope);
            nk++;
            ao_rrelu_store(dt, out + (w.off[0] + k * st[0][last]) * is, x * slope);
        }
    } while (ao_walk_next(&w, run));
}

/* Staged mode's stores: values[i] into operand `which` (0 out, 2 noise) at row-major i. */
typedef struct ao_rrelu_store_job {
    const ao_rrelu_plan *p;
    char *base;
    const float *values;
    int noise;
} ao_rrelu_store_job;

static void ao_rrelu_store_range(void *arg, int64_t lo, int64_t hi)
{
    const ao_rrelu_store_job *j = (const ao_rrelu_store_job *)arg;
    const ao_rrelu_plan *p = j->p;
    const int dt = p->dtype, is = ao_dtype_itemsize(dt);
    const int nd = j->noise ? p->noise_ndim : p->ndim;
    const int64_t *shape = j->noise ? p->noise_shape : p->shape;
    const int64_t *const st[1] = {j->noise ? p->noise_strides : p->strides[0]};
    ao_walker w;
    ao_walk_init(&w, nd, shape, 1, st, lo, hi);
    int64_t i = lo, run;
    do {
        run = ao_walk_run(&w);
        for (int64_t k = 0; k < run; k++, i++)
            ao_rrelu_store(dt, j->base + (w.off[0] + k * st[0][nd - 1]) * is, j->values[i]);
    } while (ao_walk_next(&w, run));
}

/* Byte range [lo, hi) of a view. */
static inline void ao_rrelu_bytes(const char *base, int nd, const int64_t *shape, const int64_t *st, int is,
                                  uintptr_t *lo, uintptr_t *hi)
{
    int64_t a = 0, b = 0;
    for (int d = 0; d < nd; d++) {
        const int64_t span = (shape[d] - 1) * st[d];
        if (span < 0)
            a += span;
        else
            b += span;
    }
    *lo = (uintptr_t)(base + a * is);
    *hi = (uintptr_t)(base + (b + 1) * is);
}

/* plan_fn.h's interface: data[0] out, data[1] self, data[2] noise. */
int ao_rrelu_run(const void *plan, char *const *data, int nthreads)
{
    const ao_rrelu_plan *p = (const ao_rrelu_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || (p->training && !data[2]) || p->numel <= 0 ||
        p->ndim < 1 || p->ndim > AO_MAX_DIMS || p->noise_ndim < 1 || p->noise_ndim > AO_MAX_DIMS ||
        !(p->dtype == AO_DT_FLOAT || p->dtype == AO_DT_FLOAT16 || p->dtype == AO_DT_BF16))
        return -1;
    ao_rrelu_job job = {p, data, NULL, NULL};
    const int is = ao_dtype_itemsize(p->dtype);
    int staged = 0;
    if (p->training) {
        /* noise sharing memory with self or out: CANN computes both results before its
         * ViewCopy into noise, then out's; so do we, through two buffers */
        uintptr_t nlo, nhi, lo, hi;
        ao_rrelu_bytes(data[2], p->noise_ndim, p->noise_shape, p->noise_strides, is, &nlo, &nhi);
        for (int k = 0; k < 2 && !staged; k++) {
            ao_rrelu_bytes(data[k], p->ndim, p->shape, p->strides[k], is, &lo, &hi);
            staged = lo < nhi && nlo < hi;
        }
    }
    if (staged) {
        job.slopes = (float *)malloc((size_t)p->numel * sizeof(float));
        job.outs = (float *)malloc((size_t)p->numel * sizeof(float));
        if (!job.slopes || !job.outs) {
            free(job.slopes);
            free(job.outs);
            return -1;
        }
    }
    /* parts of >= 16384 elements on the engine's pool; every element's result depends on
     * its index alone, so the split (and the thread count) cannot change it */
    ao_parallel_ranges(p->numel, nthreads, 16384, ao_rrelu_range, &job);
    if (staged) {
        ao_rrelu_store_job sn = {p, data[2], job.slopes, 1}, so = {p, data[0], job.outs, 0};
        ao_parallel_ranges(p->numel, nthreads, 16384, ao_rrelu_store_range, &sn);
        ao_parallel_ranges(p->numel, nthreads, 16384, ao_rrelu_store_range, &so);
        free(job.slopes);
        free(job.outs);
    }
    return 0;
}
