/* The engine's matrix product: C = A @ B over batches, for every op that is one (the
 * matmul family, convolution's im2col products). Operands are read and written through
 * their own element strides and dtypes; sums run in float32, as CANN's cube unit
 * accumulates 16-bit inputs. */
#ifndef ASCENDOPS_GEMM_H
#define ASCENDOPS_GEMM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AO_GEMM_MAX_BATCH 6

typedef struct ao_gemm_operand {
    char *data;                                /* element (0, 0) of batch index 0 */
    int32_t dtype;                             /* AO_DT_FLOAT, AO_DT_FLOAT16, AO_DT_BF16 */
    int64_t row_stride, col_stride;            /* in elements, any sign */
    int64_t batch_stride[AO_GEMM_MAX_BATCH];   /* in elements; 0 broadcasts the operand */
} ao_gemm_operand;

/* a is m x k, b is k x n, c is m x n, for every index of batch_shape (batch_ndim dims,
 * 0 for one product). k == 0 writes zeros. c must not overlap a or b. */
typedef struct ao_gemm_problem {
    int64_t m, n, k;
    int32_t batch_ndim;
    int64_t batch_shape[AO_GEMM_MAX_BATCH];
    ao_gemm_operand a, b, c;
} ao_gemm_problem;

/* 0 on success, -1 on a malformed problem (a dtype outside the three, a negative size,
 * too many batch dims) or when memory for the packed panels is not available.
 * The engine by problem (src/gemm.c): m <= 8 with B unit-stride along one side reads B in
 * place (decode's products), and n <= 8 reads A in place the same way (C^T = B^T A^T:
 * a matrix times a vector; float32 A with the BLAS excepted); two bfloat16 operands on a CPU with AVX512-BF16 run its
 * vdpbf16ps kernel; the rest the BLAS (ao_gemm_use_blas) or the portable kernel. Each
 * gives the same bits at any thread count. */
int ao_gemm(const ao_gemm_problem *p, int nthreads);

/* A matrix operand at `data` (no batch), and one product of them (no batch): the
 * convolution's, the solve's and the dequantised panels' products. */
static inline ao_gemm_operand ao_gemm_matrix(const void *data, int32_t dtype, int64_t row_stride, int64_t col_stride)
{
    ao_gemm_operand o = {(char *)data, dtype, row_stride, col_stride, {0}};
    return o;
}

static inline ao_gemm_problem ao_gemm_product(int64_t m, int64_t n, int64_t k, ao_gemm_operand a, ao_gemm_operand b,
                                              ao_gemm_operand c)
{
    ao_gemm_problem p = {m, n, k, 0, {0}, a, b, c};
    return p;
}

/* The engine behind ao_gemm: an OpenBLAS loaded from `path` (dlopen; its sgemm and thread
 * control, with or without 64-bit integers and scipy-openblas' prefix), or the portable
 * kernel where path is NULL or "" or the library is not usable. 0 when the BLAS is in use,
 * -1 otherwise. Call it while no product runs (the Python side does at import:
 * ascendops.config.blas_library). ao_gemm_engine describes the one in use. */
int ao_gemm_use_blas(const char *path);
const char *ao_gemm_engine(void);

/* This thread's scratch buffer `slot` (0 .. AO_GEMM_SCRATCH_SLOTS - 1) of at least n floats, 64-byte aligned,
 * kept for the thread's next calls (freed when it exits), or NULL when memory is short.
 * ao_gemm uses slots 0-2 (its float32 panels); callers of ao_gemm the others. */
#define AO_GEMM_SCRATCH_SLOTS 6

/* Brackets a run of many ao_gemm calls (a convolution's tasks): the BLAS's own thread count
 * is set to 1 once for all of them rather than around each (every change wakes its idle
 * threads). Nests; ao_gemm works without it. */
void ao_gemm_begin(void);
void ao_gemm_end(void);
float *ao_gemm_scratch(int slot, size_t n);

#ifdef __cplusplus
}
#endif
#endif
