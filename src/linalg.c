/* Batched matrix kernels (plan_fn.h's ao_mat_plan; ascendops/_linalg.pxi MatrixOp): the
 * driver runs one kernel per work item (a batch index and a tile of the first output's
 * columns) on the engine's worker pool; each item finds its operands' matrices from the
 * batch strides.
 *
 *   triangular_solve  xOut = op(A)^-1 self, op(A) = A or A^T (transpose), the triangle
 *                     of A that `upper` names (the other is never read), its diagonal
 *                     A_ii * 0 + 1 where unitriangular (CANN's A * (1 - eye) + eye);
 *                     mOut (optional) = A. DOUBLE: forward or back substitution in
 *                     double over a row-major tile of columns (the inner loop runs along
 *                     the contiguous tile). FLOAT: the same substitution in float32 by
 *                     blocks of AO_TS_NB rows, each block's rows first less op(A)'s
 *                     off-diagonal block times the rows already solved (one ao_gemm: the
 *                     solve's flops are nearly all in products, as LAPACK's trsm), in
 *                     float32 as CANN's AICPU kernel and torch's trsm solve FLOAT. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ao_internal.h"
#include "gemm.h"
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

/* Rows of a FLOAT triangular solve taken as one block: the diagonal block's substitution
 * stays in L1 (AO_TS_NB rows of a tile), the products between blocks are ao_gemm's. */
#define AO_TS_NB 64

#define AO_ISA_INSTANCE "linalg_math.h"
#include "isa_instances.h"

typedef struct ao_ts_loops {
    void (*block)(const float *t, int64_t ldt, int64_t n, int lower, float *x, int64_t ldx, int64_t w);
    void (*sub)(float *x, const float *y, int64_t ld, int64_t rows, int64_t w);
} ao_ts_loops;

/* The loops of the ISA the engine chose (kernels.c's ao_isa_current, ASCENDOPS_ISA). The
 * AVX2 region runs the baseline's: GCC 12's code for the AVX2 instance took 3x the
 * baseline's time (Zen 4, 1 thread, the per-op table's 1000 x 1000 solve: 46 ms against
 * 15 ms), the same bits either way. */
static ao_ts_loops ao_ts_loops_current(void)
{
#if defined(__x86_64__) || defined(__i386__)
    if (ao_isa_current()->level >= 2)
        return (ao_ts_loops){ao_ts_block_f32_avx512, ao_ts_sub_f32_avx512};
#endif
    return (ao_ts_loops){ao_ts_block_f32_baseline, ao_ts_sub_f32_baseline};
}

/* The FLOAT solve of one tile (columns c0 .. c0 + w of self and xOut): blocks of AO_TS_NB
 * rows in solve order (top down where op(A) is lower triangular, else bottom up); block
 * [i0, i1) is first X[i0:i1] -= op(A)[i0:i1, solved rows] @ X[solved rows] (ao_gemm reads
 * op(A)'s off-diagonal block where it is: that block lies inside the triangle), then the
 * block's own triangle solved by substitution. */
static int ao_ts_f32(const ao_mat_plan *p, char *const *base, int64_t c0, int64_t w, int lower, int unit,
                     int64_t ars, int64_t acs)
{
    const int64_t m = p->rows[3];
    const int64_t ldx = (w + AO_TS_W - 1) / AO_TS_W * AO_TS_W;   /* whole vectors; the rest zeros */
    const int64_t nb = m < AO_TS_NB ? m : AO_TS_NB;
    float *buf = (float *)malloc(((size_t)m * (size_t)ldx + (size_t)nb * (size_t)ldx + (size_t)nb * (size_t)nb)
                                 * sizeof(float));
    if (!buf)
        return -1;
    float *x = buf, *prod = x + m * ldx, *t = prod + nb * ldx;
    const ao_ts_loops loops = ao_ts_loops_current();
    memset(prod, 0, (size_t)nb * (size_t)ldx * sizeof(float));     /* its columns past w stay 0 */
    const float *a = (const float *)base[3], *b = (const float *)base[2];
    for (int64_t i = 0; i < m; i++) {
        const float *bi = b + i * p->rs[2] + c0 * p->cs[2];
        float *xi = x + i * ldx;
        if (p->cs[2] == 1)
            memcpy(xi, bi, (size_t)w * sizeof(float));
        else
            for (int64_t c = 0; c < w; c++)
                xi[c] = bi[c * p->cs[2]];
        memset(xi + w, 0, (size_t)(ldx - w) * sizeof(float));
    }
    int rc = 0;
    for (int64_t done = 0; done < m && rc == 0;) {
        const int64_t rows = m - done < nb ? m - done : nb;
        /* the block's rows [i0, i0 + rows); the rows solved before it: [s0, s0 + done) */
        const int64_t i0 = lower ? done : m - done - rows, s0 = lower ? 0 : m - done;
        float *xb = x + i0 * ldx;
        if (done > 0) {
            const ao_gemm_problem g = ao_gemm_product(rows, w, done,
                                                      ao_gemm_matrix(a + i0 * ars + s0 * acs, AO_DT_FLOAT, ars, acs),
                                                      ao_gemm_matrix(x + s0 * ldx, AO_DT_FLOAT, ldx, 1),
                                                      ao_gemm_matrix(prod, AO_DT_FLOAT, ldx, 1));
            if (ao_gemm(&g, 1) != 0) {
                rc = -1;
                break;
            }
            loops.sub(xb, prod, ldx, rows, ldx);
        }
        /* the diagonal block's triangle, row-major */
        for (int64_t r = 0; r < rows; r++) {
            const int64_t q0 = lower ? 0 : r, q1 = lower ? r + 1 : rows;
            for (int64_t q = q0; q < q1; q++)
                t[r * nb + q] = a[(i0 + r) * ars + (i0 + q) * acs];
            if (unit)
                t[r * nb + r] = t[r * nb + r] * 0.0f + 1.0f;
        }
        loops.block(t, nb, rows, lower, xb, ldx, ldx);
        done += rows;
    }
    if (rc == 0)
        for (int64_t i = 0; i < m; i++) {
            float *oi = (float *)base[0] + i * p->rs[0] + c0 * p->cs[0];
            const float *xi = x + i * ldx;
            if (p->cs[0] == 1)
                memcpy(oi, xi, (size_t)w * sizeof(float));
            else
                for (int64_t c = 0; c < w; c++)
                    oi[c * p->cs[0]] = xi[c];
        }
    free(buf);
    return rc;
}

/* Operands: 0 xOut, 1 mOut (or NULL), 2 self, 3 A; attrs: upper, transpose, unitriangular. */
static int ao_triangular_solve(const ao_mat_plan *p, char *const *base, int64_t c0, int64_t c1)
{
    const int64_t m = p->rows[3], w = c1 - c0;
    const int upper = p->attrs[0] != 0, trans = p->attrs[1] != 0, unit = p->attrs[2] != 0;
    const int lower = upper == trans;       /* op(A) lower triangular: forward substitution */
    const int da = p->dtype[3], db = p->dtype[2], dx = p->dtype[0];
    if (base[1] && c0 == 0) {
        const int64_t isz = ao_dtype_itemsize(da);
        for (int64_t i = 0; i < m; i++) {
            if (p->dtype[1] == da && p->cs[1] == 1 && p->cs[3] == 1) {
                memcpy(base[1] + i * p->rs[1] * isz, base[3] + i * p->rs[3] * isz, (size_t)(m * isz));
                continue;
            }
            for (int64_t j = 0; j < m; j++)
                ao_mat_put(p->dtype[1], base[1], i * p->rs[1] + j * p->cs[1],
                           ao_mat_get(da, base[3], i * p->rs[3] + j * p->cs[3]));
        }
    }
    if (m == 0 || w <= 0)
        return 0;
    /* op(A)[i, j] = A[i * ars + j * acs] */
    const int64_t ars = trans ? p->cs[3] : p->rs[3], acs = trans ? p->rs[3] : p->cs[3];
    if (da == AO_DT_FLOAT && db == AO_DT_FLOAT && dx == AO_DT_FLOAT)
        return ao_ts_f32(p, base, c0, w, lower, unit, ars, acs);
    double *t = (double *)malloc(((size_t)m * (size_t)m + (size_t)m * (size_t)w) * sizeof(double));
    if (!t)
        return -1;
    double *x = t + m * m;
    /* t = op(A), row-major, only its triangle (and diagonal) filled */
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
        ao_gemm_begin();        /* the FLOAT solve's products: one BLAS thread each */
        ao_parallel_ranges(items, nt, 1, ao_mat_items, &job);
        ao_gemm_end();
        rc = job.failed ? -1 : 0;
    }
    for (int k = 0; k < AO_MAT_MAX_OPERANDS; k++)
        free(copies[k]);
    return rc;
}
