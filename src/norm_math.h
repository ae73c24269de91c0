/* The norms' inner loops over fp32 blocks (src/norm.c), compiled once per ISA region
 * (src/isa_instances.h: AO_SUFFIX and AO_ISA_LEVEL defined and, for AVX2 / AVX-512, the
 * region's #pragma GCC target), so that the loops vectorise with its instructions.
 * Sums run in AO_NM_LANES double lanes, element i into lane i % AO_NM_LANES, and the
 * lanes are added in one fixed tree at the end: the vector width changes how many
 * lanes an instruction carries, never which element goes where, and -ffp-contract=off
 * keeps every product rounded on its own, so every region gives the same bits (but a
 * NaN sum's payload and sign: docs/fidelity.md).
 * ReduceSum and Mean of a FLOAT, FLOAT16 or BFLOAT16 compute dtype sum in the grouped
 * order (sum_groups): each lane's float32 partial of four elements first, as CANN's
 * kernel sums float32 in float32, then the double lanes. */
#ifndef AO_SFX
#define AO_SFX_CAT2(a, b) a##_##b
#define AO_SFX_CAT(a, b) AO_SFX_CAT2(a, b)
#define AO_SFX(name) AO_SFX_CAT(name, AO_SUFFIX)
#endif
#include "round_odd.h"

/* acc[l] += x[i] (or x[i]^2, (x[i] - c)^2) for the elements i of lane l; n is a
 * multiple of AO_NM_LANES but for the last block of a row. */
static void AO_SFX(ao_nm_sum)(double *restrict acc, const float *restrict x, int64_t n)
{
    int64_t i = 0;
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES)
        for (int l = 0; l < AO_NM_LANES; l++)
            acc[l] += (double)x[i + l];
    for (int l = 0; i < n; i++, l++)
        acc[l] += (double)x[i];
}

/* The grouped order's float32 partial of lane l in a group of AO_NM_GROUP elements:
 * a, b, c, d its elements l, l + 16, l + 32, l + 48 (every region and path adds them in
 * this parenthesisation; see ao_nm_sum_groups). */
static inline float AO_SFX(ao_nm_group4)(float a, float b, float c, float d)
{
    return (a + b) + (c + d);
}

/* acc[r] += the partial of columns a[r], b[r], c[r], d[r] (a group's elements l, l + 16,
 * l + 32, l + 48 of nr neighbouring rows: a reduction over outer dims, vectorised
 * across the rows; an element past the row's end read as +0 from a zero column). */
static void AO_SFX(ao_nm_sum_groups_cols)(double *restrict acc, const float *a, const float *b, const float *c,
                                          const float *d, int64_t nr)
{
    for (int64_t r = 0; r < nr; r++)
        acc[r] += (double)AO_SFX(ao_nm_group4)(a[r], b[r], c[r], d[r]);
}

static void AO_SFX(ao_nm_sumsq)(double *restrict acc, const float *restrict x, int64_t n)
{
    int64_t i = 0;
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES)
        for (int l = 0; l < AO_NM_LANES; l++)
            acc[l] += (double)x[i + l] * (double)x[i + l];
    for (int l = 0; i < n; i++, l++)
        acc[l] += (double)x[i] * (double)x[i];
}

static void AO_SFX(ao_nm_sumsq_c)(double *restrict acc, const float *restrict x, int64_t n, double c)
{
    int64_t i = 0;
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES)
        for (int l = 0; l < AO_NM_LANES; l++) {
            const double d = (double)x[i + l] - c;
            acc[l] += d * d;
        }
    for (int l = 0; i < n; i++, l++) {
        const double d = (double)x[i] - c;
        acc[l] += d * d;
    }
}

/* y = x * s (* g where g is not NULL); y may be x itself (an output over its input):
 * no restrict on y and x */
static void AO_SFX(ao_nm_scale)(float *y, const float *x, float s, const float *g, int64_t n)
{
    if (g)
        for (int64_t i = 0; i < n; i++)
            y[i] = x[i] * s * g[i];
    else
        for (int64_t i = 0; i < n; i++)
            y[i] = x[i] * s;
}

/* y = (x - m) * s (* w) (+ b), w and b each possibly NULL; y may be x itself */
static void AO_SFX(ao_nm_affine)(float *y, const float *x, float m, float s, const float *w, const float *b,
                                 int64_t n)
{
    if (w && b)
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s * w[i] + b[i];
    else if (w)
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s * w[i];
    else if (b)
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s + b[i];
    else
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s;
}

static void AO_SFX(ao_nm_add)(float *y, const float *a, const float *b, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        y[i] = a[i] + b[i];
}

#ifndef AO_NM_CONST_SQ_DT
/* The rows paths' loops specialised on sq and dt: BODY(DT, SQ) with both compile-time
 * constants, for the sq and dt in scope (every region's sum_rows). */
#define AO_NM_CONST_DT_(BODY, SQ)                                                               \
    do {                                                                                       \
        if (dt == AO_DT_FLOAT)                                                                 \
            BODY(AO_DT_FLOAT, SQ);                                                             \
        else if (dt == AO_DT_FLOAT16)                                                          \
            BODY(AO_DT_FLOAT16, SQ);                                                           \
        else                                                                                   \
            BODY(AO_DT_BF16, SQ);                                                              \
    } while (0)
#define AO_NM_CONST_SQ_DT(BODY)                                                                 \
    do {                                                                                       \
        if (sq == AO_NM_GROUPED)                                                               \
            AO_NM_CONST_DT_(BODY, AO_NM_GROUPED);                                              \
        else if (sq == 2)                                                                      \
            AO_NM_CONST_DT_(BODY, 2);                                                          \
        else if (sq)                                                                           \
            AO_NM_CONST_DT_(BODY, 1);                                                          \
        else                                                                                   \
            AO_NM_CONST_DT_(BODY, 0);                                                          \
    } while (0)
#endif

#if AO_ISA_LEVEL == 2
/* 16 elements of a FLOAT, FLOAT16 or BFLOAT16 row from p (those of mask m; the others
 * zero) widened exactly to double: FLOAT and FLOAT16 element l in lane l of lo (l < 8) or
 * hi; BFLOAT16, widened by interleaving with zeros (ao_nm_load16h's arrangement),
 * elements 0-3, 8-11 in lo and 4-7, 12-15 in hi (*mlo, *mhi: the lanes of m's elements;
 * ao_nm_group_lanes puts the lanes back): one load and two unpacks where the widening
 * in order took two loads, two zero-extensions and two shifts (bfloat16 Norm(2) of
 * 1000 x 1000, Zen 4, 1 thread: 102 -> 83 us). */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_load16)(const char *p, int dt, __mmask16 m,
                                                                       __m512d *lo, __m512d *hi,
                                                                       __mmask8 *mlo, __mmask8 *mhi)
{
    const int full = m == 0xffff;
    __m256 f0, f1;
    if (dt == AO_DT_BF16) {
        const __m256i h = full ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskz_loadu_epi16(m, p);
        f0 = _mm256_castsi256_ps(_mm256_unpacklo_epi16(_mm256_setzero_si256(), h));
        f1 = _mm256_castsi256_ps(_mm256_unpackhi_epi16(_mm256_setzero_si256(), h));
        *mlo = (__mmask8)((m & 0xf) | ((m >> 4) & 0xf0));
        *mhi = (__mmask8)(((m >> 4) & 0xf) | ((m >> 8) & 0xf0));
    } else {
        if (dt == AO_DT_FLOAT) {
            f0 = full ? _mm256_loadu_ps((const float *)p) : _mm256_maskz_loadu_ps((__mmask8)m, p);
            f1 = full ? _mm256_loadu_ps((const float *)p + 8) : _mm256_maskz_loadu_ps((__mmask8)(m >> 8), p + 32);
        } else {
            f0 = _mm256_cvtph_ps(full ? _mm_loadu_si128((const __m128i *)p) : _mm_maskz_loadu_epi16((__mmask8)m, p));
            f1 = _mm256_cvtph_ps(full ? _mm_loadu_si128((const __m128i *)p + 1)
                                      : _mm_maskz_loadu_epi16((__mmask8)(m >> 8), p + 16));
        }
        *mlo = (__mmask8)m;
        *mhi = (__mmask8)(m >> 8);
    }
    *lo = _mm512_cvtps_pd(f0);
    *hi = _mm512_cvtps_pd(f1);
}

/* 16 elements of a FLOAT, FLOAT16 or BFLOAT16 row from p as fp32 (exactly) in two
 * halves, those of mask m (the others +0), in the grouped order's lane arrangement:
 * FLOAT and FLOAT16 elements 0..7 in lo, 8..15 in hi; BFLOAT16, widened by interleaving
 * with zeros (no lane-crossing shuffle), elements 0-3, 8-11 in lo and 4-7, 12-15 in hi
 * (ao_nm_group_lanes puts its lanes back). In 256-bit halves: on Zen 4 the 512-bit
 * widenings (vcvtph2ps, vpmovzxwd) and the extract of the upper half cost more than
 * the row's loads (1e6 halves: 66 us against 48 us float16, 67 against 45 bfloat16). */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_load16h)(const char *p, int dt, __mmask16 m,
                                                                        __m256 *lo, __m256 *hi)
{
    const int full = m == 0xffff;
    if (dt == AO_DT_FLOAT) {
        *lo = full ? _mm256_loadu_ps((const float *)p) : _mm256_maskz_loadu_ps((__mmask8)m, p);
        *hi = full ? _mm256_loadu_ps((const float *)p + 8) : _mm256_maskz_loadu_ps((__mmask8)(m >> 8), p + 32);
    } else if (dt == AO_DT_FLOAT16) {
        *lo = _mm256_cvtph_ps(full ? _mm_loadu_si128((const __m128i *)p) : _mm_maskz_loadu_epi16((__mmask8)m, p));
        *hi = _mm256_cvtph_ps(full ? _mm_loadu_si128((const __m128i *)p + 1)
                                   : _mm_maskz_loadu_epi16((__mmask8)(m >> 8), p + 16));
    } else {
        const __m256i h = full ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskz_loadu_epi16(m, p);
        *lo = _mm256_castsi256_ps(_mm256_unpacklo_epi16(_mm256_setzero_si256(), h));
        *hi = _mm256_castsi256_ps(_mm256_unpackhi_epi16(_mm256_setzero_si256(), h));
    }
}

/* The grouped order's group of elements [i, i + AO_NM_GROUP) of the row at x (n its
 * length; full: all of them in it) into its double lanes a0, a1 (ao_nm_load16h's
 * arrangement): the float32 partials of ao_nm_group4, 16 lanes at once, widened and
 * added; the elements past the end loaded as +0. */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_group64)(const char *x, int dt, int64_t i, int64_t n,
                                                                        const int full, __m512d *a0, __m512d *a1)
{
    const int64_t isz = dt == AO_DT_FLOAT ? 4 : 2;
    __m256 lo[4], hi[4];
    for (int k = 0; k < 4; k++) {
        const int64_t left = n - i - 16 * k;
        const __mmask16 m = full || left >= 16 ? (__mmask16)0xffff : left > 0 ? (__mmask16)((1u << left) - 1) : 0;
        if (m) {
            AO_SFX(ao_nm_load16h)(x + (i + 16 * k) * isz, dt, m, &lo[k], &hi[k]);
        } else {
            lo[k] = _mm256_setzero_ps();
            hi[k] = lo[k];
        }
    }
    const __m256 sl = _mm256_add_ps(_mm256_add_ps(lo[0], lo[1]), _mm256_add_ps(lo[2], lo[3]));
    const __m256 sh = _mm256_add_ps(_mm256_add_ps(hi[0], hi[1]), _mm256_add_ps(hi[2], hi[3]));
    *a0 = _mm512_add_pd(*a0, _mm512_cvtps_pd(sl));
    *a1 = _mm512_add_pd(*a1, _mm512_cvtps_pd(sh));
}

/* The lanes of ao_nm_group64 and ao_nm_load16 in lane order (0..7 in a0, 8..15 in a1): BFLOAT16's
 * [0-3, 8-11] and [4-7, 12-15] regrouped by 128-bit pairs. */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_group_lanes)(int dt, __m512d *a0, __m512d *a1)
{
    if (dt != AO_DT_BF16)
        return;
    const __m512d u = *a0, v = *a1;
    *a0 = _mm512_shuffle_f64x2(u, v, 0x44);
    *a1 = _mm512_shuffle_f64x2(u, v, 0xee);
}

/* Adds elements [i, i + 16) of the row at x (those of mask m) into its lanes a0, a1:
 * x, its square (sq 1) or the square of x - c (sq 2: c the row's centre); the lanes
 * past the row's end stay as they are (no zero added). A square of sq 1 goes through
 * one FMA: x * x is exact in double (two significands of at most 24 bits), so
 * fma(x, x, a) rounds once where a + x * x does, to the same bits, and the adds' port
 * is left to the widenings (Zen 4, 1000 x 1000 float32 rows: 98 -> 78 us). */
#define AO_NM_ADD16(x, a0, a1, m, full, c)                                                    \
    do {                                                                                      \
        __m512d lo_, hi_;                                                                     \
        __mmask8 mlo_, mhi_;                                                                  \
        AO_SFX(ao_nm_load16)((x) + i * isz, dt, (m), &lo_, &hi_, &mlo_, &mhi_);               \
        if (sq == 1) {                                                                        \
            a0 = _mm512_mask3_fmadd_pd(lo_, lo_, a0, mlo_);                                   \
            a1 = _mm512_mask3_fmadd_pd(hi_, hi_, a1, mhi_);                                   \
        } else {                                                                              \
            if (sq == 2) {                                                                    \
                lo_ = _mm512_sub_pd(lo_, c);                                                  \
                hi_ = _mm512_sub_pd(hi_, c);                                                  \
                lo_ = _mm512_mul_pd(lo_, lo_);                                                \
                hi_ = _mm512_mul_pd(hi_, hi_);                                                \
            }                                                                                 \
            if (full) {                                                                       \
                a0 = _mm512_add_pd(a0, lo_);                                                  \
                a1 = _mm512_add_pd(a1, hi_);                                                  \
            } else {                                                                          \
                a0 = _mm512_mask_add_pd(a0, mlo_, a0, lo_);                                   \
                a1 = _mm512_mask_add_pd(a1, mhi_, a1, hi_);                                   \
            }                                                                                 \
        }                                                                                     \
    } while (0)

/* ao_axis_lanes' tree of a row's lanes a0 (0..7), a1 (8..15) in registers: t[l] += t[l + 8],
 * then + 4, + 2, + 1. */
static inline __attribute__((always_inline)) double AO_SFX(ao_nm_tree)(__m512d a0, __m512d a1)
{
    const __m512d v = _mm512_add_pd(a0, a1);
    const __m256d u = _mm256_add_pd(_mm512_castpd512_pd256(v), _mm512_extractf64x4_pd(v, 1));
    const __m128d w = _mm_add_pd(_mm256_castpd256_pd128(u), _mm256_extractf128_pd(u, 1));
    return _mm_cvtsd_f64(_mm_add_sd(w, _mm_unpackhi_pd(w, w)));
}

/* Row r's lanes a0, a1 (in ao_nm_load16's arrangement) into acc[r] in lane order, or
 * (res not NULL) their tree into res[r]. */
#define AO_NM_PUT(r, a0, a1)                                                                  \
    do {                                                                                      \
        AO_SFX(ao_nm_group_lanes)(dt, &a0, &a1);                                              \
        if (res) {                                                                            \
            res[r] = AO_SFX(ao_nm_tree)(a0, a1);                                              \
        } else {                                                                              \
            _mm512_storeu_pd(acc[r], a0);                                                     \
            _mm512_storeu_pd(acc[r] + 8, a1);                                                 \
        }                                                                                     \
    } while (0)

/* ao_nm_sum (sq: ao_nm_sumsq) of 4 rows (x + r * rs, r < 4) at once, or of 1, each from
 * zero over its n contiguous elements: element i of row r into acc[r][i % AO_NM_LANES],
 * in element order, as the one-row loop adds them; the 4 rows' independent chains keep
 * the adders busy where one row's 16 lanes wait on the add latency. */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_rows4)(double (*acc)[AO_NM_LANES], double *res,
                                                                      const char *x, int64_t rs, int64_t n,
                                                                      const int dt, const int sq, const double *c)
{
    const int64_t isz = dt == AO_DT_FLOAT ? 4 : 2;
    const char *x0 = x, *x1 = x + rs, *x2 = x + 2 * rs, *x3 = x + 3 * rs;
    const __m512d c0 = _mm512_set1_pd(c ? c[0] : 0.0), c1 = _mm512_set1_pd(c ? c[1] : 0.0),
                  c2 = _mm512_set1_pd(c ? c[2] : 0.0), c3 = _mm512_set1_pd(c ? c[3] : 0.0);
    __m512d a0 = _mm512_setzero_pd(), a1 = a0, b0 = a0, b1 = a0, e0 = a0, e1 = a0, d0 = a0, d1 = a0;
    int64_t i = 0;
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES) {
        AO_NM_ADD16(x0, a0, a1, 0xffff, 1, c0);
        AO_NM_ADD16(x1, b0, b1, 0xffff, 1, c1);
        AO_NM_ADD16(x2, e0, e1, 0xffff, 1, c2);
        AO_NM_ADD16(x3, d0, d1, 0xffff, 1, c3);
    }
    if (i < n) {
        const __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        AO_NM_ADD16(x0, a0, a1, m, 0, c0);
        AO_NM_ADD16(x1, b0, b1, m, 0, c1);
        AO_NM_ADD16(x2, e0, e1, m, 0, c2);
        AO_NM_ADD16(x3, d0, d1, m, 0, c3);
    }
    AO_NM_PUT(0, a0, a1);
    AO_NM_PUT(1, b0, b1);
    AO_NM_PUT(2, e0, e1);
    AO_NM_PUT(3, d0, d1);
}

static inline __attribute__((always_inline)) void AO_SFX(ao_nm_rows1)(double (*acc)[AO_NM_LANES], double *res,
                                                                      const char *x0, int64_t n, const int dt,
                                                                      const int sq, double c)
{
    const int64_t isz = dt == AO_DT_FLOAT ? 4 : 2;
    const __m512d c0 = _mm512_set1_pd(c);
    __m512d a0 = _mm512_setzero_pd(), a1 = a0;
    int64_t i = 0;
    if (sq == AO_NM_GROUPED) {
        for (; i + AO_NM_GROUP <= n; i += AO_NM_GROUP)
            AO_SFX(ao_nm_group64)(x0, dt, i, n, 1, &a0, &a1);
        if (i < n)
            AO_SFX(ao_nm_group64)(x0, dt, i, n, 0, &a0, &a1);
        i = n;
    }
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES)
        AO_NM_ADD16(x0, a0, a1, 0xffff, 1, c0);
    if (i < n) {
        const __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        AO_NM_ADD16(x0, a0, a1, m, 0, c0);
    }
    AO_NM_PUT(0, a0, a1);
}
#undef AO_NM_ADD16
#undef AO_NM_PUT

/* The grouped order (SQ AO_NM_GROUPED) runs its rows one after another: a row's groups
 * are independent float32 adds, one double add per 8 lanes and 64 elements, so one row
 * keeps the adders busy, and reading the rows in memory order beats four interleaved
 * streams (1000 x 1000 float32, Zen 4: 42 us against 49 us). */
#define AO_NM_ROWS_NR(DT, SQ)                                                                   \
    do {                                                                                       \
        if (nr == 4 && SQ != AO_NM_GROUPED)                                                    \
            AO_SFX(ao_nm_rows4)(acc, res, x, rs, n, DT, SQ, c);                                \
        else                                                                                   \
            for (int r = 0; r < nr; r++)                                                       \
                AO_SFX(ao_nm_rows1)(res ? NULL : acc + r, res ? res + r : NULL, x + r * rs, n, DT, SQ, \
                                    c ? c[r] : 0.0);                                           \
    } while (0)

static void AO_SFX(ao_nm_sum_rows)(double (*acc)[AO_NM_LANES], double *res, const char *x, int64_t rs, int dt,
                                   int nr, int64_t n, int sq, const double *c)
{
    AO_NM_CONST_SQ_DT(AO_NM_ROWS_NR);
}
#undef AO_NM_ROWS_NR
#define AO_NM_SUM_ROWS AO_SFX(ao_nm_sum_rows)
#elif AO_ISA_LEVEL == 1
/* The AVX2 rows path: one row at a time, its 16 double lanes in four ymm registers
 * (lanes 4q .. 4q + 3 in l[q]), read in place and widened in registers, the tree in
 * registers; the same lanes, order and tree as the row functions (every region's
 * bits). Through the row functions instead (16-bit rows widened into a buffer first,
 * the lanes stored and added per block), float32 ReduceSum of 1000 x 1000 along its
 * rows took 163 us at 1 thread against torch's 60 (Zen 3). */

/* 16 elements of a FLOAT, FLOAT16 or BFLOAT16 row from p, exactly as fp32, in order. */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_load16_avx2)(const char *p, int dt, __m256 *lo,
                                                                            __m256 *hi)
{
    if (dt == AO_DT_FLOAT) {
        *lo = _mm256_loadu_ps((const float *)p);
        *hi = _mm256_loadu_ps((const float *)p + 8);
    } else if (dt == AO_DT_FLOAT16) {
        *lo = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)p));
        *hi = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)p + 1));
    } else {
        *lo = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p)), 16));
        *hi = _mm256_castsi256_ps(
            _mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p + 1)), 16));
    }
}

/* Adds the 16 lanes of lo, hi (elements 0..7, 8..15) into l[0..3], as sq says: x, x^2
 * (one FMA: x * x is exact in double, so fma(x, x, a) rounds as a + x * x does), or
 * (x - c)^2; keep: the lanes past a row's end, left as they are. */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_add16_avx2)(__m256d *l, __m256 lo, __m256 hi,
                                                                           const int sq, __m256d c,
                                                                           const __m256d *keep)
{
    const __m256d d[4] = {_mm256_cvtps_pd(_mm256_castps256_ps128(lo)), _mm256_cvtps_pd(_mm256_extractf128_ps(lo, 1)),
                          _mm256_cvtps_pd(_mm256_castps256_ps128(hi)), _mm256_cvtps_pd(_mm256_extractf128_ps(hi, 1))};
    for (int q = 0; q < 4; q++) {
        __m256d v;
        if (sq == 1) {
            v = _mm256_fmadd_pd(d[q], d[q], l[q]);
        } else if (sq == 2) {
            const __m256d t = _mm256_sub_pd(d[q], c);
            v = _mm256_add_pd(l[q], _mm256_mul_pd(t, t));
        } else {
            v = _mm256_add_pd(l[q], d[q]);
        }
        l[q] = keep ? _mm256_blendv_pd(l[q], v, keep[q]) : v;
    }
}

/* One row's n elements at x into l[0..3] from zero: the grouped order's float32
 * partials (a group's tail padded with +0, as ao_nm_sum_groups pads it) or the lanes of
 * ao_nm_sum / sumsq / sumsq_c. */
static inline __attribute__((always_inline)) void AO_SFX(ao_nm_row_avx2)(__m256d *l, const char *x, int64_t n,
                                                                         const int dt, const int sq, double c)
{
    const int64_t isz = dt == AO_DT_FLOAT ? 4 : 2;
    for (int q = 0; q < 4; q++)
        l[q] = _mm256_setzero_pd();
    int64_t i = 0;
    /* a row's last elements copied past its end as zero bits (+0 in every dtype) */
    char tail[AO_NM_GROUP * 4] __attribute__((aligned(32)));
    if (sq == AO_NM_GROUPED) {
        for (;; i += AO_NM_GROUP) {
            const char *g = x + i * isz;
            if (i + AO_NM_GROUP > n) {
                if (i >= n)
                    break;
                memcpy(tail, g, (size_t)((n - i) * isz));
                memset(tail + (n - i) * isz, 0, (size_t)((i + AO_NM_GROUP - n) * isz));
                g = tail;
            }
            __m256 lo[4], hi[4];
            for (int k = 0; k < 4; k++)
                AO_SFX(ao_nm_load16_avx2)(g + 16 * k * isz, dt, &lo[k], &hi[k]);
            const __m256 sl = _mm256_add_ps(_mm256_add_ps(lo[0], lo[1]), _mm256_add_ps(lo[2], lo[3]));
            const __m256 sh = _mm256_add_ps(_mm256_add_ps(hi[0], hi[1]), _mm256_add_ps(hi[2], hi[3]));
            AO_SFX(ao_nm_add16_avx2)(l, sl, sh, 0, _mm256_setzero_pd(), NULL);
        }
        return;
    }
    const __m256d cv = _mm256_set1_pd(c);
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES) {
        __m256 lo, hi;
        AO_SFX(ao_nm_load16_avx2)(x + i * isz, dt, &lo, &hi);
        AO_SFX(ao_nm_add16_avx2)(l, lo, hi, sq, cv, NULL);
    }
    if (i < n) {
        const double left = (double)(n - i);
        __m256d keep[4];
        for (int q = 0; q < 4; q++) {
            keep[q] = _mm256_cmp_pd(_mm256_setr_pd(4.0 * q, 4.0 * q + 1, 4.0 * q + 2, 4.0 * q + 3),
                                    _mm256_set1_pd(left), _CMP_LT_OQ);
        }
        __m256 lo, hi;
        memcpy(tail, x + i * isz, (size_t)((n - i) * isz));
        memset(tail + (n - i) * isz, 0, (size_t)((i + AO_NM_LANES - n) * isz));
        AO_SFX(ao_nm_load16_avx2)(tail, dt, &lo, &hi);
        AO_SFX(ao_nm_add16_avx2)(l, lo, hi, sq, cv, keep);
    }
}

static void AO_SFX(ao_nm_sum_rows)(double (*acc)[AO_NM_LANES], double *res, const char *x, int64_t rs, int dt,
                                   int nr, int64_t n, int sq, const double *c)
{
    for (int r = 0; r < nr; r++) {
        __m256d l[4];
        const char *xr = x + r * rs;
        const double cr = c ? c[r] : 0.0;
#define AO_NM_ROW1(DT, SQ) AO_SFX(ao_nm_row_avx2)(l, xr, n, DT, SQ, cr)
        AO_NM_CONST_SQ_DT(AO_NM_ROW1);
#undef AO_NM_ROW1
        if (res) {
            /* ao_axis_lanes' tree: t[l] += t[l + 8], then + 4, + 2, + 1 */
            const __m256d v = _mm256_add_pd(_mm256_add_pd(l[0], l[2]), _mm256_add_pd(l[1], l[3]));
            const __m128d w = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
            res[r] = _mm_cvtsd_f64(_mm_add_sd(w, _mm_unpackhi_pd(w, w)));
        } else {
            for (int q = 0; q < 4; q++)
                _mm256_storeu_pd(acc[r] + 4 * q, l[q]);
        }
    }
}
#define AO_NM_SUM_ROWS AO_SFX(ao_nm_sum_rows)
#else
#define AO_NM_SUM_ROWS NULL     /* the rows go one by one through sum / sumsq */
#endif

/* The grouped order (ReduceSum and Mean of a FLOAT, FLOAT16 or BFLOAT16 compute dtype):
 * x[0, n) cut into groups of AO_NM_GROUP elements from x[0]; in group g, lane l's float32
 * partial ao_nm_group4(x[64g + l], x[64g + 16 + l], x[64g + 32 + l], x[64g + 48 + l])
 * (elements past n as +0: x + 0 is x, and a lane's double sum, from +0, is never -0, so
 * a -0 partial adds as +0 does), then acc[l] += (double)partial. n is a multiple of
 * AO_NM_GROUP but for the last block of a row, so blocks keep the groups. */
static void AO_SFX(ao_nm_sum_groups)(double *restrict acc, const float *restrict x, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL == 2
    __m512d a0 = _mm512_loadu_pd(acc), a1 = _mm512_loadu_pd(acc + 8);
    for (; i + AO_NM_GROUP <= n; i += AO_NM_GROUP)
        AO_SFX(ao_nm_group64)((const char *)x, AO_DT_FLOAT, i, n, 1, &a0, &a1);
    if (i < n)
        AO_SFX(ao_nm_group64)((const char *)x, AO_DT_FLOAT, i, n, 0, &a0, &a1);
    _mm512_storeu_pd(acc, a0);
    _mm512_storeu_pd(acc + 8, a1);
#else
    for (; i + AO_NM_GROUP <= n; i += AO_NM_GROUP)
        for (int l = 0; l < AO_NM_LANES; l++)
            acc[l] += (double)AO_SFX(ao_nm_group4)(x[i + l], x[i + 16 + l], x[i + 32 + l], x[i + 48 + l]);
    if (i < n) {
        float t[AO_NM_GROUP] = {0};
        memcpy(t, x + i, (size_t)(n - i) * sizeof(float));
        for (int l = 0; l < AO_NM_LANES; l++)
            acc[l] += (double)AO_SFX(ao_nm_group4)(t[l], t[16 + l], t[32 + l], t[48 + l]);
    }
#endif
}

/* y[i] = x[i] rounded once to fp32 */
static void AO_SFX(ao_nm_f64_to_f32)(float *restrict y, const double *restrict x, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        y[i] = (float)x[i];
}

/* y[i] = x[i] rounded once to FLOAT16 (scalar_cvt.h's ao_s_f64_to_f16, its NaN included).
 * AVX-512: rounded to fp32 toward zero with the inexact bit kept in the last place
 * (round to odd: 24 bits at every magnitude a half reaches, so the second rounding, to
 * nearest even by vcvtps2ph, gives the once-rounded half), NaN as sign | 0x7e00. AVX2:
 * the same through round_odd.h (scalar there, CumSum float16 at 1000 x 1000, 1 thread,
 * took 4.4 ms against torch's 1.1, Zen 3). */
static void AO_SFX(ao_nm_f64_to_f16)(uint16_t *restrict y, const double *restrict x, int64_t n)
{
    int64_t i = 0;
#if AO_ISA_LEVEL == 2
    const __m256i one = _mm256_set1_epi32(1), sign = _mm256_set1_epi32((int)0x80000000u),
                  qnan = _mm256_set1_epi32(0x7fc00000);
    for (; i + 8 <= n; i += 8) {
        const __m512d d = _mm512_loadu_pd(x + i);
        const __m256 f = _mm512_cvt_roundpd_ps(d, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        const __mmask8 inexact = _mm512_cmp_pd_mask(_mm512_cvtps_pd(f), d, _CMP_NEQ_UQ);
        const __mmask8 nan = _mm512_cmp_pd_mask(d, d, _CMP_UNORD_Q);
        __m256i b = _mm256_castps_si256(f);
        b = _mm256_mask_or_epi32(b, inexact, b, one);
        b = _mm256_mask_or_epi32(b, nan, _mm256_and_si256(b, sign), qnan);
        _mm_storeu_si128((__m128i *)(y + i),
                         _mm256_cvtps_ph(_mm256_castsi256_ps(b), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    }
#elif AO_ISA_LEVEL == 1
    const __m256 sign = _mm256_castsi256_ps(_mm256_set1_epi32((int)0x80000000u)),
                 qnan = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc00000));
    for (; i + 8 <= n; i += 8) {
        const __m256 f = _mm256_set_m128(AO_SFX(ao_f64x4_to_f32_odd)(_mm256_loadu_pd(x + i + 4)),
                                         AO_SFX(ao_f64x4_to_f32_odd)(_mm256_loadu_pd(x + i)));
        const __m256 b = _mm256_blendv_ps(f, _mm256_or_ps(_mm256_and_ps(f, sign), qnan),
                                          _mm256_cmp_ps(f, f, _CMP_UNORD_Q));
        _mm_storeu_si128((__m128i *)(y + i), _mm256_cvtps_ph(b, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    }
#endif
    for (; i < n; i++)
        y[i] = ao_s_f64_to_f16(x[i]);
}

/* The index of the first maximum of x[0, n), n > 0, comparing as floats do (-0 == +0),
 * or of the first NaN where there is one (reduce.c's argmax). AVX-512: the lanes' maxima
 * and a NaN seen in one pass, then the first element equal to their maximum (or the
 * first NaN): what the one-by-one comparison finds. */
static int64_t AO_SFX(ao_nm_argmax_f32)(const float *x, int64_t n)
{
#if AO_ISA_LEVEL == 2
    const __m512 ninf = _mm512_set1_ps(-INFINITY);
    __m512 mx = ninf;
    __mmask16 nan = 0;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_loadu_ps(x + i);
        nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        mx = _mm512_max_ps(mx, v);
    }
    if (i < n) {
        const __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        const __m512 v = _mm512_mask_loadu_ps(ninf, m, x + i);
        nan |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        mx = _mm512_max_ps(mx, v);
    }
    const __m512 best = _mm512_set1_ps(_mm512_reduce_max_ps(mx));
    for (i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - i)) - 1);
        const __m512 v = _mm512_maskz_loadu_ps(m, x + i);
        const __mmask16 hit = nan ? _mm512_mask_cmp_ps_mask(m, v, v, _CMP_UNORD_Q)
                                  : _mm512_mask_cmp_ps_mask(m, v, best, _CMP_EQ_OQ);
        if (hit)
            return i + __builtin_ctz(hit);
    }
    return 0;
#else
    int64_t best = 0;
    float bv = x[0];
    if (bv != bv)
        return 0;
    for (int64_t i = 1; i < n; i++) {
        const float v = x[i];
        if (v != v)
            return i;
        if (v > bv) {
            bv = v;
            best = i;
        }
    }
    return best;
#endif
}

/* ao_axis_lanes' tree of acc[0..16), in this region's registers: the lanes were just
 * stored by this region's loops, and reloaded by the same width their stores forward
 * (the baseline's 16-byte loads of a 64-byte store did not: LayerNorm float32, 1000 x
 * 1000, Zen 4: 8.8% of the op in ao_axis_lanes, 60 cycles a call) */
static double AO_SFX(ao_nm_lanes)(const double *acc)
{
#if AO_ISA_LEVEL == 2
    return AO_SFX(ao_nm_tree)(_mm512_loadu_pd(acc), _mm512_loadu_pd(acc + 8));
#else
    return ao_axis_lanes(acc);
#endif
}

static const ao_norm_math AO_SFX(ao_norm_math) = {
    AO_SFX(ao_nm_sum), AO_SFX(ao_nm_sum_groups), AO_SFX(ao_nm_sum_groups_cols), AO_SFX(ao_nm_sumsq),
    AO_SFX(ao_nm_sumsq_c), AO_SFX(ao_nm_scale),
    AO_SFX(ao_nm_affine), AO_SFX(ao_nm_add), AO_NM_SUM_ROWS, AO_SFX(ao_nm_f64_to_f32),
    AO_SFX(ao_nm_f64_to_f16), AO_SFX(ao_nm_argmax_f32), AO_SFX(ao_nm_lanes),
};
#undef AO_NM_SUM_ROWS
