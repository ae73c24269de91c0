/* The small-m products' AVX2 kernels (src/gemm_kernels.h): B read where it is, 16-bit
 * elements widened in registers (F16C, a shift for bfloat16), 8 lanes of float32 sums.
 * This unit alone is compiled for these instructions (the pragma below); src/gemm.c
 * calls it where the ISA in use is AVX2. The portable loops it replaces sum each
 * product's terms one by one: aclnnMv float16 1000 x 1000, 1 thread, 1010 us against
 * torch's 160 (Zen 3). Each output element sums its terms in an order set by the shape
 * alone (8 lanes over k, added across at the end; or k in order), whatever the threads. */
#include <stdint.h>
#include <string.h>
#include "gemm_kernels.h"
#include "ao_internal.h"
#include "dtypes.h"

#if defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2,fma,f16c")
#include <immintrin.h>

/* 8 elements of B from element offset i of b, as float32 */
static inline __m256 ao_gemv8_load(const void *b, int dtype, int64_t i)
{
    if (dtype == AO_DT_FLOAT)
        return _mm256_loadu_ps((const float *)b + i);
    const __m128i h = _mm_loadu_si128((const __m128i *)((const uint16_t *)b + i));
    if (dtype == AO_DT_FLOAT16)
        return _mm256_cvtph_ps(h);
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
}

/* n < 8 elements of B from element offset i, the rest zeros */
static inline __m256 ao_gemv8_load_tail(const void *b, int dtype, int64_t i, int64_t n)
{
    const int64_t es = ao_dtype_itemsize(dtype);
    uint32_t t[8] = {0};
    memcpy(t, (const char *)b + i * es, (size_t)(n * es));
    return ao_gemv8_load(t, dtype, 0);
}

static inline __m256 ao_gemv8_a(const float *a, int64_t n)
{
    float t[8] = {0};
    memcpy(t, a, (size_t)n * sizeof(float));
    return _mm256_loadu_ps(t);
}

static inline float ao_hsum8(__m256 v)
{
    const __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 d = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(d, _mm_movehdup_ps(d)));
}

/* out[r][j] (+)= sum over kk < kb of a[r * lda + kk] * B(kk, j), rows r < nr (<= 2),
 * columns j < cols (<= 32) of B's unit-stride rows; first: out is written, not added to */
static inline void ao_gemv2_rows_block(int nr, int64_t kb, const float *a, int64_t lda, const void *b, int dtype,
                                       int64_t ldb, int64_t cols, float *out, int64_t ldo, int first)
{
    __m256 acc[2][4];
    float keep[2][32];
    for (int r = 0; r < 2; r++) {
        memset(keep[r], 0, sizeof keep[r]);
        if (!first && r < nr)
            memcpy(keep[r], out + r * ldo, (size_t)cols * sizeof(float));
        for (int q = 0; q < 4; q++)
            acc[r][q] = _mm256_loadu_ps(keep[r] + 8 * q);
    }
    for (int64_t kk = 0; kk < kb; kk++) {
        __m256 v[4];
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++)
            v[q] = cols >= 8 * (q + 1) ? ao_gemv8_load(b, dtype, kk * ldb + 8 * q)
                   : cols > 8 * q      ? ao_gemv8_load_tail(b, dtype, kk * ldb + 8 * q, cols - 8 * q)
                                       : _mm256_setzero_ps();
#pragma GCC unroll 2
        for (int r = 0; r < 2; r++) {
            if (r < nr) {
                const __m256 w = _mm256_set1_ps(a[r * lda + kk]);
#pragma GCC unroll 4
                for (int q = 0; q < 4; q++)
                    acc[r][q] = _mm256_fmadd_ps(w, v[q], acc[r][q]);
            }
        }
    }
    for (int r = 0; r < nr; r++) {
        for (int q = 0; q < 4; q++)
            _mm256_storeu_ps(keep[r] + 8 * q, acc[r][q]);
        memcpy(out + r * ldo, keep[r], (size_t)cols * sizeof(float));
    }
}

/* k in blocks of AO_GEMV2_ROWS_KB rows of B (src/gemm_avx512.c: the TLB); an element's
 * sum still runs over k in order */
#define AO_GEMV2_ROWS_KB 64

void ao_gemv_rows_avx2(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb, int64_t ncols,
                       float *out)
{
    const int64_t es = ao_dtype_itemsize(dtype);
    for (int64_t k0 = 0; k0 < k; k0 += AO_GEMV2_ROWS_KB) {
        const int64_t kb = k - k0 < AO_GEMV2_ROWS_KB ? k - k0 : AO_GEMV2_ROWS_KB;
        for (int64_t j = 0; j < ncols; j += 32) {
            const int64_t cols = ncols - j < 32 ? ncols - j : 32;
            const char *bj = (const char *)b + (k0 * ldb + j) * es;
            for (int64_t r = 0; r < m; r += 2) {
                const float *ar = a + r * k + k0;
                float *o = out + r * ncols + j;
                if (m - r >= 2)
                    ao_gemv2_rows_block(2, kb, ar, k, bj, dtype, ldb, cols, o, ncols, k0 == 0);
                else
                    ao_gemv2_rows_block(1, kb, ar, k, bj, dtype, ldb, cols, o, ncols, k0 == 0);
            }
        }
    }
}

/* out[r][c] for rows r < nr (<= 2) of a, columns c < nc (<= 4) of B (unit-stride along k,
 * ldb apart), or (nr 1, nc 8) one row against 8 weight rows streamed at once: 8 lanes
 * of partial sums per (r, c), added across lanes at the end */
static inline void ao_gemv2_dots_block(int nr, int nc, int64_t k, const float *a, const void *b, int dtype,
                                       int64_t ldb, float *out, int64_t ldo)
{
    __m256 acc[2][8];
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 8; c++)
            acc[r][c] = _mm256_setzero_ps();
    const int64_t es = ao_dtype_itemsize(dtype);
    int64_t kk = 0;
    for (; kk + 8 <= k; kk += 8) {
        __m256 x[2];
#pragma GCC unroll 2
        for (int r = 0; r < 2; r++)
            x[r] = r < nr ? _mm256_loadu_ps(a + r * k + kk) : _mm256_setzero_ps();
#pragma GCC unroll 8
        for (int c = 0; c < 8; c++) {
            if (c < nc) {
                if (es == 2 && nc == 8)
                    _mm_prefetch((const char *)b + (c * ldb + kk) * es + 1024, _MM_HINT_T0);
                const __m256 v = ao_gemv8_load((const char *)b + c * ldb * es, dtype, kk);
#pragma GCC unroll 2
                for (int r = 0; r < 2; r++)
                    if (r < nr)
                        acc[r][c] = _mm256_fmadd_ps(x[r], v, acc[r][c]);
            }
        }
    }
    if (kk < k) {
        __m256 x[2];
        for (int r = 0; r < 2; r++)
            x[r] = r < nr ? ao_gemv8_a(a + r * k + kk, k - kk) : _mm256_setzero_ps();
        for (int c = 0; c < nc; c++) {
            const __m256 v = ao_gemv8_load_tail((const char *)b + c * ldb * es, dtype, kk, k - kk);
            for (int r = 0; r < nr; r++)
                acc[r][c] = _mm256_fmadd_ps(x[r], v, acc[r][c]);
        }
    }
    for (int r = 0; r < nr; r++)
        for (int c = 0; c < nc; c++)
            out[r * ldo + c] = ao_hsum8(acc[r][c]);
}

void ao_gemv_dots_avx2(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb, int64_t ncols,
                       float *out)
{
    const int64_t es = ao_dtype_itemsize(dtype);
    int64_t j0 = 0;
    if (m == 1)
        for (; j0 + 8 <= ncols; j0 += 8)
            ao_gemv2_dots_block(1, 8, k, a, (const char *)b + j0 * ldb * es, dtype, ldb, out + j0, ncols);
    for (int64_t j = j0; j < ncols; j += 4) {
        const char *bj = (const char *)b + j * ldb * es;
        const int nc = ncols - j < 4 ? (int)(ncols - j) : 4;
        for (int64_t r = 0; r < m; r += 2) {
            const int nr = m - r < 2 ? 1 : 2;
            float *o = out + r * ncols + j;
            if (nc == 4 && nr == 2)
                ao_gemv2_dots_block(2, 4, k, a + r * k, bj, dtype, ldb, o, ncols);
            else if (nc == 4)
                ao_gemv2_dots_block(1, 4, k, a + r * k, bj, dtype, ldb, o, ncols);
            else
                ao_gemv2_dots_block(nr, nc, k, a + r * k, bj, dtype, ldb, o, ncols);
        }
    }
}

#pragma GCC pop_options
#endif
