/* ascendops: a list of tensors written into slices of one output (aclnnCat): each piece is
 * a strided copy (ao_strided_copy: one dtype, its bytes) or the Cast kernel's conversion
 * (ao_cast_run: differing dtypes) from one element of the list into its slice of out. The plan
 * (ao_concat_plan, plan_fn.h) is built by the dispatcher (ascendops/_concat.pxi ConcatOp);
 * data[0] is out's first element, data[1] the list's array of element addresses (the
 * executor binds it: ascendops/_executor.pxi _bind_list). */
#include <stddef.h>
#include <stdlib.h>
#include "ao_internal.h"
#include "plan_fn.h"

/* pieces below this many elements run one per thread (a parallel loop over pieces);
 * bigger ones one after another, each on every thread (ao_cast_run's chunks) */
#define AO_CONCAT_SMALL 65536

typedef struct ao_concat_job {
    const ao_concat_plan *p;
    char *out;
    char *const *addrs;
    const int64_t *small;   /* indices of the small pieces */
} ao_concat_job;

static int ao_concat_one(const ao_concat_piece *pc, char *out, char *const *addrs, int nthreads)
{
    char *d[2] = {out + pc->out_offset, addrs[pc->index]};
    if (pc->cp.src == pc->cp.dst)
        return ao_strided_copy(pc->cp.ndim, pc->cp.shape, pc->itemsize, d[0], pc->cp.strides[0], d[1],
                               pc->cp.strides[1], nthreads);
    return ao_cast_run(&pc->cp, d, nthreads);
}

static void ao_concat_small(void *arg, int64_t i)
{
    const ao_concat_job *j = (const ao_concat_job *)arg;
    /* the plan was checked before the loop: a piece cannot fail here */
    (void)ao_concat_one(&AO_CONCAT_PIECES(j->p)[j->small[i]], j->out, j->addrs, 1);
}

int ao_concat_run(const void *plan, char *const *data, int nthreads)
{
    const ao_concat_plan *p = (const ao_concat_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || p->npieces < 0)
        return -1;
    char *const *addrs = (char *const *)data[1];
    const ao_concat_piece *pieces = AO_CONCAT_PIECES(p);
    for (int64_t i = 0; i < p->npieces; i++)
        if (pieces[i].cp.numel <= 0 || !addrs[pieces[i].index])
            return -1;
    int nt = ao_effective_threads(nthreads);
    if (p->numel < AO_CONCAT_SMALL)
        nt = 1;
    /* the small pieces: one per item of a parallel loop */
    int64_t nsmall = 0;
    int64_t stack[64];
    int64_t *small = p->npieces <= 64 ? stack : (int64_t *)malloc((size_t)p->npieces * sizeof(int64_t));
    if (!small)
        return -1;
    for (int64_t i = 0; i < p->npieces; i++)
        if (pieces[i].cp.numel < AO_CONCAT_SMALL)
            small[nsmall++] = i;
    int rc = 0;
    if (nsmall) {
        ao_concat_job job = {p, data[0], addrs, small};
        ao_parallel_for(nsmall, nsmall > 1 ? nt : 1, ao_concat_small, &job);
    }
    for (int64_t i = 0; i < p->npieces && rc == 0; i++)
        if (pieces[i].cp.numel >= AO_CONCAT_SMALL)
            rc = ao_concat_one(&pieces[i], data[0], addrs, nt);
    if (small != stack)
        free(small);
    return rc;
}
