/* The matrix product's ISA kernels (src/gemm_avx512.c, src/gemm_avx2.c), called by src/gemm.c where
 * ao_gemm_bf16_dot_usable / the current ISA says the CPU runs them. */
#ifndef ASCENDOPS_GEMM_KERNELS_H
#define ASCENDOPS_GEMM_KERNELS_H

#include <stdint.h>

/* The bfloat16 product's register tile: AO_BF16_MR rows of C by AO_BF16_NR columns. Its
 * packed operands hold pairs of k (k even, k + 1) as one 32-bit word, the unit
 * vdpbf16ps multiplies and sums (A may instead be read in place: ao_bf16_a below):
 *   A panel: for each pair p, the AO_BF16_MR words A[i][2p], A[i][2p + 1] (i < MR);
 *   B panel: for each pair p, the AO_BF16_NR words B[2p][j], B[2p + 1][j] (j < NR);
 * a missing row, column or odd k's partner is zero. */
#define AO_BF16_MR 12
#define AO_BF16_NR 32

/* Whether this CPU and the ISA in use run the AVX512-BF16 kernels (vdpbf16ps). */
int ao_gemm_bf16_dot_usable(void);

/* A task tile's C, where the tile's last k block writes it directly: C's element (0, 0)
 * of the tile, its dtype (AO_DT_BF16 or AO_DT_FLOAT), unit column stride, row stride ldc
 * elements; rows x cols of it are written (the panels' padding is not). */
typedef struct ao_bf16_out {
    void *c;
    int dtype;
    int64_t ldc, rows, cols;
} ao_bf16_out;

/* A task tile's A for one k block: packed panels (packed: panel ip at packed + ip * panel
 * words), or, where rows is given, A itself, read in place: a bfloat16 matrix with unit
 * column stride and every pair of the block whole (k even), row i of the tile at rows + i *
 * ld elements, pair p at element 2p of it, nrows rows valid (those past are not read). */
typedef struct ao_bf16_a {
    const uint32_t *packed;
    int64_t panel;
    const uint16_t *rows;
    int64_t ld, nrows;
} ao_bf16_a;

/* acc[i][j] (+)= the sum over kc2 pairs of A panel i's and B panel j's products, for
 * mpanels A panels and npanels B panels (bpanel words apart); acc is row-major with ld
 * ldacc, tile (ip, jp) at acc + ip * MR * ldacc + jp * NR.
 * first: acc is read as zeros. out (else NULL): the sums go to C instead of acc, rounded
 * once to its dtype (acc is then read only). Each element sums its pairs in order. */
void ao_gemm_bf16_tile_avx512bf16(int64_t kc2, int64_t mpanels, int64_t npanels, const ao_bf16_a *a,
                                  const uint32_t *b, int64_t bpanel, float *acc, int64_t ldacc, int first,
                                  const ao_bf16_out *out);

/* B panels of kc2 pairs from a bfloat16 matrix with unit column stride: rows 2p and 2p + 1
 * of src (row stride ld, 2p + 1 < rows, else zeros), columns 0 .. cols - 1 into panels of
 * NR columns dpanel words apart (the last panel's columns past cols zeros). */
void ao_gemm_bf16_pack_rows_avx512bf16(uint32_t *dst, int64_t dpanel, const uint16_t *src, int64_t ld,
                                       int64_t rows, int64_t cols, int64_t kc2);

/* The small-m products (m <= 8), reading B where it is, as float32 in registers:
 * dtype AO_DT_FLOAT, AO_DT_FLOAT16 or AO_DT_BF16; a is m x k float32 (row-major, ld k);
 * out is m x ncols float32 (row-major, ld ncols).
 *   rows: B's columns are unit-stride (element (kk, j) at b[kk * ldb + j]);
 *   dots: B's rows are unit-stride (element (kk, j) at b[j * ldb + kk]), a weight
 *         matrix stored as rows of k. */
void ao_gemv_rows_avx512(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb,
                         int64_t ncols, float *out);
void ao_gemv_dots_avx512(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb,
                         int64_t ncols, float *out);
/* the same in AVX2 (src/gemm_avx2.c) */
void ao_gemv_rows_avx2(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb, int64_t ncols,
                       float *out);
void ao_gemv_dots_avx2(int64_t m, int64_t k, const float *a, const void *b, int dtype, int64_t ldb, int64_t ncols,
                       float *out);

#endif
