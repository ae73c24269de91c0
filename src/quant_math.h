/* The weight-quantised product's inner loops (src/quant_matmul.c), compiled once per ISA
 * region (src/isa_instances.h: AO_SUFFIX and AO_ISA_LEVEL defined and, for AVX2 /
 * AVX-512, the region's #pragma GCC target).
 *
 * Dequantisation is CANN's antiquant step by step: the INT8 / INT4 element exactly as a
 * float, plus the offset rounded to x's dtype, times the scale rounded again (a float
 * holding the 16-bit value exactly). The vector bodies round as the scalar tails do
 * (F16C's vcvtps2ph and the bfloat16 integer rounding are both round-to-nearest-even),
 * so a run gives the same floats in every region and at any alignment.
 *
 * Dot products run in AO_QM_LANES float lanes, element r into lane r % AO_QM_LANES, each
 * product rounded before its sum (no FMA: -ffp-contract=off and separate multiply and
 * add), the lanes added in one fixed tree at the end: every region gives the same bits. */
#ifndef AO_SFX
#define AO_SFX_CAT2(a, b) a##_##b
#define AO_SFX_CAT(a, b) AO_SFX_CAT2(a, b)
#define AO_SFX(name) AO_SFX_CAT(name, AO_SUFFIX)
#endif

#include "bf16_round.h"

#ifndef AO_QM_COMMON
#define AO_QM_COMMON
#define AO_QM_LANES 16

/* v rounded to FLOAT16 or BFLOAT16 (as a float, exact) */
static inline float ao_qm_round(int to, float v)
{
    return to == AO_DT_FLOAT16 ? ao_s_f16_to_f32(ao_s_f64_to_f16((double)v)) : ao_s_bf16_to_f32(ao_s_f32_to_bf16(v));
}

/* weight element i (INT8, or INT4: nibble i of the packed bytes, sign-extended) */
static inline float ao_qm_weight(int dt, const char *w, int64_t i)
{
    if (dt == AO_DT_INT8)
        return (float)((const int8_t *)w)[i];
    const uint8_t b = ((const uint8_t *)w)[i >> 1];
    const int v = (i & 1) ? (b >> 4) : (b & 0x0F);
    return (float)(v >= 8 ? v - 16 : v);
}

/* One dequantised element: w, plus o rounded (has_o), times s rounded. */
static inline float ao_qm_deq1(float w, float s, float o, int has_o, int inter)
{
    if (has_o)
        w = ao_qm_round(inter, w + o);
    return ao_qm_round(inter, w * s);
}

/* The loops of one region, as quant_matmul.c calls them. */
typedef struct ao_qm_math {
    /* dst[j] = deq(weight element i0 + j), j < n, one scale s and offset o (o already
     * rounded to `inter`; has_o 0: none) for the whole run */
    void (*run)(float *dst, int wdt, const char *w, int64_t i0, int64_t n, float s, float o, int has_o, int inter);
    /* the same with a scale (offset) per element: s[j], o[j] of dtype sdt (odt), 16-bit,
     * contiguous; o NULL: none */
    void (*row)(float *dst, int wdt, const char *w, int64_t i0, int64_t n, const uint16_t *s, int sdt,
                const uint16_t *o, int odt, int inter);
    /* a column of k elements from weight element i0 on (contiguous), in groups of `group`
     * rows (0: one), the scale (offset) of group g at s[g * s_step] (o[g * o_step]; o NULL:
     * none), 16-bit of dtype sdt (odt): run's results for each group */
    void (*column)(float *dst, int wdt, const char *w, int64_t i0, int64_t k, int64_t group, const uint16_t *s,
                   int64_t s_step, int sdt, const uint16_t *o, int64_t o_step, int odt, int inter);
    /* column's dequantisation and dot's product with it in one pass, the column held in
     * registers (the same bits as the two): acc as dot's over kp = k rounded up to
     * AO_QM_LANES (x's rows zero past k), m <= 8; NULL in a region without it, or 0
     * returned where it does not apply (then the two) */
    int (*column_dot)(float *acc, const float *x, int64_t ldx, int64_t m, int wdt, const char *w, int64_t i0,
                      int64_t k, int64_t group, const uint16_t *s, int64_t s_step, int sdt, const uint16_t *o,
                      int64_t o_step, int odt, int inter);
    /* acc[i * AO_QM_LANES + l] += x[i * ldx + r] * d[r] over the r of lane l, i < m, r < n
     * (n a multiple of AO_QM_LANES) */
    void (*dot)(float *acc, const float *x, int64_t ldx, int64_t m, const float *d, int64_t n);
} ao_qm_math;

/* the lanes of acc added in the fixed tree (l, l + 8), (l, l + 4), (l, l + 2), (l, l + 1) */
static inline float ao_qm_lanes(const float *acc)
{
    float t[AO_QM_LANES];
    for (int l = 0; l < AO_QM_LANES; l++)
        t[l] = acc[l];
    for (int h = AO_QM_LANES / 2; h >= 1; h /= 2)
        for (int l = 0; l < h; l++)
            t[l] = t[l] + t[l + h];
    return t[0];
}
#endif

#if AO_ISA_LEVEL >= 2
/* 16 floats rounded to `inter` */
static inline __attribute__((always_inline)) __m512 AO_SFX(ao_qm_rnd)(__m512 v, int inter)
{
    if (inter == AO_DT_FLOAT16)
        return _mm512_cvtph_ps(_mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    return _mm512_castsi512_ps(_mm512_and_si512(AO_SFX(ao_bf16_rne_hi16)(v), _mm512_set1_epi32((int)0xffff0000u)));
}

/* 16 weight elements from w (INT8: 16 bytes; INT4: 8 bytes, the low nibble first) */
static inline __attribute__((always_inline)) __m512 AO_SFX(ao_qm_w16)(int wdt, const char *w)
{
    if (wdt == AO_DT_INT8)
        return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)w)));
    __m128i b = _mm_loadl_epi64((const __m128i *)w);
    __m512i v = _mm512_cvtepu8_epi32(_mm_unpacklo_epi8(b, b));
    v = _mm512_srlv_epi32(v, _mm512_set_epi32(4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0));
    v = _mm512_and_si512(v, _mm512_set1_epi32(15));
    v = _mm512_sub_epi32(_mm512_xor_si512(v, _mm512_set1_epi32(8)), _mm512_set1_epi32(8));
    return _mm512_cvtepi32_ps(v);
}

static inline __attribute__((always_inline)) __m512 AO_SFX(ao_qm_h16)(int dt, const uint16_t *h)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)h);
    if (dt == AO_DT_FLOAT16)
        return _mm512_cvtph_ps(v);
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(v), 16));
}
/* the region's float vector: the dequantising loops below are written once for both widths */
#define AO_QM_VEC 16
#define AO_QM_V __m512
#define AO_QM_SET1 _mm512_set1_ps
#define AO_QM_ADDV _mm512_add_ps
#define AO_QM_MULV _mm512_mul_ps
#define AO_QM_STOREV _mm512_storeu_ps
#elif AO_ISA_LEVEL == 1
static inline __attribute__((always_inline)) __m256 AO_SFX(ao_qm_rnd)(__m256 v, int inter)
{
    if (inter == AO_DT_FLOAT16)
        return _mm256_cvtph_ps(_mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    return _mm256_castsi256_ps(_mm256_and_si256(AO_SFX(ao_bf16_rne_hi8)(v), _mm256_set1_epi32((int)0xffff0000u)));
}

/* 8 weight elements from w (INT8: 8 bytes; INT4: 4 bytes) */
static inline __attribute__((always_inline)) __m256 AO_SFX(ao_qm_w16)(int wdt, const char *w)
{
    if (wdt == AO_DT_INT8)
        return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)w)));
    int32_t four;
    memcpy(&four, w, 4);
    __m128i b = _mm_cvtsi32_si128(four);
    __m256i v = _mm256_cvtepu8_epi32(_mm_unpacklo_epi8(b, b));
    v = _mm256_srlv_epi32(v, _mm256_set_epi32(4, 0, 4, 0, 4, 0, 4, 0));
    v = _mm256_and_si256(v, _mm256_set1_epi32(15));
    v = _mm256_sub_epi32(_mm256_xor_si256(v, _mm256_set1_epi32(8)), _mm256_set1_epi32(8));
    return _mm256_cvtepi32_ps(v);
}

static inline __attribute__((always_inline)) __m256 AO_SFX(ao_qm_h16)(int dt, const uint16_t *h)
{
    __m128i v = _mm_loadu_si128((const __m128i *)h);
    if (dt == AO_DT_FLOAT16)
        return _mm256_cvtph_ps(v);
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(v), 16));
}
#define AO_QM_VEC 8
#define AO_QM_V __m256
#define AO_QM_SET1 _mm256_set1_ps
#define AO_QM_ADDV _mm256_add_ps
#define AO_QM_MULV _mm256_mul_ps
#define AO_QM_STOREV _mm256_storeu_ps
#endif

static inline __attribute__((always_inline)) void AO_SFX(ao_qm_run)(float *dst, int wdt, const char *w, int64_t i0,
                                                                   int64_t n, float s, float o, int has_o, int inter)
{
    int64_t j = 0;
#ifdef AO_QM_VEC
    /* INT4 runs vectorise from a whole byte (an even element) */
    if (wdt == AO_DT_INT8 || !(i0 & 1)) {
        const char *wb = wdt == AO_DT_INT8 ? w + i0 : w + (i0 >> 1);
        const int64_t bpv = wdt == AO_DT_INT8 ? AO_QM_VEC : AO_QM_VEC / 2;   /* bytes per vector */
        const AO_QM_V vs = AO_QM_SET1(s), vo = AO_QM_SET1(o);
        for (; j + AO_QM_VEC <= n; j += AO_QM_VEC, wb += bpv) {
            AO_QM_V v = AO_SFX(ao_qm_w16)(wdt, wb);
            if (has_o)
                v = AO_SFX(ao_qm_rnd)(AO_QM_ADDV(v, vo), inter);
            AO_QM_STOREV(dst + j, AO_SFX(ao_qm_rnd)(AO_QM_MULV(v, vs), inter));
        }
    }
#endif
    for (; j < n; j++)
        dst[j] = ao_qm_deq1(ao_qm_weight(wdt, w, i0 + j), s, o, has_o, inter);
}

static void AO_SFX(ao_qm_row)(float *dst, int wdt, const char *w, int64_t i0, int64_t n, const uint16_t *s, int sdt,
                              const uint16_t *o, int odt, int inter)
{
    int64_t j = 0;
#ifdef AO_QM_VEC
    if (wdt == AO_DT_INT8 || !(i0 & 1)) {
        const char *wb = wdt == AO_DT_INT8 ? w + i0 : w + (i0 >> 1);
        const int64_t bpv = wdt == AO_DT_INT8 ? AO_QM_VEC : AO_QM_VEC / 2;
        for (; j + AO_QM_VEC <= n; j += AO_QM_VEC, wb += bpv) {
            AO_QM_V v = AO_SFX(ao_qm_w16)(wdt, wb);
            if (o)
                v = AO_SFX(ao_qm_rnd)(AO_QM_ADDV(v, AO_SFX(ao_qm_rnd)(AO_SFX(ao_qm_h16)(odt, o + j), inter)), inter);
            AO_QM_STOREV(dst + j, AO_SFX(ao_qm_rnd)(AO_QM_MULV(v, AO_SFX(ao_qm_h16)(sdt, s + j)), inter));
        }
    }
#endif
    for (; j < n; j++) {
        const float sv = ao_s_load_f32(sdt, (const char *)s, j);
        const float ov = o ? ao_qm_round(inter, ao_s_load_f32(odt, (const char *)o, j)) : 0.0f;
        dst[j] = ao_qm_deq1(ao_qm_weight(wdt, w, i0 + j), sv, ov, o != NULL, inter);
    }
}

static void AO_SFX(ao_qm_column)(float *dst, int wdt, const char *w, int64_t i0, int64_t k, int64_t group,
                                 const uint16_t *s, int64_t s_step, int sdt, const uint16_t *o, int64_t o_step,
                                 int odt, int inter)
{
    const int64_t step = group > 0 ? group : (k > 0 ? k : 1);
    for (int64_t r0 = 0, g = 0; r0 < k; r0 += step, g++) {
        const int64_t len = k - r0 < step ? k - r0 : step;
        const float sv = ao_s_load_f32(sdt, (const char *)s, g * s_step);
        const float ov = o ? ao_qm_round(inter, ao_s_load_f32(odt, (const char *)o, g * o_step)) : 0.0f;
        AO_SFX(ao_qm_run)(dst + r0, wdt, w, i0 + r0, len, sv, ov, o != NULL, inter);
    }
}

static void AO_SFX(ao_qm_dot)(float *acc, const float *x, int64_t ldx, int64_t m, const float *d, int64_t n)
{
#if AO_ISA_LEVEL >= 2
    int64_t i = 0;
    /* four rows at a time: each d vector loaded once for them */
    for (; i + 4 <= m; i += 4) {
        const float *x0 = x + i * ldx, *x1 = x0 + ldx, *x2 = x1 + ldx, *x3 = x2 + ldx;
        __m512 a0 = _mm512_loadu_ps(acc + i * 16), a1 = _mm512_loadu_ps(acc + i * 16 + 16),
               a2 = _mm512_loadu_ps(acc + i * 16 + 32), a3 = _mm512_loadu_ps(acc + i * 16 + 48);
        for (int64_t r = 0; r < n; r += 16) {
            const __m512 dv = _mm512_loadu_ps(d + r);
            a0 = _mm512_add_ps(a0, _mm512_mul_ps(_mm512_loadu_ps(x0 + r), dv));
            a1 = _mm512_add_ps(a1, _mm512_mul_ps(_mm512_loadu_ps(x1 + r), dv));
            a2 = _mm512_add_ps(a2, _mm512_mul_ps(_mm512_loadu_ps(x2 + r), dv));
            a3 = _mm512_add_ps(a3, _mm512_mul_ps(_mm512_loadu_ps(x3 + r), dv));
        }
        _mm512_storeu_ps(acc + i * 16, a0);
        _mm512_storeu_ps(acc + i * 16 + 16, a1);
        _mm512_storeu_ps(acc + i * 16 + 32, a2);
        _mm512_storeu_ps(acc + i * 16 + 48, a3);
    }
    for (; i < m; i++) {
        const float *xi = x + i * ldx;
        __m512 a = _mm512_loadu_ps(acc + i * 16);
        for (int64_t r = 0; r < n; r += 16)
            a = _mm512_add_ps(a, _mm512_mul_ps(_mm512_loadu_ps(xi + r), _mm512_loadu_ps(d + r)));
        _mm512_storeu_ps(acc + i * 16, a);
    }
#elif AO_ISA_LEVEL == 1
    for (int64_t i = 0; i < m; i++) {
        const float *xi = x + i * ldx;
        __m256 a = _mm256_loadu_ps(acc + i * 16), b = _mm256_loadu_ps(acc + i * 16 + 8);
        for (int64_t r = 0; r < n; r += 16) {
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_loadu_ps(xi + r), _mm256_loadu_ps(d + r)));
            b = _mm256_add_ps(b, _mm256_mul_ps(_mm256_loadu_ps(xi + r + 8), _mm256_loadu_ps(d + r + 8)));
        }
        _mm256_storeu_ps(acc + i * 16, a);
        _mm256_storeu_ps(acc + i * 16 + 8, b);
    }
#else
    for (int64_t i = 0; i < m; i++) {
        const float *xi = x + i * ldx;
        float *a = acc + i * AO_QM_LANES;
        for (int64_t r = 0; r < n; r += AO_QM_LANES)
            for (int l = 0; l < AO_QM_LANES; l++)
                a[l] = a[l] + xi[r + l] * d[r + l];
    }
#endif
}

#if AO_ISA_LEVEL >= 2
/* acc's M rows (M a constant once inlined) += x's rows at r times the 16 floats v */
static inline __attribute__((always_inline)) void AO_SFX(ao_qm_fma_rows)(__m512 *a, const float *x, int64_t ldx,
                                                                        const int M, int64_t r, __m512 v)
{
    for (int i = 0; i < M; i++)
        a[i] = _mm512_add_ps(a[i], _mm512_mul_ps(_mm512_loadu_ps(x + i * ldx + r), v));
}

static inline __attribute__((always_inline)) void AO_SFX(ao_qm_coldot_m)(
    float *acc, const float *x, int64_t ldx, const int M, int wdt, const char *w, int64_t i0, int64_t k,
    int64_t step, const uint16_t *s, int64_t s_step, int sdt, const uint16_t *o, int64_t o_step, int odt,
    int inter)
{
    __m512 a[8];
    for (int i = 0; i < M; i++)
        a[i] = _mm512_loadu_ps(acc + i * 16);
    const int64_t bpv = wdt == AO_DT_INT8 ? 16 : 8;
    const char *wb = wdt == AO_DT_INT8 ? w + i0 : w + (i0 >> 1);
    int64_t r = 0;
    for (int64_t g = 0; r + 16 <= k; g++) {
        const int64_t end = r + step < k ? r + step : k;
        const __m512 vs = _mm512_set1_ps(ao_s_load_f32(sdt, (const char *)s, g * s_step));
        if (o) {
            const __m512 vo = _mm512_set1_ps(ao_qm_round(inter, ao_s_load_f32(odt, (const char *)o, g * o_step)));
            for (; r + 16 <= end; r += 16, wb += bpv) {
                __m512 v = AO_SFX(ao_qm_rnd)(_mm512_add_ps(AO_SFX(ao_qm_w16)(wdt, wb), vo), inter);
                AO_SFX(ao_qm_fma_rows)(a, x, ldx, M, r, AO_SFX(ao_qm_rnd)(_mm512_mul_ps(v, vs), inter));
            }
        } else if (inter == AO_DT_FLOAT16) {
            for (; r + 16 <= end; r += 16, wb += bpv)
                AO_SFX(ao_qm_fma_rows)(a, x, ldx, M, r,
                                       AO_SFX(ao_qm_rnd)(_mm512_mul_ps(AO_SFX(ao_qm_w16)(wdt, wb), vs),
                                                         AO_DT_FLOAT16));
        } else {
            for (; r + 16 <= end; r += 16, wb += bpv)
                AO_SFX(ao_qm_fma_rows)(a, x, ldx, M, r,
                                       AO_SFX(ao_qm_rnd)(_mm512_mul_ps(AO_SFX(ao_qm_w16)(wdt, wb), vs), AO_DT_BF16));
        }
    }
    if (r < k) {        /* the last partial 16 (k past the last multiple of 16), zero-padded */
        float t[16] = {0};
        const int64_t g = r / step;
        const float sv = ao_s_load_f32(sdt, (const char *)s, g * s_step);
        const float ov = o ? ao_qm_round(inter, ao_s_load_f32(odt, (const char *)o, g * o_step)) : 0.0f;
        for (int64_t j = r; j < k; j++)
            t[j - r] = ao_qm_deq1(ao_qm_weight(wdt, w, i0 + j), sv, ov, o != NULL, inter);
        AO_SFX(ao_qm_fma_rows)(a, x, ldx, M, r, _mm512_loadu_ps(t));
    }
    for (int i = 0; i < M; i++)
        _mm512_storeu_ps(acc + i * 16, a[i]);
}

static int AO_SFX(ao_qm_column_dot)(float *acc, const float *x, int64_t ldx, int64_t m, int wdt, const char *w,
                                    int64_t i0, int64_t k, int64_t group, const uint16_t *s, int64_t s_step, int sdt,
                                    const uint16_t *o, int64_t o_step, int odt, int inter)
{
    /* groups of whole vectors (CANN's are multiples of 32), INT4 from a whole byte */
    if (m < 1 || m > 8 || group % 16 || (wdt != AO_DT_INT8 && (i0 & 1)))
        return 0;
    const int64_t step = group > 0 ? group : k;
#define AO_QM_CD(M) \
    case M: AO_SFX(ao_qm_coldot_m)(acc, x, ldx, M, wdt, w, i0, k, step, s, s_step, sdt, o, o_step, odt, inter); break;
    switch (m) {
        AO_QM_CD(1) AO_QM_CD(2) AO_QM_CD(3) AO_QM_CD(4) AO_QM_CD(5) AO_QM_CD(6) AO_QM_CD(7) AO_QM_CD(8)
    }
#undef AO_QM_CD
    return 1;
}
#define AO_QM_COLUMN_DOT AO_SFX(ao_qm_column_dot)
#else
#define AO_QM_COLUMN_DOT NULL
#endif

static const ao_qm_math AO_SFX(ao_qm_math) = {AO_SFX(ao_qm_run), AO_SFX(ao_qm_row), AO_SFX(ao_qm_column),
                                            AO_QM_COLUMN_DOT, AO_SFX(ao_qm_dot)};
#undef AO_QM_COLUMN_DOT
#undef AO_QM_VEC
#undef AO_QM_V
#undef AO_QM_SET1
#undef AO_QM_ADDV
#undef AO_QM_MULV
#undef AO_QM_STOREV
