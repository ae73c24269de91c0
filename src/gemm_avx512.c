/* The matrix product's AVX-512 kernels (src/gemm_kernels.h): the bfloat16 register tile
 * on vdpbf16ps (AVX512-BF16: AMD Zen 4 and later, Intel Cooper Lake, Sapphire Rapids
 * and later), and the small-m products that read B in place. This unit alone is compiled
 * for these instructions (the pragma below); src/gemm.c calls it only where
 * ao_gemm_bf16_dot_usable (cpuid) or the ISA in use says the CPU runs it. */
#include <stdint.h>
#include <string.h>
#include "gemm_kernels.h"
#include "ao_internal.h"
#include "dtypes.h"

#if defined(__x86_64__)
#include <cpuid.h>

int ao_gemm_bf16_dot_usable(void)
{
    static int usable = -1;   /* accessed with __atomic builtins */
    int u = __atomic_load_n(&usable, __ATOMIC_RELAXED);
    if (u < 0) {
        unsigned a = 0, b = 0, c = 0, d = 0;
        /* CPUID.(EAX=7, ECX=1):EAX[5] AVX512_BF16; the AVX-512 region (level 2) has checked
         * that the OS saves the zmm state */
        u = ao_isa_current()->level >= 2 && __get_cpuid_count(7, 1, &a, &b, &c, &d) && (a & (1u << 5));
        __atomic_store_n(&usable, u, __ATOMIC_RELAXED);
    }
    return u;
}

#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512bf16,fma,f16c")
#include <immintrin.h>

/* the first R rows (R a constant: 12 = AO_BF16_MR, 8 or 4) of one AO_BF16_MR x AO_BF16_NR
 * tile: 2R accumulators, two B vectors, A pairs broadcast: from the packed panel a (its
 * AO_BF16_MR words a step), or, where arow is given, from A's rows in place (row i at
 * arow + i * lda elements, its pair p the 32-bit word at element 2p; rows from nrows on
 * read row nrows - 1 again, their sums never stored to C). The sums go to c (ld ldc), or,
 * where out is given, to its rows x cols of C rounded once. Step p also prefetches the
 * line at address pf + p * pfstep into L2 (pfstep 0: the same line, already cached). */
static inline __attribute__((always_inline)) void
ao_bf16_kernel(const int R, int64_t kc2, const uint32_t *restrict a, const uint16_t *arow, int64_t lda,
               int64_t nrows, const uint32_t *restrict b, float *restrict c, int64_t ldc, int first,
               const ao_bf16_out *out, int64_t i0, int64_t j0, uintptr_t pf, int64_t pfstep)
{
    __m512 acc[AO_BF16_MR][2];
#pragma GCC unroll 12
    for (int i = 0; i < R; i++) {
        acc[i][0] = first ? _mm512_setzero_ps() : _mm512_loadu_ps(c + i * ldc);
        acc[i][1] = first ? _mm512_setzero_ps() : _mm512_loadu_ps(c + i * ldc + 16);
    }
    if (arow) {
        const uint16_t *r[AO_BF16_MR];
        for (int i = 0; i < R; i++)
            r[i] = arow + (i < nrows ? i : nrows - 1) * lda;
        /* meanwhile the next 16 rows' lines of this k block come into L1, one a step
         * (rows p % 16, line p / 16): 12 rows are 12 short streams the hardware
         * prefetcher does not follow, and read without it the tile ran slower than on
         * the packed panel. A prefetch past A's last row does not fault (integer
         * arithmetic: no pointer is formed past A) */
        const uintptr_t nx = (uintptr_t)arow + (uintptr_t)(AO_BF16_MR * lda * 2);
        for (int64_t p = 0; p < kc2; p++) {
            const __m512bh b0 = (__m512bh)_mm512_loadu_si512(b), b1 = (__m512bh)_mm512_loadu_si512(b + 16);
            _mm_prefetch((const char *)(b + 8 * AO_BF16_NR), _MM_HINT_T0);
            _mm_prefetch((const char *)(pf + (uintptr_t)(p * pfstep)), _MM_HINT_T1);
            _mm_prefetch((const char *)(nx + (uintptr_t)((p & 15) * lda * 2 + (p >> 4) * 64)), _MM_HINT_T0);
#pragma GCC unroll 12
            for (int i = 0; i < R; i++) {
                uint32_t w;
                memcpy(&w, r[i] + 2 * p, sizeof w);   /* 2-byte aligned */
                const __m512bh ai = (__m512bh)_mm512_set1_epi32((int)w);
                acc[i][0] = _mm512_dpbf16_ps(acc[i][0], ai, b0);
                acc[i][1] = _mm512_dpbf16_ps(acc[i][1], ai, b1);
            }
            b += AO_BF16_NR;
        }
    } else {
        for (int64_t p = 0; p < kc2; p++) {
            const __m512bh b0 = (__m512bh)_mm512_loadu_si512(b), b1 = (__m512bh)_mm512_loadu_si512(b + 16);
            _mm_prefetch((const char *)(b + 8 * AO_BF16_NR), _MM_HINT_T0);
            _mm_prefetch((const char *)(pf + (uintptr_t)(p * pfstep)), _MM_HINT_T1);
#pragma GCC unroll 12
            for (int i = 0; i < R; i++) {
                const __m512bh ai = (__m512bh)_mm512_set1_epi32((int)a[i]);
                acc[i][0] = _mm512_dpbf16_ps(acc[i][0], ai, b0);
                acc[i][1] = _mm512_dpbf16_ps(acc[i][1], ai, b1);
            }
            a += AO_BF16_MR;
            b += AO_BF16_NR;
        }
    }
    if (out) {
        /* the sums are never denormal (vdpbf16ps flushes them), so vcvtne2ps2bf16 (which
         * reads denormals as zero) rounds them as the ISA region's narrowing does: to
         * nearest even, a NaN quieted */
        const int64_t rows = out->rows - i0 < R ? out->rows - i0 : R;
        const int64_t cols = out->cols - j0 < AO_BF16_NR ? out->cols - j0 : AO_BF16_NR;
        const __mmask32 mk = cols >= 32 ? (__mmask32)~0u : (__mmask32)((1u << cols) - 1);
        if (out->dtype == AO_DT_BF16) {
            uint16_t *o = (uint16_t *)out->c + i0 * out->ldc + j0;
            for (int64_t i = 0; i < rows; i++)
                _mm512_mask_storeu_epi16(o + i * out->ldc, mk, (__m512i)_mm512_cvtne2ps_pbh(acc[i][1], acc[i][0]));
        } else {
            float *o = (float *)out->c + i0 * out->ldc + j0;
            for (int64_t i = 0; i < rows; i++) {
                _mm512_mask_storeu_ps(o + i * out->ldc, (__mmask16)mk, acc[i][0]);
                _mm512_mask_storeu_ps(o + i * out->ldc + 16, (__mmask16)(mk >> 16), acc[i][1]);
            }
        }
        return;
    }
#pragma GCC unroll 12
    for (int i = 0; i < R; i++) {
        _mm512_storeu_ps(c + i * ldc, acc[i][0]);
        _mm512_storeu_ps(c + i * ldc + 16, acc[i][1]);
    }
}

void ao_gemm_bf16_tile_avx512bf16(int64_t kc2, int64_t mpanels, int64_t npanels, const ao_bf16_a *a,
                                  const uint32_t *b, int64_t bpanel, float *acc, int64_t ldacc, int first,
                                  const ao_bf16_out *out)
{
    /* each B panel (kc2 x NR words) stays in L2 while the A panels pass by; meanwhile the
     * next B panel comes into L2, each A panel's pass prefetching its share of the lines
     * (a B strip of 512 columns by k = 4096 is 4 MiB: its panels came from L3 or memory at
     * their first pass, latency the 8-step prefetch ahead did not hide; 4096^3 3-6%
     * faster, 1024^3 the same) */
    const int64_t pfstep = mpanels >= 2 ? AO_BF16_NR * 4 / mpanels : 0;
    for (int64_t jp = 0; jp < npanels; jp++) {
        const int64_t step = jp + 1 < npanels ? pfstep : 0;
        const uintptr_t next = (uintptr_t)(b + jp * bpanel) + (uintptr_t)(step ? bpanel * 4 : 0);
        for (int64_t ip = 0; ip < mpanels; ip++) {
            float *c = acc + ip * AO_BF16_MR * ldacc + jp * AO_BF16_NR;
            const uintptr_t pf = next + (uintptr_t)(ip * step * kc2);
            /* a last panel of 4 or 8 rows runs a tile of that many (1024 rows: 85 panels
             * and 4 rows, which a 12-row tile computed at a whole panel's cost); each
             * row's sums are the same operations in any tile */
            const int64_t left = a->nrows - ip * AO_BF16_MR;
#define AO_BF16_TILE(R)                                                                                         \
    do {                                                                                                        \
        if (a->rows)                                                                                            \
            ao_bf16_kernel(R, kc2, NULL, a->rows + ip * AO_BF16_MR * a->ld, a->ld, left, b + jp * bpanel, c,     \
                           ldacc, first, out, ip * AO_BF16_MR, jp * AO_BF16_NR, pf, step);                      \
        else                                                                                                    \
            ao_bf16_kernel(R, kc2, a->packed + ip * a->panel, NULL, 0, 0, b + jp * bpanel, c, ldacc, first, out, \
                           ip * AO_BF16_MR, jp * AO_BF16_NR, pf, step);                                         \
    } while (0)
            if (left <= 4)
                AO_BF16_TILE(4);
            else if (left <= 8)
                AO_BF16_TILE(8);
            else
                AO_BF16_TILE(AO_BF16_MR);
#undef AO_BF16_TILE
        }
    }
}

void ao_gemm_bf16_pack_rows_avx512bf16(uint32_t *dst, int64_t dpanel, const uint16_t *src, int64_t ld,
                                       int64_t rows, int64_t cols, int64_t kc2)
{
    /* word j of a pair row = (row 2p col j, row 2p + 1 col j): 16-bit interleave of two rows */
    const __m512i lo = _mm512_set_epi16(47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8,
                                        39, 7, 38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0);
    const __m512i hi = _mm512_add_epi16(lo, _mm512_set1_epi16(16));
    const int64_t npan = (cols + AO_BF16_NR - 1) / AO_BF16_NR;
    /* a pair of rows at a time across the panels: each row read as one run of cols
     * elements (a panel at a time down the rows was a new page every row) */
    for (int64_t p = 0; p < kc2; p++) {
        const int64_t r0 = 2 * p, r1 = 2 * p + 1;
        for (int64_t q = 0; q < npan; q++) {
            const int64_t left = cols - q * AO_BF16_NR;
            const __mmask32 m = left >= 32 ? (__mmask32)~0u : (__mmask32)((1u << left) - 1);
            const uint16_t *s = src + q * AO_BF16_NR;
            const __m512i x0 = r0 < rows ? _mm512_maskz_loadu_epi16(m, s + r0 * ld) : _mm512_setzero_si512();
            const __m512i x1 = r1 < rows ? _mm512_maskz_loadu_epi16(m, s + r1 * ld) : _mm512_setzero_si512();
            uint32_t *d = dst + q * dpanel + p * AO_BF16_NR;
            _mm512_storeu_si512(d, _mm512_permutex2var_epi16(x0, lo, x1));
            _mm512_storeu_si512(d + 16, _mm512_permutex2var_epi16(x0, hi, x1));
        }
    }
}

/* 16 elements of B from element offset i of b, as float32; n < 16: the rest zeros */
static inline __m512 ao_gemv_load(const void *b, int dtype, int64_t i, __mmask16 m)
{
    if (dtype == AO_DT_FLOAT)
        return _mm512_maskz_loadu_ps(m, (const float *)b + i);
    const __m256i h = _mm256_maskz_loadu_epi16(m, (const uint16_t *)b + i);
    if (dtype == AO_DT_FLOAT16)
        return _mm512_cvtph_ps(h);
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
}

static inline __mmask16 ao_gemv_mask(int64_t left)
{
    return left >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << left) - 1);
}

/* out[r][j] (+)= sum over kk < kb of a[r * lda + kk] * B(kk, j), rows r < nr (<= 4),
 * columns j < cols (<= 64) of B's unit-stride rows: each B row segment read once,
 * converted, multiplied by the nr A values; first: out is written, not added to */
static inline void ao_gemv_rows_block(int nr, int64_t kb, const float *a, int64_t lda, const void *b, int dtype,
                                      int64_t ldb, int64_t cols, float *out, int64_t ldo, int first)
{
    __m512 acc[4][4];
    __mmask16 mk[4];
    for (int q = 0; q < 4; q++) {
        mk[q] = cols > 16 * q ? ao_gemv_mask(cols - 16 * q) : 0;
        for (int r = 0; r < 4; r++)
            acc[r][q] = first || r >= nr ? _mm512_setzero_ps() : _mm512_maskz_loadu_ps(mk[q], out + r * ldo + 16 * q);
    }
    for (int64_t kk = 0; kk < kb; kk++) {
        __m512 v[4];
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++)
            v[q] = ao_gemv_load(b, dtype, kk * ldb + 16 * q, mk[q]);
#pragma GCC unroll 4
        for (int r = 0; r < 4; r++) {
            if (r < nr) {
                const __m512 w = _mm512_set1_ps(a[r * lda + kk]);
#pragma GCC unroll 4
                for (int q = 0; q < 4; q++)
                    acc[r][q] = _mm512_fmadd_ps(w, v[q], acc[r][q]);
            }
        }
    }
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < 4; q++)
            _mm512_mask_storeu_ps(out + r * ldo + 16 * q, mk[q], acc[r][q]);
}

/* k in blocks of AO_GEMV_ROWS_KB rows of B: a block's rows (one page apart or more each)
 * are walked by every 64-column block while the TLB still holds them (all of k per
 * column block misses it on every row); an element's sum still runs over k in order */
#define AO_GEMV_ROWS_KB 64

void ao_gemv_rows_avx512(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb,
                         int64_t ncols, float *out)
{
    const int64_t es = ao_dtype_itemsize(dtype);
    for (int64_t k0 = 0; k0 < k; k0 += AO_GEMV_ROWS_KB) {
        const int64_t kb = k - k0 < AO_GEMV_ROWS_KB ? k - k0 : AO_GEMV_ROWS_KB;
        for (int64_t j = 0; j < ncols; j += 64) {
            const int64_t cols = ncols - j < 64 ? ncols - j : 64;
            const char *bj = (const char *)b + (k0 * ldb + j) * es;
            for (int64_t r = 0; r < m; r += 4) {
                const int nr = m - r < 4 ? (int)(m - r) : 4;
                const float *ar = a + r * k + k0;
                float *o = out + r * ncols + j;
                switch (nr) {   /* constant row counts: the accumulators stay in registers */
                case 1: ao_gemv_rows_block(1, kb, ar, k, bj, dtype, ldb, cols, o, ncols, k0 == 0); break;
                case 2: ao_gemv_rows_block(2, kb, ar, k, bj, dtype, ldb, cols, o, ncols, k0 == 0); break;
                case 3: ao_gemv_rows_block(3, kb, ar, k, bj, dtype, ldb, cols, o, ncols, k0 == 0); break;
                default: ao_gemv_rows_block(4, kb, ar, k, bj, dtype, ldb, cols, o, ncols, k0 == 0); break;
                }
            }
        }
    }
}

/* out[r][c] for rows r < nr (<= 4) of a, columns c < 4 of B (unit-stride along k, ldb
 * apart): 16 lanes of partial sums per (r, c), added across lanes at the end */
static inline void ao_gemv_dots_block(int nr, int nc, int64_t k, const float *a, const void *b, int dtype,
                                      int64_t ldb, float *out, int64_t ldo)
{
    __m512 acc[4][4];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            acc[r][c] = _mm512_setzero_ps();
    const int64_t es = ao_dtype_itemsize(dtype);
    for (int64_t kk = 0; kk < k; kk += 16) {
        const __mmask16 mk = ao_gemv_mask(k - kk);
        __m512 v[4], x[4];
#pragma GCC unroll 4
        for (int c = 0; c < 4; c++)
            v[c] = c < nc ? ao_gemv_load((const char *)b + c * ldb * es, dtype, kk, mk) : _mm512_setzero_ps();
#pragma GCC unroll 4
        for (int r = 0; r < 4; r++)
            x[r] = r < nr ? _mm512_maskz_loadu_ps(mk, a + r * k + kk) : _mm512_setzero_ps();
#pragma GCC unroll 4
        for (int r = 0; r < 4; r++)
#pragma GCC unroll 4
            for (int c = 0; c < 4; c++)
                if (r < nr && c < nc)
                    acc[r][c] = _mm512_fmadd_ps(x[r], v[c], acc[r][c]);
    }
    for (int r = 0; r < nr; r++)
        for (int c = 0; c < nc; c++)
            out[r * ldo + c] = _mm512_reduce_add_ps(acc[r][c]);
}

/* bytes ahead of the loads that the 16-bit rows are prefetched: eight rows streamed at
 * once outrun the hardware prefetcher (a float16 1024 x 1024 matrix-vector product, 1
 * thread: 85 -> 75 us); float32 rows (a line a load) are faster without */
#define AO_GEMV_PREFETCH 1024
/* one row of a (m = 1: a token's vector) against 8 columns: 8 weight rows streamed at once */
static inline void ao_gemv_dots_1x8(int64_t k, const float *a, const void *b, int dtype, int64_t ldb, float *out)
{
    __m512 acc[8];
    for (int c = 0; c < 8; c++)
        acc[c] = _mm512_setzero_ps();
    const int64_t es = ao_dtype_itemsize(dtype);
    for (int64_t kk = 0; kk < k; kk += 16) {
        const __mmask16 mk = ao_gemv_mask(k - kk);
        const __m512 x = _mm512_maskz_loadu_ps(mk, a + kk);
#pragma GCC unroll 8
        for (int c = 0; c < 8; c++) {
            if (es == 2)
                _mm_prefetch((const char *)b + (c * ldb + kk) * es + AO_GEMV_PREFETCH, _MM_HINT_T0);
            acc[c] = _mm512_fmadd_ps(x, ao_gemv_load((const char *)b + c * ldb * es, dtype, kk, mk), acc[c]);
        }
    }
    for (int c = 0; c < 8; c++)
        out[c] = _mm512_reduce_add_ps(acc[c]);
}

void ao_gemv_dots_avx512(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb,
                         int64_t ncols, float *out)
{
    const int64_t es = ao_dtype_itemsize(dtype);
    int64_t j0 = 0;
    if (m == 1)
        for (; j0 + 8 <= ncols; j0 += 8)
            ao_gemv_dots_1x8(k, a, (const char *)b + j0 * ldb * es, dtype, ldb, out + j0);
    for (int64_t j = j0; j < ncols; j += 4) {
        const char *bj = (const char *)b + j * ldb * es;
        const int nc = ncols - j < 4 ? (int)(ncols - j) : 4;
        for (int64_t r = 0; r < m; r += 4) {
            const int nr = m - r < 4 ? (int)(m - r) : 4;
            float *o = out + r * ncols + j;
            if (nc == 4 && nr == 4)
                ao_gemv_dots_block(4, 4, k, a + r * k, bj, dtype, ldb, o, ncols);
            else if (nc == 4 && nr == 1)
                ao_gemv_dots_block(1, 4, k, a + r * k, bj, dtype, ldb, o, ncols);
            else if (nc == 4 && nr == 2)
                ao_gemv_dots_block(2, 4, k, a + r * k, bj, dtype, ldb, o, ncols);
            else
                ao_gemv_dots_block(nr, nc, k, a + r * k, bj, dtype, ldb, o, ncols);
        }
    }
}

#pragma GCC pop_options

#else   /* not x86-64: src/gemm.c never calls the kernels */
int ao_gemm_bf16_dot_usable(void)
{
    return 0;
}
#endif
