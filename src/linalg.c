/* Batched matrix kernels (plan_fn.h's ao_mat_plan; ascendops/_linalg.pxi MatrixOp): the
 * driver runs one kernel per work item (a batch index and a tile of the first output's
 * columns) on the engine's worker pool; each item finds its operands' matrices from the
 * batch strides and computes in double.
 *
 *   triangular_solve  xOut = op(A)^-1 self, op(A) = A or A^T (transpose), the triangle
 *                     of A that `upper` names (the other is never read), its diagonal
 *                     A_ii * 0 + 1 where unitriangular (CANN's A * (1 - eye) + eye);
 *                     mOut (optional) = A. Forward or back substitution over a row-major
 *                     tile of columns (the inner loop runs along the contiguous tile). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ao_internal.h"
#include "plan_fn.h"

typedef int (*ao_mat_fn)(const ao_mat_plan *p, char *const *base, int64_t c0, int64_t c1);

typedef struct ao_mat_kernel {
    const char *name;
    int nout, nin;
    ao_mat_fn fn;
} ao_mat_kernel;

static inline double ao_mat_get(int dt, const char *b, int64_t off)
{
    return dt == AO_DT_DOUBLE ? ((const double *)b)[off] : (double)((const float *)b)[off];
}

static inline void ao_mat_put(int dt, char *b, int64_t off, double v)
{
    if (dt == AO_DT_DOUBLE)
        ((double *)b)[off] = v;
    else
        ((float *)b)[off] = (float)v;
}

/* Operands: 0 xOut, 1 mOut (or NULL), 2 self, 3 A; attrs: upper, transpose, unitriangular. */
static int ao_triangular_solve(const ao_mat_plan *p, char *const *base, int64_t c0, int64_t c1)
{
    const int64_t m = p->rows[3], w = c1 - c0;
    const int upper = p->attrs[0] != 0, trans = p->attrs[1] != 0, unit = p->attrs[2] != 0;
    const int lower = upper == trans;       /* op(A) lower triangular: forward substitution */
    const int da = p->dtype[3], db = p->dtype[2], dx = p->dtype[0];
    if (base[1] && c0 == 0)
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < m; j++)
                ao_mat_put(p->dtype[1], base[1], i * p->rs[1] + j * p->cs[1],
                           ao_mat_get(da, base[3], i * p->rs[3] + j * p->cs[3]));
    if (m == 0 || w <= 0)
        return 0;
    double *t = (double *)malloc(((size_t)m * (size_t)m + (size_t)m * (size_t)w) * sizeof(double));
    if (!t)
        return -1;
    double *x = t + m * m;
    /* t = op(A), row-major, only its triangle (and diagonal) filled */
    const int64_t ars = trans ? p->cs[3] : p->rs[3], acs = trans ? p->rs[3] : p->cs[3];
    for (int64_t i = 0; i < m; i++) {
        const int64_t j0 = lower ? 0 : i, j1 = lower ? i + 1 : m;
        for (int64_t j = j0; j < j1; j++)
            t[i * m + j] = ao_mat_get(da, base[3], i * ars + j * acs);
        if (unit)
            t[i * m + i] = t[i * m + i] * 0.0 + 1.0;
    }
    for (int64_t i = 0; i < m; i++)
        for (int64_t c = 0; c < w; c++)
            x[i * w + c] = ao_mat_get(db, base[2], i * p->rs[2] + (c0 + c) * p->cs[2]);
    for (int64_t s = 0; s < m; s++) {
        const int64_t i = lower ? s : m - 1 - s;
        double *xi = x + i * w;
        const int64_t j0 = lower ? 0 : i + 1, j1 = lower ? i : m;
        for (int64_t j = j0; j < j1; j++) {
            const double a = t[i * m + j];
            const double *xj = x + j * w;
            for (int64_t c = 0; c < w; c++)
                xi[c] -= a * xj[c];
        }
        const double d = t[i * m + i];
        for (int64_t c = 0; c < w; c++)
            xi[c] /= d;
    }
    for (int64_t i = 0; i < m; i++)
        for (int64_t c = 0; c < w; c++)
            ao_mat_put(dx, base[0], i * p->rs[0] + (c0 + c) * p->cs[0], x[i * w + c]);
    free(t);
    return 0;
}

static const ao_mat_kernel ao_mat_kernels[] = {
    /* xOut, mOut <- self, A (attrs: upper, transpose, unitriangular) */
    {.name = "triangular_solve", .nout = 2, .nin = 2, .fn = ao_triangular_solve},
};
enum { AO_NMAT_KERNELS = sizeof ao_mat_kernels / sizeof ao_mat_kernels[0] };

int ao_mat_kernel_find(const char *name)
{
    for (int k = 0; name && k < AO_NMAT_KERNELS; k++)
        if (!strcmp(ao_mat_kernels[k].name, name))
            return k;
    return -1;
}

int ao_mat_kernel_inputs(int kernel)
{
    return kernel >= 0 && kernel < AO_NMAT_KERNELS ? ao_mat_kernels[kernel].nin : -1;
}

int ao_mat_kernel_outputs(int kernel)
{
    return kernel >= 0 && kernel < AO_NMAT_KERNELS ? ao_mat_kernels[kernel].nout : -1;
}

int ao_mat_dtype_ok(int kernel, int dtype)
{
    return kernel >= 0 && kernel < AO_NMAT_KERNELS && (dtype == AO_DT_FLOAT || dtype == AO_DT_DOUBLE);
}

typedef struct ao_mat_job {
    const ao_mat_plan *p;
    const ao_mat_kernel *kern;
    char *data[AO_MAT_MAX_OPERANDS];
    int64_t isz[AO_MAT_MAX_OPERANDS];
    int64_t tiles;
    volatile int failed;
} ao_mat_job;

static void ao_mat_items(void *arg, int64_t lo, int64_t hi)
{
    ao_mat_job *j = (ao_mat_job *)arg;
    const ao_mat_plan *p = j->p;
    char *base[AO_MAT_MAX_OPERANDS];
    const int64_t n = p->cols[0];
    for (int64_t it = lo; it < hi; it++) {
        const int64_t b = it / j->tiles, tile = it % j->tiles;
        for (int k = 0; k < p->nops; k++)
            base[k] = j->data[k] ? j->data[k] + ao_walk_offset(p->bndim, p->bshape, p->bstrides[k], b) * j->isz[k]
                                 : NULL;
        const int64_t c0 = tile * AO_MAT_TILE, c1 = c0 + AO_MAT_TILE < n ? c0 + AO_MAT_TILE : n;
        if (j->kern->fn(p, base, c0, c1) != 0)
            j->failed = 1;
    }
}

int ao_mat_run(const void *plan, char *const *data, int nthreads)
{
    const ao_mat_plan *p = (const ao_mat_plan *)plan;
    if (!p || !data || p->kernel < 0 || p->kernel >= AO_NMAT_KERNELS || p->bndim < 0 || p->bndim > AO_MAX_DIMS ||
        p->batch <= 0)
        return -1;
    const ao_mat_kernel *kern = &ao_mat_kernels[p->kernel];
    if (p->nops != kern->nin + kern->nout || p->nops > AO_MAT_MAX_OPERANDS)
        return -1;
    int64_t batch = 1;
    for (int d = 0; d < p->bndim; d++)
        batch *= p->bshape[d];
    if (batch != p->batch)
        return -1;
    ao_mat_job job;
    memset(&job, 0, sizeof job);
    job.p = p;
    job.kern = kern;
    for (int k = 0; k < p->nops; k++) {
        if (p->slot[k] < 0)
            continue;
        if (!ao_mat_dtype_ok(p->kernel, p->dtype[k]) || !data[p->slot[k]] || p->rows[k] < 0 || p->cols[k] < 0)
            return -1;
        job.data[k] = data[p->slot[k]];
        job.isz[k] = ao_dtype_itemsize(p->dtype[k]);
    }
    if (!job.data[0])
        return -1;
    /* An input that an output overlaps is read from a copy of its bytes, made before
     * any write (the result is the one of the inputs' values before the call). */
    char *copies[AO_MAT_MAX_OPERANDS] = {0};
    int64_t lo[AO_MAT_MAX_OPERANDS], hi[AO_MAT_MAX_OPERANDS];
    for (int k = 0; k < p->nops; k++) {
        if (!job.data[k])
            continue;
        int64_t span = (p->rows[k] > 0 ? p->rows[k] - 1 : 0) * p->rs[k] + (p->cols[k] > 0 ? p->cols[k] - 1 : 0) * p->cs[k];
        for (int d = 0; d < p->bndim; d++)
            span += (p->bshape[d] - 1) * p->bstrides[k][d];
        lo[k] = (int64_t)(intptr_t)job.data[k];
        hi[k] = lo[k] + (span + 1) * job.isz[k];
    }
    int rc = 0;
    for (int k = kern->nout; k < p->nops && rc == 0; k++) {
        if (!job.data[k])
            continue;
        int hit = 0;
        for (int o = 0; o < kern->nout; o++)
            if (job.data[o] && lo[k] < hi[o] && lo[o] < hi[k])
                hit = 1;
        if (!hit)
            continue;
        copies[k] = (char *)malloc((size_t)(hi[k] - lo[k]));
        if (!copies[k]) {
            rc = -1;
            break;
        }
        memcpy(copies[k], job.data[k], (size_t)(hi[k] - lo[k]));
        job.data[k] = copies[k];
    }
    if (rc == 0) {
        job.tiles = p->cols[0] > 0 ? (p->cols[0] + AO_MAT_TILE - 1) / AO_MAT_TILE : 1;
        const int64_t items = p->batch * job.tiles;
        const int64_t work = p->rows[0] * p->rows[0] * (p->cols[0] > 0 ? p->cols[0] : 1);
        int nt = ao_effective_threads(nthreads);
        if (items < 2 || work * p->batch < 65536)
            nt = 1;
        ao_parallel_ranges(items, nt, 1, ao_mat_items, &job);
        rc = job.failed ? -1 : 0;
    }
    for (int k = 0; k < AO_MAT_MAX_OPERANDS; k++)
        free(copies[k]);
    return rc;
}
