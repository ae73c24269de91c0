/* Body of one ISA region: src/region_<isa>.c includes it once, after regions.h, with
 * AO_SUFFIX (name suffix) and AO_ISA_LEVEL (0 baseline, 1 avx2+fma+f16c, 2 avx512)
 * defined, inside #pragma GCC target(...) for levels 1 and 2. Everything the hot loops
 * call is defined here so that it is compiled (and inlinable) with the region's target
 * options; the region exports one symbol, ao_region_<isa> (its kernel table, at the
 * end), which src/kernels.c dispatches on. */
#include "vmath.h"
#include "bf16_round.h"
#include "round_odd.h"

/* ---- scalar conversions (exact software versions, branch-free) ---- */

/* IEEE half -> float, exact (subnormals, inf); NaN -> quiet NaN keeping sign and
 * payload (bit-identical to F16C's vcvtph2ps). */
static inline __attribute__((always_inline)) float AO_SFX(ao_h2f)(uint16_t h)
{
#if defined(__aarch64__) && defined(__ARM_FP16_FORMAT_IEEE)
    __fp16 t; /* hardware fcvt (vectorizes to fcvtl); quiets NaN like the code below */
    memcpy(&t, &h, 2);
    return (float)t;
#endif
    uint32_t em = (uint32_t)(h & 0x7fffu) << 13;
    uint32_t e = em & 0x0f800000u;
    uint32_t o = em + (112u << 23);
    o = e == 0x0f800000u ? o + (112u << 23) : o;            /* inf / NaN */
    o = em > 0x0f800000u ? o | 0x00400000u : o;              /* NaN: quiet (as F16C) */
    float z = AO_SFX(ao_u2f)(o + (1u << 23)) - AO_SFX(ao_u2f)(113u << 23);
    o = e == 0 ? AO_SFX(ao_f2u)(z) : o;                      /* zero / subnormal */
    return AO_SFX(ao_u2f)(o | ((uint32_t)(h & 0x8000u) << 16));
}

/* float -> IEEE half, round to nearest even; overflow -> inf; NaN -> quiet NaN with
 * the top payload bits (like F16C's vcvtps2ph). */
static inline __attribute__((always_inline)) uint16_t AO_SFX(ao_f2h)(float f)
{
#if defined(__aarch64__) && defined(__ARM_FP16_FORMAT_IEEE)
    __fp16 t = (__fp16)f; /* hardware fcvt, FPCR rounding (nearest even by default) */
    uint16_t hb;
    memcpy(&hb, &t, 2);
    return hb;
#endif
    uint32_t u = AO_SFX(ao_f2u)(f);
    uint32_t sign = (u >> 16) & 0x8000u;
    uint32_t a = u & 0x7fffffffu;
    uint32_t odd = (a >> 13) & 1u;
    uint32_t nrm = (a - (112u << 23) + 0xfffu + odd) >> 13;  /* wraps harmlessly when unused */
    float d = AO_SFX(ao_u2f)(a) + 0.5f;                      /* RNE at 2^-24 */
    uint32_t sub = AO_SFX(ao_f2u)(d) - (126u << 23);
    uint32_t big = a > 0x7f800000u ? (0x7e00u | ((a >> 13) & 0x3ffu)) : 0x7c00u;
    uint32_t o = a >= (143u << 23) ? big : (a < (113u << 23) ? sub : nrm);
    return (uint16_t)(o | sign);
}

static inline __attribute__((always_inline)) float AO_SFX(ao_b2f)(uint16_t b)
{
    return AO_SFX(ao_u2f)((uint32_t)b << 16);
}

/* float -> bfloat16, round to nearest even; NaN -> quiet NaN (sign and top payload). */
static inline __attribute__((always_inline)) uint16_t AO_SFX(ao_f2b)(float f)
{
    uint32_t u = AO_SFX(ao_f2u)(f);
    uint32_t r = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    uint32_t q = (u >> 16) | 0x40u;
    return (uint16_t)((u & 0x7fffffffu) > 0x7f800000u ? q : r);
}

/* ---- contiguous array conversions ---- */

static void AO_SFX(ao_cvt_f16_f32)(float *dst, const uint16_t *src, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(dst + i, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(src + i))));
#endif
#if AO_ISA_LEVEL >= 1
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i))));
#endif
    const uint16_t *__restrict s = src;
    float *__restrict d = dst;
    for (; i < n; i++)
        d[i] = AO_SFX(ao_h2f)(s[i]);
}

static void AO_SFX(ao_cvt_f32_f16)(uint16_t *dst, const float *src, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    for (; i + 16 <= n; i += 16)
        _mm256_storeu_si256((__m256i *)(dst + i),
                            _mm512_cvtps_ph(_mm512_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
#endif
#if AO_ISA_LEVEL >= 1
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128((__m128i *)(dst + i),
                         _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
#endif
    const float *__restrict s = src;
    uint16_t *__restrict d = dst;
    for (; i < n; i++)
        d[i] = AO_SFX(ao_f2h)(s[i]);
}

static void AO_SFX(ao_cvt_bf16_f32)(float *dst, const uint16_t *src, int64_t n)
{
    const uint16_t *__restrict s = src;
    float *__restrict d = dst;
    for (int64_t i = 0; i < n; i++)
        d[i] = AO_SFX(ao_b2f)(s[i]);
}

#if AO_ISA_LEVEL >= 1
/* 8 floats -> 8 bf16 in the low halves of 32-bit lanes (RNE, NaN quieted). */
static inline __attribute__((always_inline)) __m256i AO_SFX(ao_bf16_rne8)(__m256 v)
{
    return _mm256_srli_epi32(AO_SFX(ao_bf16_rne_hi8)(v), 16);
}
#endif

static void AO_SFX(ao_cvt_f32_bf16)(uint16_t *dst, const float *src, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    for (; i + 16 <= n; i += 16) {
        const __m512i r = _mm512_srli_epi32(AO_SFX(ao_bf16_rne_hi16)(_mm512_loadu_ps(src + i)), 16);
        _mm256_storeu_si256((__m256i *)(dst + i), _mm512_cvtepi32_epi16(r));
    }
#endif
#if AO_ISA_LEVEL >= 1
    for (; i + 16 <= n; i += 16) {
        __m256i a = AO_SFX(ao_bf16_rne8)(_mm256_loadu_ps(src + i));
        __m256i b = AO_SFX(ao_bf16_rne8)(_mm256_loadu_ps(src + i + 8));
        __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xd8);
        _mm256_storeu_si256((__m256i *)(dst + i), p);
    }
    for (; i + 8 <= n; i += 8) {
        __m256i a = AO_SFX(ao_bf16_rne8)(_mm256_loadu_ps(src + i));
        __m128i p = _mm_packus_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
        _mm_storeu_si128((__m128i *)(dst + i), p);
    }
#endif
    const float *__restrict s = src;
    uint16_t *__restrict d = dst;
    for (; i < n; i++)
        d[i] = AO_SFX(ao_f2b)(s[i]);
}

/* ---- transposed copies (2-D tiles of transposed operands, engine.c) ----
 * dst[r * ld_dst + c] = src[c * ld_src + r] for r < rows, c < cols: reads src down
 * its contiguous direction and writes dst along its own. Vector versions move 8 x 8
 * blocks through registers (8 loads, 24 shuffles, 8 stores instead of 64 scalar
 * loads and stores); edges go element by element.
 * Block order: the side with the longer leading dimension (the strided operand of a
 * tile; the other side is the engine's contiguous tile buffer) is walked 8 strips at
 * a time, each strip from end to end, so each of its cache lines is used whole while
 * it is in L1. Row-band order instead takes 8 elements of every strip per pass: for a
 * 4096^2 fp32 x.T, 256 lines (one per strip of the tile) between two uses of a line,
 * most of them evicted and fetched again (C harness, median ns/element, 2 threads
 * 0.921 -> 0.841, 1 thread 1.73 -> 1.46).
 * The two macros are the same in every region: defined at its first inclusion. */
#ifndef AO_TRANSPOSE_BLOCKS
#define AO_TRANSPOSE_BLOCKS(block, dst, ld_dst, src, ld_src, r8, c8)                 \
    do {                                                                              \
        if ((ld_src < 0 ? -ld_src : ld_src) > (ld_dst < 0 ? -ld_dst : ld_dst)) {      \
            for (int64_t c0 = 0; c0 < c8; c0 += 8) /* 8 source strips, whole */      \
                for (int64_t r0 = 0; r0 < r8; r0 += 8)                                \
                    block(dst, ld_dst, src, ld_src, r0, c0);                          \
        } else {                                                                      \
            for (int64_t r0 = 0; r0 < r8; r0 += 8) /* 8 destination strips, whole */ \
                for (int64_t c0 = 0; c0 < c8; c0 += 8)                                \
                    block(dst, ld_dst, src, ld_src, r0, c0);                          \
        }                                                                             \
    } while (0)

/* The rows [r8, rows) and columns [c8, cols) that the 8 x 8 blocks leave. */
#define AO_TRANSPOSE_EDGES(dst, ld_dst, src, ld_src, rows, cols, r8, c8)             \
    do {                                                                              \
        for (int64_t r = 0; r < r8; r++)                                              \
            for (int64_t c = c8; c < cols; c++)                                       \
                dst[r * ld_dst + c] = src[c * ld_src + r];                            \
        for (int64_t c = 0; c < cols; c++)                                            \
            for (int64_t r = r8; r < rows; r++)                                       \
                dst[r * ld_dst + c] = src[c * ld_src + r];                            \
    } while (0)
#endif

#if AO_ISA_LEVEL >= 1
/* dst rows r0 .. r0 + 7, columns c0 .. c0 + 7, 32-bit elements */
static inline __attribute__((always_inline)) void AO_SFX(ao_transpose32_block)(
    uint32_t *dst, int64_t ld_dst, const uint32_t *src, int64_t ld_src, int64_t r0, int64_t c0)
{
    __m256 v[8], t[8];
    for (int k = 0; k < 8; k++) /* v[k] = src column c0 + k, rows r0 .. r0 + 7 */
        v[k] = _mm256_loadu_ps((const float *)src + (c0 + k) * ld_src + r0);
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm256_unpacklo_ps(v[k], v[k + 1]);
        t[k + 1] = _mm256_unpackhi_ps(v[k], v[k + 1]);
    }
    for (int k = 0; k < 8; k += 4) {
        v[k] = _mm256_shuffle_ps(t[k], t[k + 2], 0x44);
        v[k + 1] = _mm256_shuffle_ps(t[k], t[k + 2], 0xee);
        v[k + 2] = _mm256_shuffle_ps(t[k + 1], t[k + 3], 0x44);
        v[k + 3] = _mm256_shuffle_ps(t[k + 1], t[k + 3], 0xee);
    }
    /* v[0..3]: rows r0 + {0,1,2,3} (low lanes) and r0 + {4,5,6,7} (high lanes)
     * of columns c0 .. c0 + 3; v[4..7]: the same for columns c0 + 4 .. c0 + 7 */
    for (int k = 0; k < 4; k++) {
        _mm256_storeu_ps((float *)dst + (r0 + k) * ld_dst + c0,
                         _mm256_permute2f128_ps(v[k], v[k + 4], 0x20));
        _mm256_storeu_ps((float *)dst + (r0 + k + 4) * ld_dst + c0,
                         _mm256_permute2f128_ps(v[k], v[k + 4], 0x31));
    }
}
#endif

static void AO_SFX(ao_transpose32)(uint32_t *dst, int64_t ld_dst, const uint32_t *src,
                                   int64_t ld_src, int64_t rows, int64_t cols)
{
    int64_t r8 = 0, c8 = 0;
#if AO_ISA_LEVEL >= 1
    r8 = rows & ~(int64_t)7;
    c8 = cols & ~(int64_t)7;
    AO_TRANSPOSE_BLOCKS(AO_SFX(ao_transpose32_block), dst, ld_dst, src, ld_src, r8, c8);
#endif
    AO_TRANSPOSE_EDGES(dst, ld_dst, src, ld_src, rows, cols, r8, c8);
}

#if defined(__SSE2__)
/* dst rows r0 .. r0 + 7, columns c0 .. c0 + 7, 16-bit elements */
static inline __attribute__((always_inline)) void AO_SFX(ao_transpose16_block)(
    uint16_t *dst, int64_t ld_dst, const uint16_t *src, int64_t ld_src, int64_t r0, int64_t c0)
{
    __m128i v[8], t[8];
    for (int k = 0; k < 8; k++)
        v[k] = _mm_loadu_si128((const __m128i *)(src + (c0 + k) * ld_src + r0));
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm_unpacklo_epi16(v[k], v[k + 1]);
        t[k + 1] = _mm_unpackhi_epi16(v[k], v[k + 1]);
    }
    for (int k = 0; k < 8; k += 4) {
        v[k] = _mm_unpacklo_epi32(t[k], t[k + 2]);
        v[k + 1] = _mm_unpackhi_epi32(t[k], t[k + 2]);
        v[k + 2] = _mm_unpacklo_epi32(t[k + 1], t[k + 3]);
        v[k + 3] = _mm_unpackhi_epi32(t[k + 1], t[k + 3]);
    }
    /* v[0]: rows r0, r0+1 of columns c0..c0+3; v[1]: rows r0+2, r0+3; v[2]:
     * rows r0+4, r0+5; v[3]: rows r0+6, r0+7; v[4..7]: columns c0+4..c0+7 */
    for (int k = 0; k < 4; k++) {
        _mm_storeu_si128((__m128i *)(dst + (r0 + 2 * k) * ld_dst + c0),
                         _mm_unpacklo_epi64(v[k], v[k + 4]));
        _mm_storeu_si128((__m128i *)(dst + (r0 + 2 * k + 1) * ld_dst + c0),
                         _mm_unpackhi_epi64(v[k], v[k + 4]));
    }
}
#endif

static void AO_SFX(ao_transpose16)(uint16_t *dst, int64_t ld_dst, const uint16_t *src,
                                   int64_t ld_src, int64_t rows, int64_t cols)
{
    int64_t r8 = 0, c8 = 0;
#if defined(__SSE2__)
    r8 = rows & ~(int64_t)7;
    c8 = cols & ~(int64_t)7;
    AO_TRANSPOSE_BLOCKS(AO_SFX(ao_transpose16_block), dst, ld_dst, src, ld_src, r8, c8);
#endif
    AO_TRANSPOSE_EDGES(dst, ld_dst, src, ld_src, rows, cols, r8, c8);
}

/* ---- 16-element block loads/stores of the fused 16-bit op loops (ew_op.h) ----
 * dt is AO_DT_FLOAT16 or AO_DT_BF16 (a constant where these are inlined). Same
 * results as the array conversions above (RNE, NaN quieted). With AVX2, bfloat16
 * blocks are widened by interleaving with zeros (one unpack per 8 elements, instead
 * of a zero-extension and a shift) and narrowed by one in-lane pack (no lane
 * permute); both work within 128-bit lanes, so d[] holds the block in the order
 * 0-3, 8-11, 4-7, 12-15: the op bodies are elementwise, and ao_st16 undoes exactly
 * the order ao_ld16 made. The AVX-512 region uses the same ymm code: one zmm
 * vcvtph2ps / vcvtps2ph per block instead of two ymm measured no faster computed
 * and slower on the table path on Zen 4 (0.29 -> 0.35-0.38 ns/element, the zmm
 * split again for the two ymm halves), and llvm-mca (icelake-server,
 * sapphirerapids) gives the table block the same 17.1 cycles either way. */
static inline __attribute__((always_inline)) void AO_SFX(ao_ld16)(float *d, const uint16_t *s,
                                                                  const int dt)
{
#if AO_ISA_LEVEL >= 1
    if (dt == AO_DT_FLOAT16) {
        for (int h = 0; h < 16; h += 8)
            _mm256_storeu_ps(d + h, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(s + h))));
    } else {
        const __m256i v = _mm256_loadu_si256((const __m256i *)s), z = _mm256_setzero_si256();
        _mm256_storeu_si256((__m256i *)d, _mm256_unpacklo_epi16(z, v));
        _mm256_storeu_si256((__m256i *)(d + 8), _mm256_unpackhi_epi16(z, v));
    }
#else
    for (int j = 0; j < 16; j++)
        d[j] = dt == AO_DT_FLOAT16 ? AO_SFX(ao_h2f)(s[j]) : AO_SFX(ao_b2f)(s[j]);
#endif
}

/* stream: non-temporal stores when d is 16-byte aligned (ao_ew16_fn); the baseline
 * ISA ignores it. */
static inline __attribute__((always_inline)) void AO_SFX(ao_st16)(uint16_t *d, const float *s,
                                                                  const int dt, const int stream)
{
#if AO_ISA_LEVEL >= 1
    __m128i lo, hi;
    if (dt == AO_DT_FLOAT16) {
        lo = _mm256_cvtps_ph(_mm256_loadu_ps(s), _MM_FROUND_TO_NEAREST_INT);
        hi = _mm256_cvtps_ph(_mm256_loadu_ps(s + 8), _MM_FROUND_TO_NEAREST_INT);
    } else {
        __m256i a = AO_SFX(ao_bf16_rne8)(_mm256_loadu_ps(s));
        __m256i b = AO_SFX(ao_bf16_rne8)(_mm256_loadu_ps(s + 8));
        __m256i p = _mm256_packus_epi32(a, b);
        lo = _mm256_castsi256_si128(p);
        hi = _mm256_extracti128_si256(p, 1);
    }
    if (stream && !((uintptr_t)d & 15)) {
        _mm_stream_si128((__m128i *)d, lo);
        _mm_stream_si128((__m128i *)(d + 8), hi);
    } else {
        _mm_storeu_si128((__m128i *)d, lo);
        _mm_storeu_si128((__m128i *)(d + 8), hi);
    }
#else
    (void)stream;
    for (int j = 0; j < 16; j++)
        d[j] = dt == AO_DT_FLOAT16 ? AO_SFX(ao_f2h)(s[j]) : AO_SFX(ao_f2b)(s[j]);
#endif
}

/* Where ao_ld16 puts element j of its 16: j itself, except for bfloat16 in the AVX2
 * and AVX-512 regions (0-3, 8-11, 4-7, 12-15: bits 2 and 3 of j swapped). The same
 * condition as ao_ld16's. A constant once inlined. */
static inline __attribute__((always_inline)) int AO_SFX(ao_ld16_pos)(const int j, const int dt)
{
#if AO_ISA_LEVEL >= 1
    if (dt == AO_DT_BF16)
        return (j & ~12) | ((j & 4) << 1) | ((j & 8) >> 1);
#endif
    (void)dt;
    return j;
}

/* The raw 16-bit lanes of a sign-bit body (ew_op.h AO_EW_RAW16_): o[j] = (s[j] & and_m)
 * ^ xor_m, j < n, up to the first group of AO_RAW16_GROUP lanes (or, in the tail, the
 * first lane) holding a NaN (inf: the dtype's infinity bits); returns how many lanes
 * were written. In place is fine: a group is read before it is written. The baseline
 * region runs the lanes one at a time (its kernels take the body's loops: ew_op.h). */
#define AO_RAW16_GROUP 64
static inline __attribute__((always_inline)) int64_t AO_SFX(ao_raw16_run)(
    uint16_t *o, const uint16_t *s, int64_t n, const uint16_t inf, const uint16_t and_m,
    const uint16_t xor_m)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    const __m512i mag = _mm512_set1_epi16(0x7fff), vinf = _mm512_set1_epi16((short)inf);
    const __m512i am = _mm512_set1_epi16((short)and_m), xm = _mm512_set1_epi16((short)xor_m);
    for (; i + AO_RAW16_GROUP <= n; i += AO_RAW16_GROUP) {
        const __m512i x0 = _mm512_loadu_si512(s + i), x1 = _mm512_loadu_si512(s + i + 32);
        if (_mm512_cmpgt_epu16_mask(_mm512_and_si512(x0, mag), vinf) |
            _mm512_cmpgt_epu16_mask(_mm512_and_si512(x1, mag), vinf))
            return i;
        _mm512_storeu_si512(o + i, _mm512_xor_si512(_mm512_and_si512(x0, am), xm));
        _mm512_storeu_si512(o + i + 32, _mm512_xor_si512(_mm512_and_si512(x1, am), xm));
    }
#elif AO_ISA_LEVEL >= 1
    /* the magnitudes are at most 0x7fff: a signed compare */
    const __m256i mag = _mm256_set1_epi16(0x7fff), vinf = _mm256_set1_epi16((short)inf);
    const __m256i am = _mm256_set1_epi16((short)and_m), xm = _mm256_set1_epi16((short)xor_m);
    for (; i + AO_RAW16_GROUP <= n; i += AO_RAW16_GROUP) {
        __m256i x[4], nan = _mm256_setzero_si256();
        for (int k = 0; k < 4; k++) {
            x[k] = _mm256_loadu_si256((const __m256i *)(s + i + 16 * k));
            nan = _mm256_or_si256(nan, _mm256_cmpgt_epi16(_mm256_and_si256(x[k], mag), vinf));
        }
        if (!_mm256_testz_si256(nan, nan))
            return i;
        for (int k = 0; k < 4; k++)
            _mm256_storeu_si256((__m256i *)(o + i + 16 * k), _mm256_xor_si256(_mm256_and_si256(x[k], am), xm));
    }
#endif
    for (; i < n; i++) {
        if ((s[i] & 0x7fffu) > inf)
            return i;
        o[i] = (uint16_t)((s[i] & and_m) ^ xor_m);
    }
    return n;
}

/* 1 if any of s[0..n-1] is NaN: the kernels' test for the NaN rule's fix-up (ew_op.h
 * "NaN results"), a pass over a block just written (in L1). One unordered compare
 * covers two vectors (it is true where either lane is NaN): per 16 floats one
 * compare and one or, fewer than testing each result in the loop that makes it
 * (f32 SiluBackward on AVX2, ns/element: 0.380 without a test, 0.442 with a
 * compare, and and or per vector, 0.427 with a compare and or). */
static inline __attribute__((always_inline)) int AO_SFX(ao_any_nan)(const float *s, const int64_t n)
{
    int64_t j = 0;
    int any = 0;
#if AO_ISA_LEVEL >= 2
    /* zmm: one compare into a mask register per 32 floats */
    __mmask16 nan_mask = 0;
    for (; j + 32 <= n; j += 32)
        nan_mask |= _mm512_cmp_ps_mask(_mm512_loadu_ps(s + j), _mm512_loadu_ps(s + j + 16),
                                       _CMP_UNORD_Q);
    any = nan_mask;
#endif
#if AO_ISA_LEVEL >= 1
    __m256 acc = _mm256_setzero_ps();
    for (; j + 16 <= n; j += 16)
        acc = _mm256_or_ps(acc, _mm256_cmp_ps(_mm256_loadu_ps(s + j), _mm256_loadu_ps(s + j + 8),
                                              _CMP_UNORD_Q));
    any |= _mm256_movemask_ps(acc);
#endif
    for (; j < n; j++)
        any |= s[j] != s[j];
    return any != 0;
}

/* ---- one register of the elementwise loops (ew_op.h AO_EW_KV_) ----
 * ao_vreg: AO_EW_VW floats (16 in a zmm, 8 in a ymm; the baseline region's stand-in is
 * an array, never used by its kernels). ao_vld widens AO_EW_VW elements of dtype dt
 * (AO_DT_FLOAT, AO_DT_FLOAT16 or AO_DT_BF16; a constant where inlined) into fp32 and
 * stores them to d: the op body's loop over d compiles, once inlined, to register code
 * (gcc forwards the store to the vectorised body's load and drops the array); ao_vst
 * narrows a register to dt and stores it. The same conversions as the array
 * conversions above (vcvtph2ps / vcvtps2ph, RNE; bfloat16 by the same integer RNE with
 * NaNs quietened), so the same bits. */
#if AO_ISA_LEVEL >= 2
typedef __m512 AO_SFX(ao_vreg);
#elif AO_ISA_LEVEL >= 1
typedef __m256 AO_SFX(ao_vreg);
#else
typedef struct { float f[8]; } AO_SFX(ao_vreg);
#endif

static inline __attribute__((always_inline)) void AO_SFX(ao_vld)(float *d, const void *s,
                                                                 const int dt)
{
#if AO_ISA_LEVEL >= 2
    __m512 v;
    if (dt == AO_DT_FLOAT)
        v = _mm512_loadu_ps(s);
    else if (dt == AO_DT_FLOAT16)
        v = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)s));
    else /* element j to the high half of lane j, zeros below: one vpermw */
        v = _mm512_castsi512_ps(_mm512_maskz_permutexvar_epi16(
            0xAAAAAAAAu,
            _mm512_set_epi16(15, 0, 14, 0, 13, 0, 12, 0, 11, 0, 10, 0, 9, 0, 8, 0,
                             7, 0, 6, 0, 5, 0, 4, 0, 3, 0, 2, 0, 1, 0, 0, 0),
            _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)s))));
    _mm512_storeu_ps(d, v);
#elif AO_ISA_LEVEL >= 1
    __m256 v;
    if (dt == AO_DT_FLOAT)
        v = _mm256_loadu_ps(s);
    else if (dt == AO_DT_FLOAT16)
        v = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)s));
    else /* the 8 elements in both lanes, each to the high half of its 32-bit lane */
        v = _mm256_castsi256_ps(_mm256_shuffle_epi8(
            _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)s)),
            _mm256_setr_epi8(-128, -128, 0, 1, -128, -128, 2, 3, -128, -128, 4, 5, -128, -128, 6, 7,
                             -128, -128, 8, 9, -128, -128, 10, 11, -128, -128, 12, 13, -128, -128, 14, 15)));
    _mm256_storeu_ps(d, v);
#else
    for (int j = 0; j < 8; j++)
        d[j] = dt == AO_DT_FLOAT ? ((const float *)s)[j]
             : dt == AO_DT_FLOAT16 ? AO_SFX(ao_h2f)(((const uint16_t *)s)[j])
                                   : AO_SFX(ao_b2f)(((const uint16_t *)s)[j]);
#endif
}

/* ao_vld of operand p's elements i .. i + AO_EW_VW - 1 (p of dtype dt) */
static inline __attribute__((always_inline)) void AO_SFX(ao_vld_at)(float *d, const void *p,
                                                                    int64_t i, const int dt)
{
    AO_SFX(ao_vld)(d, (const char *)p + i * (dt == AO_DT_FLOAT ? 4 : 2), dt);
}

/* elements i .. i + AO_EW_VW - 1 of each of the nin operands in[] (all of dtype dt),
 * widened into a[k]: what every register of ew_op.h's loops starts with */
static inline __attribute__((always_inline)) void AO_SFX(ao_vld_inputs)(
    float (*a)[AO_EW_VW], const void *const *in, const int nin, int64_t i, const int dt)
{
    for (int k = 0; k < nin; k++)
        AO_SFX(ao_vld_at)(a[k], in[k], i, dt);
}

static inline __attribute__((always_inline)) AO_SFX(ao_vreg) AO_SFX(ao_vget)(const float *s)
{
#if AO_ISA_LEVEL >= 2
    return _mm512_loadu_ps(s);
#elif AO_ISA_LEVEL >= 1
    return _mm256_loadu_ps(s);
#else
    AO_SFX(ao_vreg) v;
    memcpy(&v, s, sizeof v);
    return v;
#endif
}

static inline __attribute__((always_inline)) void AO_SFX(ao_vput)(float *d, AO_SFX(ao_vreg) v)
{
#if AO_ISA_LEVEL >= 2
    _mm512_storeu_ps(d, v);
#elif AO_ISA_LEVEL >= 1
    _mm256_storeu_ps(d, v);
#else
    memcpy(d, &v, sizeof v);
#endif
}

/* 1 if any lane of v is NaN */
static inline __attribute__((always_inline)) int AO_SFX(ao_vnan)(AO_SFX(ao_vreg) v)
{
#if AO_ISA_LEVEL >= 2
    return _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q) != 0;
#elif AO_ISA_LEVEL >= 1
    return _mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)) != 0;
#else
    int any = 0;
    for (int j = 0; j < 8; j++)
        any |= v.f[j] != v.f[j];
    return any;
#endif
}

/* 1 if any lane of a or b is NaN (one unordered compare) */
static inline __attribute__((always_inline)) int AO_SFX(ao_vnan2)(AO_SFX(ao_vreg) a,
                                                                  AO_SFX(ao_vreg) b)
{
#if AO_ISA_LEVEL >= 2
    return _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q) != 0;
#elif AO_ISA_LEVEL >= 1
    return _mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q)) != 0;
#else
    return AO_SFX(ao_vnan)(a) | AO_SFX(ao_vnan)(b);
#endif
}

/* stream: non-temporal stores where o is aligned to the store's width (a whole zmm /
 * ymm of fp32, or the narrowed 16-bit half of one); elsewhere, and without stream,
 * plain stores. The bits stored are the same either way. */
static inline __attribute__((always_inline)) void AO_SFX(ao_vst)(void *o, AO_SFX(ao_vreg) v,
                                                                 const int dt, const int stream)
{
#if AO_ISA_LEVEL >= 2
    if (dt == AO_DT_FLOAT) {
        if (stream && !((uintptr_t)o & 63))
            _mm512_stream_ps((float *)o, v);
        else
            _mm512_storeu_ps(o, v);
        return;
    }
    __m256i h;
    if (dt == AO_DT_FLOAT16) {
        h = _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT);
    } else {
        /* the rounded halves in the lanes' high halves, which one vpermw gathers (a
         * shift and vpmovdw before: bfloat16 copy 0.104 -> 0.077 ns/element, Zen 4, in L1) */
        const __m512i r = AO_SFX(ao_bf16_rne_hi16)(v);
        h = _mm512_castsi512_si256(_mm512_permutexvar_epi16(
            _mm512_set_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                             31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1), r));
    }
    if (stream && !((uintptr_t)o & 31))
        _mm256_stream_si256((__m256i *)o, h);
    else
        _mm256_storeu_si256((__m256i *)o, h);
#elif AO_ISA_LEVEL >= 1
    if (dt == AO_DT_FLOAT) {
        if (stream && !((uintptr_t)o & 31))
            _mm256_stream_ps((float *)o, v);
        else
            _mm256_storeu_ps(o, v);
        return;
    }
    __m128i h;
    if (dt == AO_DT_FLOAT16) {
        h = _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT);
    } else { /* as above: the high halves, by an in-lane shuffle and a lane permute */
        __m256i r = AO_SFX(ao_bf16_rne_hi8)(v);
        r = _mm256_shuffle_epi8(r, _mm256_setr_epi8(2, 3, 6, 7, 10, 11, 14, 15, -128, -128, -128,
                                                    -128, -128, -128, -128, -128, 2, 3, 6, 7, 10,
                                                    11, 14, 15, -128, -128, -128, -128, -128, -128,
                                                    -128, -128));
        h = _mm256_castsi256_si128(_mm256_permute4x64_epi64(r, 0x08));
    }
    if (stream && !((uintptr_t)o & 15))
        _mm_stream_si128((__m128i *)o, h);
    else
        _mm_storeu_si128((__m128i *)o, h);
#else
    (void)stream;
    for (int j = 0; j < 8; j++) {
        if (dt == AO_DT_FLOAT)
            ((float *)o)[j] = v.f[j];
        else
            ((uint16_t *)o)[j] = dt == AO_DT_FLOAT16 ? AO_SFX(ao_f2h)(v.f[j]) : AO_SFX(ao_f2b)(v.f[j]);
    }
#endif
}

/* Two registers a, b (elements 0 .. AO_EW_VW - 1 and the next AO_EW_VW) narrowed to dt
 * and stored, where neither has a NaN lane (the loops' NaN test said so): the bits of
 * two ao_vst calls. The AVX2 region's bfloat16 pair: ao_f2b's RNE in each register,
 * then the high halves shifted down, packed (vpackusdw: in-lane, so a then b per
 * 128-bit lane) and put in order (vpermq), one 256-bit store: 12 instructions per 16
 * elements where two ao_vst took 20 (each rounds, quietens NaN lanes by a compare and
 * a blend, shuffles in lane, permutes across lanes and stores 128 bits). Elsewhere: two
 * ao_vst. */
static inline __attribute__((always_inline)) void AO_SFX(ao_vst2_nonan)(
    void *o, AO_SFX(ao_vreg) a, AO_SFX(ao_vreg) b, const int dt, const int stream)
{
#if AO_ISA_LEVEL == 1
    if (dt == AO_DT_BF16) {
        const __m256i one = _mm256_set1_epi32(1), half = _mm256_set1_epi32(0x7fff);
        const __m256i ua = _mm256_castps_si256(a), ub = _mm256_castps_si256(b);
        __m256i ra = _mm256_add_epi32(_mm256_add_epi32(ua, half),
                                      _mm256_and_si256(_mm256_srli_epi32(ua, 16), one));
        __m256i rb = _mm256_add_epi32(_mm256_add_epi32(ub, half),
                                      _mm256_and_si256(_mm256_srli_epi32(ub, 16), one));
        __m256i h = _mm256_permute4x64_epi64(
            _mm256_packus_epi32(_mm256_srli_epi32(ra, 16), _mm256_srli_epi32(rb, 16)), 0xd8);
        if (stream && !((uintptr_t)o & 31)) {
            _mm256_stream_si256((__m256i *)o, h);
        } else if (stream && !((uintptr_t)o & 15)) { /* as ao_vst: 16-byte aligned streams */
            _mm_stream_si128((__m128i *)o, _mm256_castsi256_si128(h));
            _mm_stream_si128((__m128i *)o + 1, _mm256_extracti128_si256(h, 1));
        } else {
            _mm256_storeu_si256((__m256i *)o, h);
        }
        return;
    }
#endif
    const int64_t sz = dt == AO_DT_FLOAT ? 4 : 2;
    AO_SFX(ao_vst)(o, a, dt, stream);
    AO_SFX(ao_vst)((char *)o + AO_EW_VW * sz, b, dt, stream);
}

/* n fp32 results of the staged fp32 loop (ew_op.h AO_EW_K32_), computed into an L1
 * block s, copied to o by ao_vst's non-temporal stores (the partial register at the
 * end plainly): the loop's own stores are the vectorised body's, plain C. */
static inline __attribute__((always_inline)) void AO_SFX(ao_vst_stream32)(float *o,
                                                                          const float *s,
                                                                          int64_t n)
{
    int64_t j = 0;
#if AO_ISA_LEVEL >= 1
    for (; j + AO_EW_VW <= n; j += AO_EW_VW)
        AO_SFX(ao_vst)(o + j, AO_SFX(ao_vget)(s + j), AO_DT_FLOAT, 1);
#endif
    memcpy(o + j, s + j, (size_t)(n - j) * sizeof(float));
}

/* ---- lookup tables of table-backed ops (AO_EW_GRAD, AO_EW_XFACTOR, AO_EW_XFUNC:
 * ew_op.h) ---- */

/* Bytes of a table of kind `kind` (ao_internal.h AO_LUT_*): fp32 factors, or the 16-bit
 * results of an AO_LUT_RESULT table */
static inline size_t AO_SFX(ao_lut_bytes)(const int kind)
{
    return (size_t)AO_LUT_ENTRIES * (kind == AO_LUT_RESULT ? sizeof(uint16_t) : sizeof(float));
}

/* The table of dtype dt of a kind-`kind` op (ew_op.h AO_LUT_*), or NULL: not yet worth
 * building (under AO_LUT_AUTO, fewer than AO_LUT_ENTRIES elements run so far, counting
 * these n), or out of memory. It is built from the op's fp32 kernel k32 over every bit
 * pattern of x, in blocks: a factor table with dy = 1 (1 * g is g exactly), a result
 * table from f(x) narrowed by the conversions the computed path narrows with. Threads
 * that race to build it keep the first published. */
static const void *AO_SFX(ao_lut_table)(ao_lut *lut, ao_ew_fn k32, const int kind, const int dt,
                                        int64_t n, const int policy)
{
    const int w = dt == AO_DT_BF16;
    void *t = __atomic_load_n(&lut->tab[w], __ATOMIC_ACQUIRE);
    if (t)
        return t;
    if (policy == AO_LUT_AUTO &&
        __atomic_add_fetch(&lut->counted[w], n, __ATOMIC_RELAXED) < AO_LUT_ENTRIES)
        return NULL;
    const int result = kind == AO_LUT_RESULT;
    t = malloc(AO_SFX(ao_lut_bytes)(kind));
    if (!t)
        return NULL;
    float ones[AO_STAGE_BLOCK], v[AO_STAGE_BLOCK];
    for (int j = 0; j < AO_STAGE_BLOCK; j++)
        ones[j] = 1.0f;
    for (int b = 0; b < AO_LUT_ENTRIES; b += AO_STAGE_BLOCK) {
        for (int j = 0; j < AO_STAGE_BLOCK; j++)
            v[j] = dt == AO_DT_FLOAT16 ? AO_SFX(ao_h2f)((uint16_t)(b + j))
                                       : AO_SFX(ao_b2f)((uint16_t)(b + j));
        if (result) {
            const float *in[1] = { v };
            k32(v, in, AO_STAGE_BLOCK, NULL); /* in place: f over this block of x */
            for (int j = 0; j < AO_STAGE_BLOCK; j += AO_EW_VW) /* the vector path's stores */
                AO_SFX(ao_vst)((uint16_t *)t + b + j, AO_SFX(ao_vget)(v + j), dt, 0);
        } else {
            const float *in[2] = { ones, v };
            k32((float *)t + b, in, AO_STAGE_BLOCK, NULL); /* g over this block of x */
        }
    }
    void *none = NULL;
    if (!__atomic_compare_exchange_n(&lut->tab[w], &none, t, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        free(t);
        t = none; /* another thread's, identical */
    }
    return t;
}

/* Four 16-bit results of a result table, for the x packed in v (lowest first) */
static inline __attribute__((always_inline)) uint64_t AO_SFX(ao_lut_look4)(const uint16_t *tab,
                                                                         const uint64_t v)
{
    return (uint64_t)tab[v & 0xffffu] | (uint64_t)tab[(v >> 16) & 0xffffu] << 16 |
           (uint64_t)tab[(v >> 32) & 0xffffu] << 32 | (uint64_t)tab[v >> 48] << 48;
}

/* o = tab[x] over n elements through a result table (AO_LUT_RESULT), in place allowed
 * (each group reads its x before it writes o). Four lookups from one 64-bit load of x
 * and one 64-bit store (Zen 3, a standalone C loop, 1 thread, float16 x ~ 4 N(0, 1),
 * n = 1e6, least of 30: 0.375 ns/element; an element at a time 0.38-0.60; vpgatherdd
 * of 32-bit words, the high halves masked off, 0.46); with stream, 16-byte
 * non-temporal stores where o is aligned. */
static void AO_SFX(ao_lut_apply_result)(const uint16_t *tab, uint16_t *o, const uint16_t *x,
                                        int64_t n, const int stream)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 1
    if (stream) {
        for (; i < n && ((uintptr_t)(o + i) & 15); i++)
            o[i] = tab[x[i]];
        for (; i + 8 <= n; i += 8) {
            uint64_t a, b;
            memcpy(&a, x + i, 8);
            memcpy(&b, x + i + 4, 8);
            _mm_stream_si128((__m128i *)(o + i),
                             _mm_set_epi64x((long long)AO_SFX(ao_lut_look4)(tab, b),
                                            (long long)AO_SFX(ao_lut_look4)(tab, a)));
        }
    }
#else
    (void)stream;
#endif
    for (; i + 4 <= n; i += 4) {
        uint64_t v;
        memcpy(&v, x + i, 8);
        v = AO_SFX(ao_lut_look4)(tab, v);
        memcpy(o + i, &v, 8);
    }
    for (; i < n; i++)
        o[i] = tab[x[i]];
}

/* 16 elements: o = dy * tab[x], rounded to dt. About two loads per element (x, then
 * the table), which is what bounds it: gcc builds g from the loads with vinsertps.
 * Measured on AVX2 (Zen 3) and not kept: indices taken out of 64-bit loads (spilled
 * registers, no faster), vgatherdps (slower), blocks of 256 through L1 arrays and
 * the array conversions (0.48 against 0.34 ns/element). On the baseline ISA the
 * software conversions in ao_ld16/ao_st16 dominate either way. */
static inline __attribute__((always_inline)) void
AO_SFX(ao_lut_blk)(uint16_t *o, const uint16_t *dy, const uint16_t *x, const float *tab,
                   const int dt, const int stream)
{
    float d[16];
    AO_SFX(ao_ld16)(d, dy, dt);
#if AO_ISA_LEVEL >= 1
    /* Written with intrinsics: left to the SLP vectorizer, the 16 products came out
     * as 16 scalar vmulss in the AVX-512 region (gcc 12's cost model for a zmm built
     * from 16 loads), and in both regions once the NaN rule's selects were added.
     * g0, g1: the 16 table entries in ao_ld16's order. The AVX-512 region uses the
     * same two ymm halves: measured on Zen 4 (1 thread, in cache, ns/element f16 /
     * bf16), one zmm built with vinsertf32x8 0.32 / 0.36, vgatherdps zmm 0.44 / 0.59,
     * two ymm 0.29 / 0.32 (the AVX2 region's 0.28 / 0.28). */
#define AO_LUT_G_(a, b) tab[x[a]], tab[x[a + 1]], tab[x[a + 2]], tab[x[a + 3]], \
                        tab[x[b]], tab[x[b + 1]], tab[x[b + 2]], tab[x[b + 3]]
    const __m256 g0 = dt == AO_DT_BF16 ? _mm256_setr_ps(AO_LUT_G_(0, 8))
                                       : _mm256_setr_ps(AO_LUT_G_(0, 4));
    const __m256 g1 = dt == AO_DT_BF16 ? _mm256_setr_ps(AO_LUT_G_(4, 12))
                                       : _mm256_setr_ps(AO_LUT_G_(8, 12));
#undef AO_LUT_G_
    /* the NaN rule of ew_op.h: the table holds x's NaN (quiet) where g is NaN for a
     * NaN x, and a NaN dy is multiplied by itself, so the operand order is moot. Only
     * a block with a NaN product pays for it: the plain products first, then, if any
     * is NaN, the rule's (the same value wherever the product is not NaN). */
    const __m256 d0 = _mm256_loadu_ps(d), d1 = _mm256_loadu_ps(d + 8);
    __m256 p0 = _mm256_mul_ps(d0, g0), p1 = _mm256_mul_ps(d1, g1);
    if (__builtin_expect(_mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(p0, p0, _CMP_UNORD_Q),
                                                         _mm256_cmp_ps(p1, p1, _CMP_UNORD_Q))), 0)) {
        p0 = _mm256_mul_ps(d0, _mm256_blendv_ps(g0, d0, _mm256_cmp_ps(d0, d0, _CMP_UNORD_Q)));
        p1 = _mm256_mul_ps(d1, _mm256_blendv_ps(g1, d1, _mm256_cmp_ps(d1, d1, _CMP_UNORD_Q)));
    }
    _mm256_storeu_ps(d, p0);
    _mm256_storeu_ps(d + 8, p1);
#else
    float g[16];
    for (int j = 0; j < 16; j++)
        g[AO_SFX(ao_ld16_pos)(j, dt)] = tab[x[j]];
    /* the NaN rule of ew_op.h: the table holds x's NaN (quiet) where g is NaN for
     * a NaN x, and a NaN dy is multiplied by itself, whatever the operand order;
     * paid for only by a block with a NaN product */
    float p[16];
    int any = 0;
    for (int j = 0; j < 16; j++) {
        p[j] = d[j] * g[j];
        any |= p[j] != p[j];
    }
    for (int j = 0; j < 16; j++)
        d[j] = __builtin_expect(any, 0) ? d[j] * (d[j] != d[j] ? d[j] : g[j]) : p[j];
#endif
    AO_SFX(ao_st16)(o, d, dt, stream);
}

#ifndef AO_LUT_PREFETCH
#define AO_LUT_PREFETCH 1024 /* elements (2 KiB): 2048 and 256 measured the same */
#endif

/* o = dy * tab[x] over n elements of dtype dt through the table. In place is fine:
 * each block reads its dy and x before it writes o. */
static void AO_SFX(ao_lut_apply)(const float *tab, uint16_t *o, const uint16_t *dy,
                                 const uint16_t *x, int64_t n, const int dt, const int stream)
{
    int64_t i = 0;
    /* float16 at streaming sizes (stream: the operands do not fit in cache) also
     * prefetches x and dy AO_LUT_PREFETCH elements ahead, one line of each per 32
     * elements. Its table's hot entries do not fit in L1 (x ~ 4 N(0, 1) touches 146
     * KiB, bfloat16's 21 KiB), so most lookups wait on L2, and each waits first on the
     * x it is indexed by: x loaded early lets the lookups of many blocks overlap.
     * SiluBackward f16 n=1e7, x ~ 4 N(0, 1), 1 thread, Zen 4 (avx512), C harness, best
     * of 9 alternating runs: 0.493 -> 0.398 ns/element; medians of 7 in thread CPU
     * time (BENCH_CPU=1): 0.484 -> 0.410 (a 1024-entry table, always in L1: 0.317). Not for bfloat16 (0.334 -> 0.347-0.372) nor at sizes that stay in
     * cache (f16 1e4-1e6: 0.305 -> 0.349); prefetching the table entries themselves,
     * 64 or 256 elements ahead, was slower (0.59-0.63). */
    const int prefetch = stream && dt == AO_DT_FLOAT16;
    for (; i + 16 <= n; i += 16) {
        if (prefetch && !(i & 31)) { /* prefetches never fault, even past the end */
            __builtin_prefetch(x + i + AO_LUT_PREFETCH, 0, 0);
            __builtin_prefetch(dy + i + AO_LUT_PREFETCH, 0, 0);
        }
        AO_SFX(ao_lut_blk)(o + i, dy + i, x + i, tab, dt, stream);
    }
    if (i < n) { /* the last partial block through zero-padded copies, in bounds */
        uint16_t dy_pad[16] = { 0 }, x_pad[16] = { 0 }, o_pad[16];
        memcpy(dy_pad, dy + i, (size_t)(n - i) * 2);
        memcpy(x_pad, x + i, (size_t)(n - i) * 2);
        AO_SFX(ao_lut_blk)(o_pad, dy_pad, x_pad, tab, dt, 0);
        memcpy(o + i, o_pad, (size_t)(n - i) * 2);
    }
}

/* The least cost per element seen (picoseconds; 0: none yet) lowered to ps. */
static void AO_SFX(ao_lut_note)(int64_t *best, int64_t ps)
{
    if (ps < 1)
        ps = 1;
    int64_t cur = __atomic_load_n(best, __ATOMIC_RELAXED);
    while ((cur == 0 || ps < cur) &&
           !__atomic_compare_exchange_n(best, &cur, ps, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
}

/* The fused 16-bit kernel of a table-backed op of kind `kind` (ew_op.h AO_LUT_*: a
 * gradient form, inputs dy, x; a unary x * g(x) op, where dy is x itself, so o = x *
 * tab[x], x * g rounded once either way; a unary op f(x) by its result table) where the
 * table is the path: returns 0, having done nothing, where the caller computes
 * instead. comp is the op's computed 16-bit kernel of dtype dt.
 *
 * Which path is cheaper depends on the CPU (the lookups are loads bound by the load
 * ports and by where the table's hot entries live; the computed path by its arithmetic),
 * so under AO_LUT_AUTO it is measured, per op, ISA region, dtype and regime (stream:
 * the operands do not fit in cache, where the table competes with them for L2), on the
 * op's own calls: once the table exists, each call of at least 2 AO_LUT_TRIAL_MIN
 * elements in a regime still undecided runs one half by the table and the other
 * computed (the same bits either way), timed, the order alternating between calls;
 * after AO_LUT_TRIALS such calls ao_lut_decide picks from the least cost per element
 * each path showed. Until then, and for calls too short to time, the op computes. A
 * trial costs nothing beyond the slower path's extra time on the halves it ran.
 * The choice is remade after every later trial, one call in AO_LUT_RECHECK per thread
 * (at most 1/256 of the time where one path costs twice the other), from the least
 * costs so far. Why: the first trials come straight after the op's first calls, and a
 * program's first calls after a pause run slow on both paths (the bench sleeps 30 ms
 * before each block; Cat's first calls after a sleep took 3-7x its steady time). There
 * bfloat16 silu_backward in cache measured table 0.425 against computed 0.454 ns per
 * element and stayed computing, where steady calls give 0.28 against 0.41 (Zen 4, 1
 * thread): the least costs only fall, so later trials correct the choice. */
/* This thread's calls of ao_lut_run in decided regimes (AO_LUT_RECHECK) */
static __thread unsigned AO_SFX(ao_lut_tick);

/* Reads one byte of each of the table's cache lines, untimed before a trial's table half:
 * the trial then measures the table as a run of table calls finds it, its hot entries
 * in L2. Without it, a regime that computes finds the table evicted at every later
 * trial, and the misses of a half's first lookups were charged to the table: streaming
 * float16 SiluBackward on Zen 3 (its hot entries span about 146 KiB) measured 0.61-0.74
 * ns an element by the table against 0.40 in steady table calls, and computed (0.52) for
 * good. Sequential, the whole table takes 4096 line reads (2048 for a result table). */
static void AO_SFX(ao_lut_warm)(const void *tab, const int kind)
{
    const size_t bytes = AO_SFX(ao_lut_bytes)(kind);
    const unsigned char *p = (const unsigned char *)tab;
    unsigned acc = 0;
    for (size_t i = 0; i < bytes; i += 64)
        acc += p[i];
    __asm__ volatile("" : : "r"(acc)); /* the loads are kept */
}

/* o = the op's results over n elements by its table */
static inline __attribute__((always_inline)) void
AO_SFX(ao_lut_apply_kind)(const void *tab, const int kind, uint16_t *o, const uint16_t *dy,
                          const uint16_t *x, int64_t n, const int dt, const int stream)
{
    if (kind == AO_LUT_RESULT)
        AO_SFX(ao_lut_apply_result)((const uint16_t *)tab, o, x, n, stream);
    else
        AO_SFX(ao_lut_apply)((const float *)tab, o, dy, x, n, dt, stream);
}

static int AO_SFX(ao_lut_run)(ao_lut *lut, ao_ew_fn k32, ao_ew16_fn comp, void *out,
                              const void *const *in, const int kind, int64_t n, const int dt,
                              const int stream, const float *attrs)
{
    const int nin = kind == AO_LUT_FACTOR_DY ? 2 : 1;
    const int policy = ao_lut_policy_now();
    if (policy == AO_LUT_OFF)
        return 0;
    const int w = dt == AO_DT_BF16, s = stream != 0;
    int choice = AO_LUT_TABLE;
    if (policy == AO_LUT_AUTO) {
        choice = __atomic_load_n(&lut->choice[w][s], __ATOMIC_RELAXED);
        /* a decided regime: every AO_LUT_RECHECK-th call of this thread a trial again */
        if (choice != AO_LUT_UNMEASURED && ++AO_SFX(ao_lut_tick) % AO_LUT_RECHECK == 0 &&
            n >= 2 * AO_LUT_TRIAL_MIN)
            choice = AO_LUT_UNMEASURED;
        if (choice == AO_LUT_COMPUTED)
            return 0;
    }
    const void *tab = AO_SFX(ao_lut_table)(lut, k32, kind, dt, n, policy);
    if (!tab)
        return 0;
    uint16_t *o = (uint16_t *)out;
    const uint16_t *dy = (const uint16_t *)in[0], *x = (const uint16_t *)in[nin - 1];
    if (choice == AO_LUT_TABLE) {
        AO_SFX(ao_lut_apply_kind)(tab, kind, o, dy, x, n, dt, stream);
        return 1;
    }
    if (n < 2 * AO_LUT_TRIAL_MIN)
        return 0;
    /* a trial: halves at a multiple of 16 elements, each by one path */
    const int64_t h = n / 32 * 16;
    const int table_first =
        !(__atomic_fetch_add(&lut->started[w][s], 1, __ATOMIC_RELAXED) & 1);
    for (int part = 0; part < 2; part++) {
        const int64_t lo = part ? h : 0, len = part ? n - h : h;
        const int table = part ? !table_first : table_first;
        if (table)
            AO_SFX(ao_lut_warm)(tab, kind);
        const int64_t t0 = ao_lut_clock_ns();
        if (table) {
            AO_SFX(ao_lut_apply_kind)(tab, kind, o + lo, dy + lo, x + lo, len, dt, stream);
        } else {
            const void *sub[2];
            for (int k = 0; k < nin; k++)
                sub[k] = (const uint16_t *)in[k] + lo;
            comp(o + lo, sub, len, attrs, stream);
        }
        const int64_t t1 = ao_lut_clock_ns();
        AO_SFX(ao_lut_note)(&lut->best_ps[w][s][!table], (t1 - t0) * 1000 / len);
    }
    if (__atomic_add_fetch(&lut->trials[w][s], 1, __ATOMIC_ACQ_REL) >= AO_LUT_TRIALS) {
        const int64_t tt = __atomic_load_n(&lut->best_ps[w][s][0], __ATOMIC_RELAXED);
        const int64_t tc = __atomic_load_n(&lut->best_ps[w][s][1], __ATOMIC_RELAXED);
        __atomic_store_n(&lut->choice[w][s], ao_lut_decide((double)tt, (double)tc),
                         __ATOMIC_RELAXED);
    }
    return 1;
}

static float AO_SFX(ao_expf_fn)(float x)
{
    return AO_SFX(ao_expf)(x, ao_vmc_load());
}

/* NaN scans of Cast's fast path (cast.c), at the region's vector width: cast.c is
 * compiled for the baseline, where its scan (SSE2, compare-and-mask) took 43% of
 * float32 -> float16 at n=1e6 against 18% for the conversion itself. Add and or only:
 * for a = |bits| (at most 0x7fffffff), a > inf exactly when a + (0x7fffffff - inf)
 * has its top bit set, and that sum does not wrap. */
static int AO_SFX(ao_any_nan32)(const uint32_t *u, int64_t n)
{
    uint32_t acc = 0;
    for (int64_t j = 0; j < n; j++)
        acc |= (u[j] & 0x7fffffffu) + (0x7fffffffu - 0x7f800000u);
    return (int)(acc >> 31);
}

static int AO_SFX(ao_any_nan16)(const uint16_t *h, int64_t n, uint16_t inf)
{
    const uint16_t bias = (uint16_t)(0x7fffu - inf);   /* a + bias <= 0xfffe: no wrap */
    uint16_t acc = 0;
    for (int64_t j = 0; j < n; j++)
        acc |= (uint16_t)((h[j] & 0x7fffu) + bias);
    return acc >> 15;
}

/* Cast's fast path (cast.c) for float32 <-> float16 and bfloat16 -> float32: the NaN
 * test and the conversion in one pass, a vector at a time, stopping before the first
 * vector that holds a NaN (cast.c converts from there element by element, for the
 * scalar path's NaN bits). Before, a scan of each 1024-element block, then the
 * conversion: two passes, and float32 -> float16 at n=1e6 (1 thread, Zen 4) took
 * 98-120 us against torch's 67-85. The NaN test is on the float side of each pair
 * (a 16-bit NaN widens to a NaN), so it is one compare per vector. The baseline
 * region, and the tail shorter than a vector: the array conversion and a scalar scan
 * of the float side for the first NaN. */
static int64_t AO_SFX(ao_cast_f32_f16)(uint16_t *dst, const float *src, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    /* two vectors per NaN test and branch: n=1e6, 1 thread, Zen 4, thread CPU time in a
     * standalone loop, order shuffled: 82-104 -> 74-95 us against one vector; a pair holding a
     * NaN returns its start, whose clean half the scalar path converts to the same bits */
    for (; i + 32 <= n; i += 32) {
        const __m512 a = _mm512_loadu_ps(src + i), b = _mm512_loadu_ps(src + i + 16);
        if (_mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q) | _mm512_cmp_ps_mask(b, b, _CMP_UNORD_Q))
            return i;
        _mm256_storeu_si256((__m256i *)(dst + i), _mm512_cvtps_ph(a, _MM_FROUND_TO_NEAREST_INT));
        _mm256_storeu_si256((__m256i *)(dst + i + 16), _mm512_cvtps_ph(b, _MM_FROUND_TO_NEAREST_INT));
    }
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_loadu_ps(src + i);
        if (_mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q))
            return i;
        _mm256_storeu_si256((__m256i *)(dst + i), _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
    }
#elif AO_ISA_LEVEL >= 1
    /* four vectors per NaN test (an unordered compare of two vectors tests both) and
     * pairs of results in one 256-bit store: C harness, Zen 4 in the AVX2 region, 1
     * thread, thread CPU time, n=1e5: 0.088 -> 0.069 ns/element against one; a group
     * holding a NaN returns its start, as the AVX-512 pairs do */
    for (; i + 32 <= n; i += 32) {
        const __m256 a = _mm256_loadu_ps(src + i), b = _mm256_loadu_ps(src + i + 8);
        const __m256 c = _mm256_loadu_ps(src + i + 16), d = _mm256_loadu_ps(src + i + 24);
        if (_mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q),
                                            _mm256_cmp_ps(c, d, _CMP_UNORD_Q))))
            return i;
        _mm256_storeu_si256((__m256i *)(dst + i),
                            _mm256_set_m128i(_mm256_cvtps_ph(b, _MM_FROUND_TO_NEAREST_INT),
                                             _mm256_cvtps_ph(a, _MM_FROUND_TO_NEAREST_INT)));
        _mm256_storeu_si256((__m256i *)(dst + i + 16),
                            _mm256_set_m128i(_mm256_cvtps_ph(d, _MM_FROUND_TO_NEAREST_INT),
                                             _mm256_cvtps_ph(c, _MM_FROUND_TO_NEAREST_INT)));
    }
    for (; i + 8 <= n; i += 8) {
        const __m256 v = _mm256_loadu_ps(src + i);
        if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)))
            return i;
        _mm_storeu_si128((__m128i *)(dst + i), _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
    }
#endif
    int64_t j = i;
    while (j < n && src[j] == src[j])
        j++;
    AO_SFX(ao_cvt_f32_f16)(dst + i, src + i, j - i);
    return j;
}

static int64_t AO_SFX(ao_cast_f16_f32)(float *dst, const uint16_t *src, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(src + i)));
        if (_mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q))
            return i;
        _mm512_storeu_ps(dst + i, v);
    }
#elif AO_ISA_LEVEL >= 1
    /* four vectors per NaN test, as ao_cast_f32_f16 (n=1e5: 0.081 -> 0.069 ns/element) */
    for (; i + 32 <= n; i += 32) {
        const __m256 a = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i)));
        const __m256 b = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i + 8)));
        const __m256 c = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i + 16)));
        const __m256 d = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i + 24)));
        if (_mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(a, b, _CMP_UNORD_Q),
                                            _mm256_cmp_ps(c, d, _CMP_UNORD_Q))))
            return i;
        _mm256_storeu_ps(dst + i, a);
        _mm256_storeu_ps(dst + i + 8, b);
        _mm256_storeu_ps(dst + i + 16, c);
        _mm256_storeu_ps(dst + i + 24, d);
    }
    for (; i + 8 <= n; i += 8) {
        const __m256 v = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i)));
        if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)))
            return i;
        _mm256_storeu_ps(dst + i, v);
    }
#endif
    AO_SFX(ao_cvt_f16_f32)(dst + i, src + i, n - i);
    for (int64_t j = i; j < n; j++) /* a 16-bit NaN widens to a NaN */
        if (dst[j] != dst[j])
            return j;
    return n;
}

static int64_t AO_SFX(ao_cast_bf16_f32)(float *dst, const uint16_t *src, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_castsi512_ps(_mm512_slli_epi32(
            _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(src + i))), 16));
        if (_mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q))
            return i;
        _mm512_storeu_ps(dst + i, v);
    }
#elif AO_ISA_LEVEL >= 1
    /* four vectors per NaN test, as ao_cast_f32_f16 */
    for (; i + 32 <= n; i += 32) {
        __m256 v[4];
        for (int k = 0; k < 4; k++)
            v[k] = _mm256_castsi256_ps(_mm256_slli_epi32(
                _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(src + i + 8 * k))), 16));
        if (_mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(v[0], v[1], _CMP_UNORD_Q),
                                            _mm256_cmp_ps(v[2], v[3], _CMP_UNORD_Q))))
            return i;
        for (int k = 0; k < 4; k++)
            _mm256_storeu_ps(dst + i + 8 * k, v[k]);
    }
    for (; i + 8 <= n; i += 8) {
        const __m256 v = _mm256_castsi256_ps(_mm256_slli_epi32(
            _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(src + i))), 16));
        if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)))
            return i;
        _mm256_storeu_ps(dst + i, v);
    }
#endif
    AO_SFX(ao_cvt_bf16_f32)(dst + i, src + i, n - i);
    for (int64_t j = i; j < n; j++) /* a 16-bit NaN widens to a NaN */
        if (dst[j] != dst[j])
            return j;
    return n;
}

/* Arange (cast.c ao_arange_fill): plain loops, vectorised at the region's width (the
 * baseline's SSE2 left the rounding to odd scalar: float16 n=1e6 1.5 ms, 0.58x torch).
 * AVX2 has no int64 -> double conversion, so GCC left (double)k scalar there (float32
 * n=1e6, 1 thread: 0.91 ms against torch's 0.43, Zen 3): the index is a vector of
 * doubles stepped by 4, exact below 2^53, and the product and sum are the loop's. */
static void AO_SFX(ao_arange_f32)(float *dst, double start, double step, double i0, int64_t n,
                                  int to_odd)
{
    int64_t k0 = 0;
#if AO_ISA_LEVEL == 1
    const __m256d vstart = _mm256_set1_pd(start), vstep = _mm256_set1_pd(step), four = _mm256_set1_pd(4.0);
    __m256d idx = _mm256_add_pd(_mm256_set1_pd(i0), _mm256_setr_pd(0.0, 1.0, 2.0, 3.0));
    for (; k0 + 4 <= n; k0 += 4, idx = _mm256_add_pd(idx, four)) {
        const __m256d d = _mm256_add_pd(vstart, _mm256_mul_pd(idx, vstep));
        _mm_storeu_ps(dst + k0, to_odd ? AO_SFX(ao_f64x4_to_f32_odd)(d) : _mm256_cvtpd_ps(d));
    }
#endif
    if (!to_odd) {
        for (int64_t k = k0; k < n; k++)
            dst[k] = (float)(start + (i0 + (double)k) * step);
        return;
    }
    uint32_t *u = (uint32_t *)dst;
    for (int64_t k = k0; k < n; k++) {
        const double d = start + (i0 + (double)k) * step;
        const float f = (float)d;
        const double back = (double)f;
        uint32_t bits;
        memcpy(&bits, &f, 4);
        /* toward zero: one step down in magnitude where the rounding went away from it */
        bits -= (uint32_t)(__builtin_fabs(back) > __builtin_fabs(d));
        u[k] = bits | (uint32_t)(back != d);
    }
}

/* nbytes (a multiple of 2) of a repeated 32-bit pattern: the chunked loop's buffer of a
 * broadcast column (engine.c ao_held_fill; a 16-bit value is its pattern doubled) at the
 * region's store width; compiled for the baseline, the engine's own loop stored 16 bytes
 * at a time, 40% of x + c at 1024 x 1024 (Zen 4). */
static void AO_SFX(ao_fill)(void *dst, uint32_t pattern, int64_t nbytes)
{
    char *d = (char *)dst;
    int64_t i = 0;
#if AO_ISA_LEVEL >= 2
    const __m512i z = _mm512_set1_epi32((int)pattern);
    for (; i + 64 <= nbytes; i += 64)
        _mm512_storeu_si512((void *)(d + i), z);
#elif AO_ISA_LEVEL == 1
    const __m256i y = _mm256_set1_epi32((int)pattern);
    for (; i + 32 <= nbytes; i += 32)
        _mm256_storeu_si256((__m256i *)(d + i), y);
#endif
    for (; i + 4 <= nbytes; i += 4)
        memcpy(d + i, &pattern, 4);
    if (i < nbytes)
        memcpy(d + i, &pattern, 2);
}

#ifndef AO_REGION_OPS
static const ao_isa_impl AO_SFX(ao_isa_impl) = {
    AO_STR(AO_SUFFIX), AO_ISA_LEVEL,
    AO_SFX(ao_cvt_f16_f32), AO_SFX(ao_cvt_f32_f16),
    AO_SFX(ao_cvt_bf16_f32), AO_SFX(ao_cvt_f32_bf16),
    AO_SFX(ao_expf_fn),
    AO_SFX(ao_transpose32), AO_SFX(ao_transpose16),
    AO_SFX(ao_any_nan32), AO_SFX(ao_any_nan16),
    AO_SFX(ao_cast_f32_f16), AO_SFX(ao_cast_f16_f32), AO_SFX(ao_cast_bf16_f32),
    AO_SFX(ao_arange_f32),
    AO_SFX(ao_fill),
};
#endif

/* ---- whole-register forms of op bodies (ew_op.h AO_EW_VFORM_<name>) ---- */

/* The form of a body that has none: the body's own loop runs. */
static inline __attribute__((always_inline)) int AO_SFX(ao_vform_none)(
    AO_SFX(ao_vreg) *r, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    (void)r, (void)in, (void)i, (void)attrs, (void)vm, (void)dt;
    return 0;
}

/* Erfinv (src/ops/erfinv.h) over four registers: vmath.h ao_erfinvf's operations on
 * the same values, lane by lane, so the same bits. Why by hand: gcc vectorises the
 * scalar body one register at a time, as two 4-double halves, each a chain of about 20
 * dependent FMAs (the log's, then P's, and Q's after a square root) at 4 cycles each,
 * about 100 cycles a register (AVX2 region on Zen 4: 3.4 ns/element, 0.62-0.90x torch),
 * while the FMA work is 31 cycles: the chains, not the pipes, bound it. Here the eight
 * halves of four registers step through each Horner chain together (eight independent
 * FMAs per step), and Q(sqrt w), which only |x| >= 0.9939 (w >= 4.4) needs, runs only
 * for a half that has such a lane (the scalar body computes both and selects). C
 * harness, 1 thread, uniform (-1, 1): 5.7 -> 1.45 ns/element; every |x| in
 * [0.995, 1): 2.6. Elements past the four registers (n mod 4 AO_EW_VW) take the
 * scalar body, as before. */
#if AO_ISA_LEVEL == 1
static inline __attribute__((always_inline)) int AO_SFX(ao_erfinv_vform)(
    __m256 *r, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    (void)attrs, (void)vm;
    enum { NR = 4, NH = 8 };
    const __m256 absm = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    __m256 x[NR];
    __m256d a[NH], f[NH], e[NH], l[NH], w[NH], p[NH];
    _Pragma("GCC unroll 8")
    for (int k = 0; k < NR; k++) {
        float v[8];
        AO_SFX(ao_vld_at)(v, in[0], i + 8 * k, dt);
        x[k] = _mm256_loadu_ps(v);
        const __m256 af = _mm256_and_ps(x[k], absm);
        a[2 * k] = _mm256_cvtps_pd(_mm256_castps256_ps128(af));
        a[2 * k + 1] = _mm256_cvtps_pd(_mm256_extractf128_ps(af, 1));
    }
    _Pragma("GCC unroll 8")
    for (int h = 0; h < NH; h++) {
        /* u = 1 - a^2 = 2^e (1 + f), as ao_erfinvf */
        const __m256d u = _mm256_fnmadd_pd(a[h], a[h], _mm256_set1_pd(1.0));
        const __m256i iu = _mm256_add_epi64(
            _mm256_castpd_si256(u), _mm256_set1_epi64x((long long)(0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull)));
        const __m256i mb = _mm256_add_epi64(_mm256_and_si256(iu, _mm256_set1_epi64x(0x000fffffffffffffll)),
                                            _mm256_set1_epi64x(0x3fe6a09e667f3bcdll));
        const __m256i eb = _mm256_or_si256(_mm256_srli_epi64(iu, 52), _mm256_set1_epi64x(0x4330000000000000ll));
        e[h] = _mm256_sub_pd(_mm256_castsi256_pd(eb), _mm256_set1_pd(4503599627370496.0 + 1023.0));
        f[h] = _mm256_sub_pd(_mm256_castsi256_pd(mb), _mm256_set1_pd(1.0));
        l[h] = _mm256_set1_pd(AO_ERFINV_LOG_TOP);
    }
#define AO_ERFINV_STEP_(c)                                                          \
    _Pragma("GCC unroll 8") for (int h = 0; h < NH; h++)                            \
        l[h] = _mm256_fmadd_pd(l[h], f[h], _mm256_set1_pd(c));
    AO_ERFINV_LOG(AO_ERFINV_STEP_)
#undef AO_ERFINV_STEP_
    _Pragma("GCC unroll 8")
    for (int h = 0; h < NH; h++) {
        /* w = -(e ln2 + f l): the fused sum, then its sign flipped, as -AO_FMAD(...) */
        w[h] = _mm256_xor_pd(_mm256_fmadd_pd(e[h], _mm256_set1_pd(0.69314718055994530942),
                                             _mm256_mul_pd(f[h], l[h])),
                             _mm256_set1_pd(-0.0));
        p[h] = _mm256_set1_pd(AO_ERFINV_P_TOP);
    }
#define AO_ERFINV_STEP_(c)                                                          \
    _Pragma("GCC unroll 8") for (int h = 0; h < NH; h++)                            \
        p[h] = _mm256_fmadd_pd(p[h], w[h], _mm256_set1_pd(c));
    AO_ERFINV_P(AO_ERFINV_STEP_)
#undef AO_ERFINV_STEP_
    __m256d y[NH];
    _Pragma("GCC unroll 8")
    for (int h = 0; h < NH; h++) {
        y[h] = _mm256_mul_pd(a[h], p[h]);
        /* the scalar select: w < split ? a P(w) : Q(sqrt w) (NaN w: Q) */
        const __m256d central = _mm256_cmp_pd(w[h], _mm256_set1_pd(AO_ERFINV_SPLIT), _CMP_LT_OQ);
        if (__builtin_expect(_mm256_movemask_pd(central) != 0xf, 0)) {
            const __m256d s = _mm256_sqrt_pd(w[h]);
            __m256d t = _mm256_set1_pd(AO_ERFINV_Q_TOP);
#define AO_ERFINV_STEP_(c) t = _mm256_fmadd_pd(t, s, _mm256_set1_pd(c));
            AO_ERFINV_Q(AO_ERFINV_STEP_)
#undef AO_ERFINV_STEP_
            y[h] = _mm256_blendv_pd(t, y[h], central);
        }
    }
    const __m256 one = _mm256_set1_ps(1.0f);
    _Pragma("GCC unroll 8")
    for (int k = 0; k < NR; k++) {
        __m256 o = _mm256_set_m128(_mm256_cvtpd_ps(y[2 * k + 1]), _mm256_cvtpd_ps(y[2 * k]));
        const __m256 sign = _mm256_andnot_ps(absm, x[k]);
        const __m256 af = _mm256_and_ps(x[k], absm);
        o = _mm256_or_ps(o, sign);
        o = _mm256_blendv_ps(o, _mm256_or_ps(sign, _mm256_castsi256_ps(_mm256_set1_epi32(0x7f800000))),
                             _mm256_cmp_ps(af, one, _CMP_EQ_OQ));            /* +-1: +-inf */
        o = _mm256_blendv_ps(o, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc00000)),
                             _mm256_cmp_ps(af, one, _CMP_GT_OQ));            /* |x| > 1: NaN */
        o = _mm256_blendv_ps(o, _mm256_add_ps(x[k], x[k]),
                             _mm256_cmp_ps(x[k], x[k], _CMP_UNORD_Q));       /* NaN: quietened */
        r[k] = o;
    }
    return 1;
}
#else
/* the AVX-512 region's is not written yet (its lane-by-lane body runs), nor the baseline's */
static inline __attribute__((always_inline)) int AO_SFX(ao_erfinv_vform)(
    AO_SFX(ao_vreg) *r, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    return AO_SFX(ao_vform_none)(r, in, i, attrs, vm, dt);
}
#endif

/* GeluV2's and GeluBackward's erf forms (src/ops/gelu_erf.h x * Phi(x),
 * gelu_backward.h dy * (Phi(x) + x pdf(x))) over four registers: vmath.h
 * ao_normal_cdff's and ao_expf's operations on the same values, lane by lane, so the
 * same bits (their constants and Horner steps from vmath.h's lists: AO_NORMAL_CDF_R,
 * AO_EXPM1_Q, ...). Why by hand: gcc vectorises the scalar body one register at a time, in
 * program order: for Phi a chain of about 70 cycles (min, a^2, R's 6 steps, the
 * product, the shifter's 3 adds, P's 5 steps, the last FMA) for 21 multiplies and FMAs,
 * and the out-of-order window overlapped about two registers' chains (GeluV2 f32, AVX2
 * region on Zen 4: 0.92-0.96 ns/element, 0.70-0.80x torch's AVX2 erf). Here the four
 * registers' chains step together (eight independent FMAs per step of R's two halves,
 * four per step of P's and of exp's). Both vector regions (the AVX-512 one gains
 * little: its chains were already overlapped); elements past the four registers take
 * the scalar body. */
#if AO_ISA_LEVEL >= 1
#if AO_ISA_LEVEL >= 2
#define AO_GV_(op) _mm512_##op
#define AO_GV_SI_(op) _mm512_##op##_si512
#define AO_GV_CAST_SI_ _mm512_castps_si512
#define AO_GV_CAST_PS_ _mm512_castsi512_ps
#define AO_GV_LT_(a, b) _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)
#define AO_GV_SEL_(m, a, b) _mm512_mask_blend_ps(m, b, a)         /* m ? a : b */
#define AO_GV_ZERO_IF_(m, a) _mm512_maskz_mov_ps((__mmask16)~(m), a) /* m ? +0 : a */
typedef __m512 AO_SFX(ao_gv_ps);
typedef __m512i AO_SFX(ao_gv_si);
typedef __mmask16 AO_SFX(ao_gv_mask);
#else
#define AO_GV_(op) _mm256_##op
#define AO_GV_SI_(op) _mm256_##op##_si256
#define AO_GV_CAST_SI_ _mm256_castps_si256
#define AO_GV_CAST_PS_ _mm256_castsi256_ps
#define AO_GV_LT_(a, b) _mm256_cmp_ps(a, b, _CMP_LT_OQ)
#define AO_GV_SEL_(m, a, b) _mm256_blendv_ps(b, a, m)
#define AO_GV_ZERO_IF_(m, a) _mm256_andnot_ps(m, a)
typedef __m256 AO_SFX(ao_gv_ps);
typedef __m256i AO_SFX(ao_gv_si);
typedef __m256 AO_SFX(ao_gv_mask);
#endif
/* Phi(x) of four registers: ao_normal_cdff's operations, lane by lane */
static inline __attribute__((always_inline)) void AO_SFX(ao_gv_normal_cdf4)(
    AO_SFX(ao_gv_ps) *cdf, const AO_SFX(ao_gv_ps) *x, const ao_vmc vm)
{
    enum { NR = 4 };
    typedef AO_SFX(ao_gv_ps) V;
    const V hi = AO_GV_(set1_ps)(vm.normal_cdf_hi), nhi = AO_GV_(set1_ps)(-vm.normal_cdf_hi);
    const V shifter = AO_GV_(set1_ps)(0x1.8p23f + 126.0f);
    const AO_SFX(ao_gv_si) absm = AO_GV_(set1_epi32)(0x7fffffff);
    const AO_SFX(ao_gv_si) signm = AO_GV_(set1_epi32)((int)0x80000000u);
    V ac[NR], a2[NR], qe[NR], qo[NR], r[NR], p[NR];
    _Pragma("GCC unroll 4")
    for (int k = 0; k < NR; k++) {
        const V a = AO_GV_CAST_PS_(AO_GV_SI_(and)(AO_GV_CAST_SI_(x[k]), absm));
        ac[k] = AO_GV_(min_ps)(hi, a);            /* a > hi ? hi : a, NaN passes */
        a2[k] = AO_GV_(mul_ps)(ac[k], ac[k]);
        qe[k] = AO_GV_(set1_ps)(AO_NORMAL_CDF_RE_TOP);
        qo[k] = AO_GV_(set1_ps)(AO_NORMAL_CDF_RO_TOP);
    }
#define AO_GV_STEP_(ce, co)                                                         \
    _Pragma("GCC unroll 4") for (int k = 0; k < NR; k++) {                          \
        qe[k] = AO_GV_(fmadd_ps)(qe[k], a2[k], AO_GV_(set1_ps)(ce));                \
        qo[k] = AO_GV_(fmadd_ps)(qo[k], a2[k], AO_GV_(set1_ps)(co));                \
    }
    AO_NORMAL_CDF_R(AO_GV_STEP_)
#undef AO_GV_STEP_
    _Pragma("GCC unroll 4")
    for (int k = 0; k < NR; k++) {
        const V lq = AO_GV_(mul_ps)(AO_GV_(fmadd_ps)(qo[k], ac[k], qe[k]), ac[k]);  /* Q(a) */
        const V z = AO_GV_(add_ps)(lq, shifter);
        const V kf = AO_GV_(sub_ps)(z, shifter);
        r[k] = AO_GV_(sub_ps)(lq, kf);            /* exact */
        qe[k] = z;                                /* z, kept for the scale */
        p[k] = AO_GV_(set1_ps)(AO_NORMAL_CDF_P_TOP);
    }
#define AO_GV_STEP_(c)                                                              \
    _Pragma("GCC unroll 4") for (int k = 0; k < NR; k++)                            \
        p[k] = AO_GV_(fmadd_ps)(p[k], r[k], AO_GV_(set1_ps)(c));
    AO_NORMAL_CDF_P(AO_GV_STEP_)
#undef AO_GV_STEP_
    const V zero = AO_GV_(setzero_ps)(), one = AO_GV_(set1_ps)(1.0f);
    _Pragma("GCC unroll 4")
    for (int k = 0; k < NR; k++) {
        const AO_SFX(ao_gv_si) scb = AO_GV_(slli_epi32)(AO_GV_CAST_SI_(qe[k]), 23); /* 2^(k-1) */
        const V sc = AO_GV_CAST_PS_(scb);
        /* -sc where x's sign is clear, sc where set */
        const V ssc = AO_GV_CAST_PS_(AO_GV_SI_(xor)(scb, AO_GV_SI_(andnot)(AO_GV_CAST_SI_(x[k]), signm)));
        const V base = AO_GV_SEL_(AO_GV_LT_(x[k], zero), sc, AO_GV_(sub_ps)(one, sc));
        const V y = AO_GV_(fmadd_ps)(AO_GV_(mul_ps)(ssc, r[k]), p[k], base);
        cdf[k] = AO_GV_ZERO_IF_(AO_GV_LT_(x[k], nhi), y);
    }
}

/* exp(x) of four registers: ao_expf's operations, lane by lane */
static inline __attribute__((always_inline)) void AO_SFX(ao_gv_exp4)(
    AO_SFX(ao_gv_ps) *e, const AO_SFX(ao_gv_ps) *x, const ao_vmc vm)
{
    enum { NR = 4 };
    typedef AO_SFX(ao_gv_ps) V;
    const V shifter = AO_GV_(set1_ps)(0x1.8p23f);
    V xc[NR], z[NR], r[NR], q[NR];
    _Pragma("GCC unroll 4")
    for (int k = 0; k < NR; k++) {
        /* lo > x ? lo : x, then xc > hi ? hi : xc (NaN passes both) */
        xc[k] = AO_GV_(min_ps)(AO_GV_(set1_ps)(vm.exp_hi), AO_GV_(max_ps)(AO_GV_(set1_ps)(vm.exp_lo), x[k]));
        z[k] = AO_GV_(fmadd_ps)(xc[k], AO_GV_(set1_ps)(AO_LOG2E_F), shifter);
        const V kf = AO_GV_(sub_ps)(z[k], shifter);
        r[k] = AO_GV_(fnmadd_ps)(kf, AO_GV_(set1_ps)(AO_LN2_HI_F), xc[k]);
        r[k] = AO_GV_(fnmadd_ps)(kf, AO_GV_(set1_ps)(AO_LN2_LO_F), r[k]);
        q[k] = AO_GV_(set1_ps)(AO_EXPM1_Q_TOP);
    }
#define AO_GV_STEP_(c)                                                              \
    _Pragma("GCC unroll 4") for (int k = 0; k < NR; k++)                            \
        q[k] = AO_GV_(fmadd_ps)(q[k], r[k], AO_GV_(set1_ps)(c));
    AO_EXPM1_Q(AO_GV_STEP_)
#undef AO_GV_STEP_
    _Pragma("GCC unroll 4")
    for (int k = 0; k < NR; k++) {
        const V p = AO_GV_(fmadd_ps)(AO_GV_(mul_ps)(r[k], r[k]), q[k], r[k]);  /* exp(r) - 1 */
        const AO_SFX(ao_gv_si) kk = AO_GV_(sub_epi32)(AO_GV_CAST_SI_(z[k]), AO_GV_(set1_epi32)(0x4b400000));
        const AO_SFX(ao_gv_si) k1 = AO_GV_(srai_epi32)(kk, 1), k2 = AO_GV_(sub_epi32)(kk, k1);
        const AO_SFX(ao_gv_si) bias = AO_GV_(set1_epi32)(127);
        const V s1 = AO_GV_CAST_PS_(AO_GV_(slli_epi32)(AO_GV_(add_epi32)(k1, bias), 23));
        const V s2 = AO_GV_CAST_PS_(AO_GV_(slli_epi32)(AO_GV_(add_epi32)(k2, bias), 23));
        e[k] = AO_GV_(mul_ps)(AO_GV_(fmadd_ps)(s1, p, s1), s2);
    }
}

/* GeluV2's erf form (src/ops/gelu_erf.h): x * Phi(x) */
static inline __attribute__((always_inline)) int AO_SFX(ao_gelu_erf_vform)(
    AO_SFX(ao_vreg) *res, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    (void)attrs;
    AO_SFX(ao_gv_ps) x[4], cdf[4];
    _Pragma("GCC unroll 4")
    for (int k = 0; k < 4; k++) {
        float v[AO_EW_VW];
        AO_SFX(ao_vld_at)(v, in[0], i + AO_EW_VW * k, dt);
        x[k] = AO_GV_(loadu_ps)(v);
    }
    AO_SFX(ao_gv_normal_cdf4)(cdf, x, vm);
    _Pragma("GCC unroll 4")
    for (int k = 0; k < 4; k++)
        res[k] = AO_GV_(mul_ps)(x[k], cdf[k]);    /* x * Phi(x) */
    return 1;
}

/* gelu'(x) = Phi(x) + x pdf(x), pdf(x) = exp((-0.5 x) x) / sqrt(2 pi), of the four
 * registers of elements i .. i + 4 AO_EW_VW - 1 of operand px (dtype dt) into g, their
 * x into x: GeluBackward's factor (src/ops/gelu_backward.h) and GeGluBackward's erf
 * gelu' (geglu_backward_erf.h), in their bodies' order */
static inline __attribute__((always_inline)) void AO_SFX(ao_gv_gelu_grad4)(
    AO_SFX(ao_gv_ps) *g, AO_SFX(ao_gv_ps) *x, const void *px, int64_t i, const ao_vmc vm,
    const int dt)
{
    AO_SFX(ao_gv_ps) t[4], cdf[4], e[4];
    _Pragma("GCC unroll 4")
    for (int k = 0; k < 4; k++) {
        float v[AO_EW_VW];
        AO_SFX(ao_vld_at)(v, px, i + AO_EW_VW * k, dt);
        x[k] = AO_GV_(loadu_ps)(v);
        t[k] = AO_GV_(mul_ps)(AO_GV_(mul_ps)(AO_GV_(set1_ps)(-0.5f), x[k]), x[k]);
    }
    AO_SFX(ao_gv_normal_cdf4)(cdf, x, vm);
    AO_SFX(ao_gv_exp4)(e, t, vm);
    _Pragma("GCC unroll 4")
    for (int k = 0; k < 4; k++) {
        const AO_SFX(ao_gv_ps) pdf = AO_GV_(mul_ps)(e[k], AO_GV_(set1_ps)(0.39894228040143268f));
        g[k] = AO_GV_(add_ps)(cdf[k], AO_GV_(mul_ps)(x[k], pdf));
    }
}

/* GeluBackward's erf form (src/ops/gelu_backward.h): dy * gelu'(x) */
static inline __attribute__((always_inline)) int AO_SFX(ao_gelu_backward_vform)(
    AO_SFX(ao_vreg) *res, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    (void)attrs;
    AO_SFX(ao_gv_ps) x[4], g[4];
    AO_SFX(ao_gv_gelu_grad4)(g, x, in[1], i, vm, dt);
    _Pragma("GCC unroll 4")
    for (int k = 0; k < 4; k++) {
        float v[AO_EW_VW];
        AO_SFX(ao_vld_at)(v, in[0], i + AO_EW_VW * k, dt);
        res[k] = AO_GV_(mul_ps)(AO_GV_(loadu_ps)(v), g[k]);   /* dy * g */
    }
    return 1;
}

/* GeGluBackward's erf form (src/ops/geglu_backward_erf.h), both results of four
 * registers for the fused two-result kernel (ew_op.h AO_EW_K2_ ao_k2blk4_): res[k]
 * result 0, res[4 + k] result 1. Inputs dy, a, b, gelu; (x, lin) = (a, b) with
 * activateLeft (attrs[0]), else (b, a); grad(act) = gelu'(x) (lin dy), grad(lin) =
 * gelu dy. */
static inline __attribute__((always_inline)) int AO_SFX(ao_geglu_backward_erf_vform)(
    AO_SFX(ao_vreg) *res, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    const int left = attrs[0] != 0.0f;
    const void *const plin = in[left ? 2 : 1];
    AO_SFX(ao_gv_ps) x[4], g[4];
    AO_SFX(ao_gv_gelu_grad4)(g, x, in[left ? 1 : 2], i, vm, dt);
    _Pragma("GCC unroll 4")
    for (int k = 0; k < 4; k++) {
        float v[AO_EW_VW];
        AO_SFX(ao_vld_at)(v, in[0], i + AO_EW_VW * k, dt);
        const AO_SFX(ao_gv_ps) dy = AO_GV_(loadu_ps)(v);
        AO_SFX(ao_vld_at)(v, plin, i + AO_EW_VW * k, dt);
        const AO_SFX(ao_gv_ps) d = AO_GV_(mul_ps)(AO_GV_(loadu_ps)(v), dy);     /* lin dy */
        AO_SFX(ao_vld_at)(v, in[3], i + AO_EW_VW * k, dt);
        const AO_SFX(ao_gv_ps) grad_lin = AO_GV_(mul_ps)(AO_GV_(loadu_ps)(v), dy);
        const AO_SFX(ao_gv_ps) grad_act = AO_GV_(mul_ps)(g[k], d);
        res[k] = left ? grad_act : grad_lin;
        res[4 + k] = left ? grad_lin : grad_act;
    }
    return 1;
}
#undef AO_GV_
#undef AO_GV_SI_
#undef AO_GV_CAST_SI_
#undef AO_GV_CAST_PS_
#undef AO_GV_LT_
#undef AO_GV_SEL_
#undef AO_GV_ZERO_IF_
#else
static inline __attribute__((always_inline)) int AO_SFX(ao_gelu_erf_vform)(
    AO_SFX(ao_vreg) *r, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    return AO_SFX(ao_vform_none)(r, in, i, attrs, vm, dt);
}
static inline __attribute__((always_inline)) int AO_SFX(ao_gelu_backward_vform)(
    AO_SFX(ao_vreg) *r, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    return AO_SFX(ao_vform_none)(r, in, i, attrs, vm, dt);
}
static inline __attribute__((always_inline)) int AO_SFX(ao_geglu_backward_erf_vform)(
    AO_SFX(ao_vreg) *r, const void *const *in, int64_t i, const float *attrs, const ao_vmc vm,
    const int dt)
{
    return AO_SFX(ao_vform_none)(r, in, i, attrs, vm, dt);
}
#endif

/* Sin's and Cos's forms (src/ops/math_sin.h, math_cos.h) over four registers: vmath.h
 * ao_sinf_fast / ao_cosf_fast lane by lane (the loop vectorises: one polynomial in
 * double after a reduction by pi), and only where the four registers have a lane with
 * |x| >= 2^20, an infinity or a NaN, those lanes again by the whole ao_sinf / ao_cosf
 * (the select of the scalar body, so the same bits: its fast side is the same code).
 * The scalar body computes both sides for every lane, and the wide side's Payne-Hanek
 * reduction (64-bit products, table gathers) was most of its cost: Sin float32 1e6,
 * 1 thread, 6.2 ns/element (0.11x torch). */
#if AO_ISA_LEVEL >= 1
#define AO_TRIG_VFORM_(fn, fast, whole)                                             \
    static __attribute__((noinline, cold, unused)) void AO_SFX(fn##_wide)(float *y, const float *x, \
                                                                 const ao_vmc vm)   \
    {                                                                               \
        for (int j = 0; j < 4 * AO_EW_VW; j++)                                      \
            if ((AO_SFX(ao_f2u)(x[j]) & 0x7fffffffu) >= AO_TRIG_FAST_LIM)           \
                y[j] = AO_SFX(whole)(x[j], vm);                                     \
    }                                                                               \
    static inline __attribute__((always_inline)) int AO_SFX(fn)(                    \
        AO_SFX(ao_vreg) *r, const void *const *in, int64_t i, const float *attrs,   \
        const ao_vmc vm, const int dt)                                              \
    {                                                                               \
        (void)attrs;                                                                \
        float x[4 * AO_EW_VW], y[4 * AO_EW_VW];                                     \
        uint32_t mx = 0;                                                            \
        _Pragma("GCC unroll 4")                                                     \
        for (int k = 0; k < 4; k++)                                                 \
            AO_SFX(ao_vld_at)(x + AO_EW_VW * k, in[0], i + AO_EW_VW * k, dt);       \
        for (int j = 0; j < 4 * AO_EW_VW; j++) {                                    \
            const uint32_t ax = AO_SFX(ao_f2u)(x[j]) & 0x7fffffffu;                 \
            mx = mx > ax ? mx : ax;                                                 \
            y[j] = AO_SFX(fast)(x[j]);                                              \
        }                                                                           \
        if (__builtin_expect(mx >= AO_TRIG_FAST_LIM, 0))                            \
            AO_SFX(fn##_wide)(y, x, vm);                                            \
        _Pragma("GCC unroll 4")                                                     \
        for (int k = 0; k < 4; k++)                                                 \
            r[k] = AO_SFX(ao_vget)(y + AO_EW_VW * k);                               \
        return 1;                                                                   \
    }
#else
#define AO_TRIG_VFORM_(fn, fast, whole)                                             \
    static inline __attribute__((always_inline)) int AO_SFX(fn)(                    \
        AO_SFX(ao_vreg) *r, const void *const *in, int64_t i, const float *attrs,   \
        const ao_vmc vm, const int dt)                                              \
    {                                                                               \
        return AO_SFX(ao_vform_none)(r, in, i, attrs, vm, dt);                      \
    }
#endif
AO_TRIG_VFORM_(ao_sin_vform, ao_sinf_fast, ao_sinf)
AO_TRIG_VFORM_(ao_cos_vform, ao_cosf_fast, ao_cosf)

/* ---- the ops ----
 * Compiled whole (region_<isa>.c alone), the region defines every op's kernels and the
 * table. setup.py's build compiles the region in units instead, so that editing one op
 * header recompiles that op's kernels only (a whole region is about a minute of compiler
 * time, one op 0.5 to 3 s): one unit per op, region_<isa>.c with AO_REGION_OPS naming
 * the op's header (its kernels, external: AO_EW_ENTRY; no table), and one unit with
 * AO_REGION_TABLE_ONLY (the table, over the kernels' prototypes: ew_op.h
 * AO_EW_MODE_DECL). */
#ifdef AO_REGION_OPS
#define AO_EW_MODE_FUNCS
#include "ew_op.h"
#include AO_REGION_OPS
#undef AO_EW_MODE_FUNCS
#include "ew_op.h"
#else
#ifdef AO_REGION_TABLE_ONLY
#define AO_EW_MODE_DECL
#else
#define AO_EW_MODE_FUNCS
#endif
#include "ew_op.h"
#include "ascendops_ops_list.h"
#undef AO_EW_MODE_DECL
#undef AO_EW_MODE_FUNCS
#include "ew_op.h"

/* ---- the region's kernel table (src/kernels.c reads it through ao_region_<isa>) ---- */
#define AO_KFNS(name) AO_SFX(ao_k_##name)
#define AO_KFNS16(name) AO_SFX(ao_kh_##name), AO_SFX(ao_kb_##name), AO_SFX(ao_kf_##name)
#define AO_KFNS2(name) AO_SFX(ao_k2_##name)

#define AO_EW_MODE_TABLE
#include "ew_op.h"
static const ao_kernel_row AO_SFX(ao_kernel_rows)[] = {
#include "ascendops_ops_list.h"
    { NULL, 0, NULL, NULL, NULL, NULL, 0, 0, 0, NULL } /* sentinel (keeps the array non-empty) */
};
#undef AO_EW_MODE_TABLE
#include "ew_op.h"

#define AO_EW_MODE_FUSED2_TABLE
#include "ew_op.h"
static const ao_fused2_row AO_SFX(ao_fused2_rows)[] = {
#include "ascendops_ops_list.h"
    { NULL, NULL } /* sentinel */
};
#undef AO_EW_MODE_FUSED2_TABLE
#include "ew_op.h"

const ao_region AO_SFX(ao_region) = {
    &AO_SFX(ao_isa_impl),
    AO_SFX(ao_kernel_rows),
    (int)(sizeof(AO_SFX(ao_kernel_rows)) / sizeof(AO_SFX(ao_kernel_rows)[0])) - 1,
    AO_SFX(ao_fused2_rows),
};
#endif /* AO_REGION_OPS */
