/* CANN's FRACTAL_NZ layout of a matrix weight (plan_fn.h ao_nz_plan; ascendops/_nz.pxi).
 *
 * A stack of ND matrices (nmat x rows x cols, C order) is stored in NZ as, per matrix,
 * [ceil(cols / c0)][ceil(rows / 16)][16][c0]: column blocks of c0 elements (32 bytes:
 * 16 for the 16-bit dtypes, 32 for the 8-bit ones), each a run of 16-row fractals, each
 * fractal row-major. Element (r, c) of a matrix is at
 *     ((c / c0) * rows16 + r) * c0 + c % c0,       rows16 = ceil(rows / 16) * 16,
 * and a matrix holds rows16 * ceil(cols / c0) * c0 elements (CANN's
 * CalculateMatmulWeightSize: the last two dims aligned, to 16 and to 16 or 32); the
 * padding is zero. ao_nz_pack_run writes that from any strided ND view (TransMatmulWeight,
 * in place: the view is read into a contiguous copy first); ao_nz_unpack reads it back
 * into a C-contiguous ND buffer (the matrix products' FRACTAL_NZ mat2). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ao_internal.h"
#include "plan_fn.h"

int64_t ao_nz_matrix_elements(int64_t rows, int64_t cols, int64_t c0)
{
    return ((rows + 15) / 16 * 16) * ((cols + c0 - 1) / c0 * c0);
}

typedef struct ao_nz_job {
    const char *src;
    char *dst;
    int64_t rows, cols, c0, rows16, mat_nz, size;
    int to_nz;
} ao_nz_job;

/* rows [lo, hi) of the stack (matrix-major): ND row <-> its NZ runs of c0 elements */
static void ao_nz_rows(void *arg, int64_t lo, int64_t hi)
{
    const ao_nz_job *j = (const ao_nz_job *)arg;
    const size_t sz = (size_t)j->size;
    for (int64_t g = lo; g < hi; g++) {
        const int64_t m = g / j->rows, r = g % j->rows;
        const char *nd_row = NULL;
        char *nd_out = NULL;
        const int64_t nz_base = m * j->mat_nz + r * j->c0;
        if (j->to_nz)
            nd_row = j->src + (size_t)(g * j->cols) * sz;
        else
            nd_out = j->dst + (size_t)(g * j->cols) * sz;
        for (int64_t c = 0; c < j->cols; c += j->c0) {
            const int64_t run = j->cols - c < j->c0 ? j->cols - c : j->c0;
            const int64_t at = nz_base + (c / j->c0) * j->rows16 * j->c0;
            if (j->to_nz) {
                memcpy(j->dst + (size_t)at * sz, nd_row + (size_t)c * sz, (size_t)run * sz);
                if (run < j->c0)
                    memset(j->dst + (size_t)(at + run) * sz, 0, (size_t)(j->c0 - run) * sz);
            } else {
                memcpy(nd_out + (size_t)c * sz, j->src + (size_t)at * sz, (size_t)run * sz);
            }
        }
    }
}

static void ao_nz_walk(const char *src, char *dst, int64_t nmat, int64_t rows, int64_t cols, int64_t c0,
                       int64_t size, int to_nz, int nthreads)
{
    ao_nz_job j;
    j.src = src;
    j.dst = dst;
    j.rows = rows;
    j.cols = cols;
    j.c0 = c0;
    j.rows16 = (rows + 15) / 16 * 16;
    j.mat_nz = ao_nz_matrix_elements(rows, cols, c0);
    j.size = size;
    j.to_nz = to_nz;
    const int64_t total = nmat * rows;
    ao_parallel_ranges(total, total * cols < (1 << 15) ? 1 : nthreads, 1 + (1 << 14) / (cols > 0 ? cols : 1),
                       ao_nz_rows, &j);
    if (to_nz && rows < j.rows16) {
        /* the padding rows of every column block: zero */
        for (int64_t m = 0; m < nmat; m++)
            for (int64_t cb = 0; cb < (cols + c0 - 1) / c0; cb++)
                memset(dst + (size_t)(m * j.mat_nz + (cb * j.rows16 + rows) * c0) * (size_t)size, 0,
                       (size_t)((j.rows16 - rows) * c0 * size));
    }
}

int ao_nz_unpack(const char *nz, char *nd, int64_t nmat, int64_t rows, int64_t cols, int64_t c0, int64_t size,
                 int nthreads)
{
    if (nmat < 0 || rows < 0 || cols < 0 || c0 <= 0 || size <= 0)
        return -1;
    ao_nz_walk(nz, nd, nmat, rows, cols, c0, size, 0, ao_effective_threads(nthreads));
    return 0;
}

/* The view (batch dims, rows, cols; element strides) gathered into a C-contiguous copy. */
static void ao_nz_gather(const ao_nz_plan *p, const char *src, char *dst)
{
    const size_t sz = (size_t)p->size;
    int64_t idx[AO_NZ_MAX_BATCH] = {0};
    int64_t out = 0;
    for (int64_t m = 0; m < p->nmat; m++) {
        int64_t off = 0;
        for (int d = 0; d < p->bndim; d++)
            off += idx[d] * p->bst[d];
        for (int64_t r = 0; r < p->rows; r++)
            for (int64_t c = 0; c < p->cols; c++, out++)
                memcpy(dst + (size_t)out * sz, src + (size_t)(off + r * p->rs + c * p->cs) * sz, sz);
        for (int d = p->bndim - 1; d >= 0; d--) {
            if (++idx[d] < p->bshape[d])
                break;
            idx[d] = 0;
        }
    }
}

int ao_nz_pack_run(const void *plan, char *const *data, int nthreads)
{
    const ao_nz_plan *p = (const ao_nz_plan *)plan;
    if (p->bndim < 0 || p->bndim > AO_NZ_MAX_BATCH || p->c0 <= 0 || p->size <= 0)
        return -1;
    const size_t n = (size_t)(p->nmat * p->rows * p->cols) * (size_t)p->size;
    char *nd = (char *)malloc(n + 1);
    if (!nd)
        return -1;
    /* data[0]: the tensor (mmWeightRef) at its view's first element; the NZ storage starts there */
    ao_nz_gather(p, data[0], nd);
    ao_nz_walk(nd, data[0], p->nmat, p->rows, p->cols, p->c0, p->size, 1, ao_effective_threads(nthreads));
    free(nd);
    return 0;
}
