/* ao_gemm (gemm.h): the engine's portable matrix product.
 *
 * The work is cut into tasks of (batch index, block of AO_GEMM_MB rows of C, block of
 * AO_GEMM_NB columns of C), run on the engine's worker pool. A task walks k in tiles of
 * AO_GEMM_KB: it packs the A tile and the B tile as float32 (converting 16-bit operands
 * and gathering any strides), adds their product into a float32 accumulator, and stores
 * the block into C once, rounded once to C's dtype. Each element of C sums k = 0..K-1 in
 * order inside one task, so the result does not depend on the thread count. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gemm.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

#define AO_GEMM_MB 64
#define AO_GEMM_NB 256
#define AO_GEMM_KB 256

/* acc[mb][nb] += A[mb][kb] @ B[kb][nb], all packed row-major (lda = kb, ldb = ldacc = nb).
 * Rows in fours share each loaded row of B; the j loops vectorise. */
static void ao_gemm_block(int64_t mb, int64_t nb, int64_t kb, const float *restrict A,
                          const float *restrict B, float *restrict acc)
{
    int64_t i = 0;
    for (; i + 4 <= mb; i += 4) {
        float *restrict c0 = acc + i * nb, *restrict c1 = c0 + nb, *restrict c2 = c1 + nb,
                       *restrict c3 = c2 + nb;
        const float *a0 = A + i * kb, *a1 = a0 + kb, *a2 = a1 + kb, *a3 = a2 + kb;
        for (int64_t k = 0; k < kb; k++) {
            const float *restrict b = B + k * nb;
            const float w0 = a0[k], w1 = a1[k], w2 = a2[k], w3 = a3[k];
            for (int64_t j = 0; j < nb; j++) {
                const float v = b[j];
                c0[j] += w0 * v;
                c1[j] += w1 * v;
                c2[j] += w2 * v;
                c3[j] += w3 * v;
            }
        }
    }
    for (; i < mb; i++) {
        float *restrict c = acc + i * nb;
        const float *restrict a = A + i * kb;
        for (int64_t k = 0; k < kb; k++) {
            const float *restrict b = B + k * nb;
            const float w = a[k];
            for (int64_t j = 0; j < nb; j++)
                c[j] += w * b[j];
        }
    }
}

typedef struct ao_gemm_job {
    const ao_gemm_problem *p;
    int64_t mblocks, nblocks;
    int failed;
} ao_gemm_job;

/* element offset of batch index `flat` (row-major over batch_shape) in operand o */
static int64_t ao_gemm_batch_offset(const ao_gemm_problem *p, const ao_gemm_operand *o, int64_t flat)
{
    int64_t off = 0;
    for (int d = p->batch_ndim - 1; d >= 0; d--) {
        off += (flat % p->batch_shape[d]) * o->batch_stride[d];
        flat /= p->batch_shape[d];
    }
    return off;
}

/* dst[r][c] (row-major, ld cols) = operand element (r0 + r, c0 + c) as float32 */
static void ao_gemm_pack(const ao_gemm_operand *o, int64_t base, int64_t r0, int64_t rows,
                         int64_t c0, int64_t cols, float *restrict dst)
{
    for (int64_t r = 0; r < rows; r++) {
        const int64_t off = base + (r0 + r) * o->row_stride + c0 * o->col_stride;
        float *restrict d = dst + r * cols;
        if (o->dtype == AO_DT_FLOAT && o->col_stride == 1) {
            memcpy(d, (const float *)o->data + off, (size_t)cols * sizeof(float));
            continue;
        }
        for (int64_t c = 0; c < cols; c++)
            d[c] = ao_s_load_f32(o->dtype, o->data, off + c * o->col_stride);
    }
}

static void ao_gemm_item(void *arg, int64_t t)
{
    ao_gemm_job *j = (ao_gemm_job *)arg;
    const ao_gemm_problem *p = j->p;
    const int64_t nblk = t % j->nblocks, rest = t / j->nblocks;
    const int64_t mblk = rest % j->mblocks, batch = rest / j->mblocks;
    const int64_t i0 = mblk * AO_GEMM_MB, j0 = nblk * AO_GEMM_NB;
    const int64_t mb = p->m - i0 < AO_GEMM_MB ? p->m - i0 : AO_GEMM_MB;
    const int64_t nb = p->n - j0 < AO_GEMM_NB ? p->n - j0 : AO_GEMM_NB;
    const int64_t kb_max = p->k < AO_GEMM_KB ? p->k : AO_GEMM_KB;
    float *acc = (float *)calloc((size_t)(mb * nb), sizeof(float));
    float *ap = (float *)malloc((size_t)(mb * (kb_max ? kb_max : 1)) * sizeof(float));
    float *bp = (float *)malloc((size_t)((kb_max ? kb_max : 1) * nb) * sizeof(float));
    if (!acc || !ap || !bp) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        free(acc), free(ap), free(bp);
        return;
    }
    const int64_t abase = ao_gemm_batch_offset(p, &p->a, batch);
    const int64_t bbase = ao_gemm_batch_offset(p, &p->b, batch);
    const int64_t cbase = ao_gemm_batch_offset(p, &p->c, batch);
    for (int64_t k0 = 0; k0 < p->k; k0 += AO_GEMM_KB) {
        const int64_t kb = p->k - k0 < AO_GEMM_KB ? p->k - k0 : AO_GEMM_KB;
        ao_gemm_pack(&p->a, abase, i0, mb, k0, kb, ap);
        ao_gemm_pack(&p->b, bbase, k0, kb, j0, nb, bp);
        ao_gemm_block(mb, nb, kb, ap, bp, acc);
    }
    for (int64_t i = 0; i < mb; i++)
        for (int64_t c = 0; c < nb; c++)
            ao_s_store_f32(p->c.dtype, p->c.data,
                           cbase + (i0 + i) * p->c.row_stride + (j0 + c) * p->c.col_stride,
                           acc[i * nb + c]);
    free(acc), free(ap), free(bp);
}

static int ao_gemm_dtype_ok(int32_t dt)
{
    return dt == AO_DT_FLOAT || dt == AO_DT_FLOAT16 || dt == AO_DT_BF16;
}

int ao_gemm(const ao_gemm_problem *p, int nthreads)
{
    if (!p || p->m < 0 || p->n < 0 || p->k < 0 || p->batch_ndim < 0 ||
        p->batch_ndim > AO_GEMM_MAX_BATCH || !ao_gemm_dtype_ok(p->a.dtype) ||
        !ao_gemm_dtype_ok(p->b.dtype) || !ao_gemm_dtype_ok(p->c.dtype))
        return -1;
    int64_t batches = 1;
    for (int d = 0; d < p->batch_ndim; d++) {
        if (p->batch_shape[d] < 0)
            return -1;
        batches *= p->batch_shape[d];
    }
    if (batches == 0 || p->m == 0 || p->n == 0)
        return 0;
    ao_gemm_job job = {p, (p->m + AO_GEMM_MB - 1) / AO_GEMM_MB, (p->n + AO_GEMM_NB - 1) / AO_GEMM_NB, 0};
    const int64_t total = batches * job.mblocks * job.nblocks;
    ao_parallel_for(total, total < 2 ? 1 : nthreads, ao_gemm_item, &job);
    return job.failed ? -1 : 0;
}
