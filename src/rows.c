/* The row reduction driver (plan_fn.h's ao_row_plan): walks the row space on the
 * engine's worker pool (ao_parallel_ranges) and runs the plan's row kernel per row,
 * or per block of AO_ROW_BLOCK adjacent rows where the innermost row dim is denser in
 * memory than the row (e.g. dim 0 of a C-ordered matrix), so that each line of memory
 * is read once per block instead of once per row. Rows are independent, so the result
 * does not depend on the thread count. */
#include <string.h>

#include "plan_fn.h"
#include "row_kernels.h"
#include "ao_internal.h"

/* The row kernels: one entry per row op (its functions: row_kernels.h). */
static const ao_row_kernel ao_row_kernels[] = {
    {.name = "softmax_backward", .nin = 2, .f64 = 0, .nout = 1,
     .row = ao_softmax_backward_row, .block = ao_softmax_backward_block},
    {.name = "softmax", .nin = 1, .f64 = 1, .nout = 1,
     .row = ao_softmax_row, .block = ao_softmax_block},
    {.name = "log_softmax", .nin = 1, .f64 = 1, .nout = 1,
     .row = ao_log_softmax_row, .block = ao_log_softmax_block},
    {.name = "log_softmax_backward", .nin = 2, .f64 = 1, .nout = 1,
     .row = ao_log_softmax_backward_row, .block = ao_log_softmax_backward_block},
    {.name = "softmax_cross_entropy_with_logits", .nin = 2, .f64 = 0, .nout = 2,
     .row = ao_softmax_xent_row, .block = ao_softmax_xent_block},
};
enum { AO_NROW_KERNELS = sizeof ao_row_kernels / sizeof ao_row_kernels[0] };

int ao_row_kernel_find(const char *name)
{
    for (int k = 0; name && k < AO_NROW_KERNELS; k++)
        if (!strcmp(ao_row_kernels[k].name, name))
            return k;
    return -1;
}

int ao_row_kernel_arity(int kernel)
{
    return kernel >= 0 && kernel < AO_NROW_KERNELS ? ao_row_kernels[kernel].nin : -1;
}

static int ao_row_nout(const ao_row_kernel *k)
{
    return k->nout > 0 ? k->nout : 1;
}

int ao_row_kernel_outputs(int kernel)
{
    return kernel >= 0 && kernel < AO_NROW_KERNELS ? ao_row_nout(&ao_row_kernels[kernel]) : -1;
}

int ao_row_dtype_ok(int kernel, int dtype)
{
    if (kernel < 0 || kernel >= AO_NROW_KERNELS)
        return 0;
    return ao_ew_dtype_ok(dtype) || (dtype == AO_DT_DOUBLE && ao_row_kernels[kernel].f64);
}

typedef struct ao_row_job {
    const ao_row_plan *p;
    const ao_row_kernel *k;
    char *const *data;
    int64_t isz[AO_ROW_MAX_OPERANDS];
    int64_t inner, nblk;                /* blocked path: rows of the innermost dim, blocks of them */
    int64_t cs[AO_ROW_MAX_OPERANDS];    /* blocked path: element strides between adjacent rows */
} ao_row_job;

/* Row path: rows [lo, hi), walked over the row space (ndim >= 1 here). */
static void ao_row_rows(void *arg, int64_t lo, int64_t hi)
{
    const ao_row_job *j = (const ao_row_job *)arg;
    const ao_row_plan *p = j->p;
    const int nd = p->ndim;
    const int64_t *st[AO_ROW_MAX_OPERANDS];
    char *base[AO_ROW_MAX_OPERANDS];
    for (int k = 0; k < p->nops; k++)
        st[k] = p->strides[k];
    ao_walker w;
    ao_walk_init(&w, nd, p->shape, p->nops, st, lo, hi);
    int64_t run;
    do {
        run = ao_walk_run(&w);
        for (int64_t i = 0; i < run; i++) {
            for (int k = 0; k < p->nops; k++)
                base[k] = j->data[k] + (w.off[k] + i * st[k][nd - 1]) * j->isz[k];
            j->k->row(p, base, j->isz);
        }
    } while (ao_walk_next(&w, run));
}

/* Blocked path: items t in [lo, hi), t = (index of the outer row dims, block of inner). */
static void ao_row_blocks(void *arg, int64_t lo, int64_t hi)
{
    const ao_row_job *j = (const ao_row_job *)arg;
    const ao_row_plan *p = j->p;
    char *base[AO_ROW_MAX_OPERANDS];
    for (int64_t t = lo; t < hi; t++) {
        const int64_t ob = t / j->nblk, b = t % j->nblk;
        for (int k = 0; k < p->nops; k++) {
            const int64_t off = ao_walk_offset(p->ndim - 1, p->shape, p->strides[k], ob);
            base[k] = j->data[k] + (off + b * AO_ROW_BLOCK * j->cs[k]) * j->isz[k];
        }
        const int64_t left = j->inner - b * AO_ROW_BLOCK;
        j->k->block(p, base, j->isz, j->cs, left < AO_ROW_BLOCK ? left : AO_ROW_BLOCK);
    }
}

int ao_row_run(const void *plan, char *const *data, int nthreads)
{
    const ao_row_plan *p = (const ao_row_plan *)plan;
    if (!p || !data || p->kernel < 0 || p->kernel >= AO_NROW_KERNELS || p->ndim < 0 ||
        p->ndim > AO_MAX_DIMS || p->rows <= 0 || p->n <= 0)
        return -1;
    const ao_row_kernel *kern = &ao_row_kernels[p->kernel];
    const int nout = ao_row_nout(kern);
    if (p->nops != kern->nin + nout || p->nops > AO_ROW_MAX_OPERANDS)
        return -1;
    int64_t rows = 1;
    for (int d = 0; d < p->ndim; d++) {
        if (p->shape[d] <= 0)
            return -1;
        rows *= p->shape[d];
    }
    if (rows != p->rows)
        return -1;
    ao_row_job job;
    memset(&job, 0, sizeof job);
    job.p = p;
    job.k = kern;
    job.data = data;
    for (int k = 0; k < p->nops; k++) {
        if (!ao_row_dtype_ok(p->kernel, p->dtype[k]) || !data[k])
            return -1;
        job.isz[k] = ao_dtype_itemsize(p->dtype[k]);
    }
    int nt = ao_effective_threads(nthreads);
    /* Few or short rows: threads cost more than they save. */
    if (p->rows < 2 || p->rows * p->n < 32768)
        nt = 1;
    const int nd = p->ndim;
    /* the first input decides: an output may be per row (rstride 0) */
    if (nd > 0 && p->shape[nd - 1] > 1 && p->strides[nout][nd - 1] < p->rstride[nout]) {
        job.inner = p->shape[nd - 1];
        job.nblk = (job.inner + AO_ROW_BLOCK - 1) / AO_ROW_BLOCK;
        for (int k = 0; k < p->nops; k++)
            job.cs[k] = p->strides[k][nd - 1];
        ao_parallel_ranges(p->rows / job.inner * job.nblk, nt, 1, ao_row_blocks, &job);
        return 0;
    }
    if (nd == 0) {              /* one row */
        char *base[AO_ROW_MAX_OPERANDS];
        for (int k = 0; k < p->nops; k++)
            base[k] = data[k];
        kern->row(p, base, job.isz);
        return 0;
    }
    ao_parallel_ranges(p->rows, nt, 1, ao_row_rows, &job);
    return 0;
}
