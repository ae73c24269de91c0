/* Gathers and scatters along one dim (plan_fn.h ao_index_plan): GatherV2, IndexSelect,
 * InplaceIndexCopy. The bytes of each element are copied, never converted: any dtype,
 * bit-exact (NaN payloads kept). Every index is read and checked before the first
 * write, so a bad one leaves the output untouched. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plan_fn.h"
#include "ao_internal.h"

static __thread int64_t err_pos, err_value, err_bound;
static __thread int err_set;

int ao_index_error(int64_t *position, int64_t *value, int64_t *bound)
{
    if (!err_set)
        return 0;
    if (position)
        *position = err_pos;
    if (value)
        *value = err_value;
    if (bound)
        *bound = err_bound;
    return 1;
}

/* Element offset of row-major position i of a (shape, strides) view. */
static inline int64_t view_offset(int ndim, const int64_t *shape, const int64_t *strides, int64_t i)
{
    int64_t off = 0;
    for (int d = ndim - 1; d >= 0; d--) {
        off += (i % shape[d]) * strides[d];
        i /= shape[d];
    }
    return off;
}

static inline void copy_elem(char *dst, const char *src, int itemsize)
{
    switch (itemsize) {
    case 1: *dst = *src; break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    default: memcpy(dst, src, (size_t)itemsize); break;
    }
}

typedef struct index_job {
    const ao_index_plan *p;
    char *out;
    const char *src;
    const int64_t *pos;     /* per index: its position along the indexed dim */
    const int64_t *xoff;    /* per index: the per-index operand's offset over the index space */
    const unsigned char *skip;  /* scatter: 1 for an index a later duplicate overrides */
    int64_t inner;          /* elements of an inner slice */
    int contiguous;         /* the inner slice is one run in out and src */
    int64_t per;            /* (outer, index) pairs per chunk */
    int64_t total;          /* outer * nidx */
} index_job;

static void index_chunk(void *arg, int64_t c)
{
    const index_job *j = (const index_job *)arg;
    const ao_index_plan *p = j->p;
    const int is = p->itemsize;
    const int gather = p->mode == AO_INDEX_GATHER;
    int64_t t = c * j->per, hi = t + j->per < j->total ? t + j->per : j->total;
    int64_t o = t / p->nidx, x = t % p->nidx;
    int64_t oo = view_offset(p->ondim, p->oshape, p->ostrides[0], o);
    int64_t os = view_offset(p->ondim, p->oshape, p->ostrides[1], o);
    const int64_t *const ist[2] = {p->istrides[0], p->istrides[1]};
    for (; t < hi; t++) {
        if (!(j->skip && j->skip[x])) {
            int64_t d0, s0;
            if (gather) {
                d0 = oo + j->xoff[x];
                s0 = os + j->pos[x] * p->dstride;
            } else {
                d0 = oo + j->pos[x] * p->dstride;
                s0 = os + j->xoff[x];
            }
            char *dst = j->out + d0 * is;
            const char *src = j->src + s0 * is;
            if (j->inner == 1) {
                copy_elem(dst, src, is);     /* one element (a gather along the last dim) */
            } else if (j->contiguous) {
                memcpy(dst, src, (size_t)(j->inner * is));
            } else {
                ao_walker w;
                ao_walk_init(&w, p->indim, p->ishape, 2, ist, 0, j->inner);
                const int64_t so = p->istrides[0][p->indim - 1] * is, ss = p->istrides[1][p->indim - 1] * is;
                int64_t run;
                do {
                    run = ao_walk_run(&w);
                    char *pd = dst + w.off[0] * is;
                    const char *ps = src + w.off[1] * is;
                    for (int64_t k = 0; k < run; k++)
                        copy_elem(pd + k * so, ps + k * ss, is);
                } while (ao_walk_next(&w, run));
            }
        }
        if (++x == p->nidx && t + 1 < hi) {
            x = 0;
            o++;
            oo = view_offset(p->ondim, p->oshape, p->ostrides[0], o);
            os = view_offset(p->ondim, p->oshape, p->ostrides[1], o);
        }
    }
}

int ao_index_run(const void *plan, char *const *data, int nthreads)
{
    const ao_index_plan *p = (const ao_index_plan *)plan;
    err_set = 0;
    const int fill = p && p->mode == AO_INDEX_FILL;
    if (!p || !data || !data[0] || !data[1] || (!data[2] && p->repeats <= 0 && !fill) || p->nidx <= 0 ||
        p->bound < 0 ||
        p->xndim < 1 || p->xndim > AO_MAX_DIMS || p->ondim < 0 || p->ondim > AO_MAX_DIMS ||
        p->indim < 0 || p->indim > AO_MAX_DIMS || p->itemsize <= 0 ||
        (p->repeats <= 0 && !fill && p->index_dtype != AO_DT_INT32 && p->index_dtype != AO_DT_INT64) ||
        (p->repeats > 0 && p->mode != AO_INDEX_GATHER) ||
        (p->mode != AO_INDEX_GATHER && p->mode != AO_INDEX_SCATTER && !fill) ||
        (fill && (p->repeats > 0 || p->itemsize > (int)sizeof(p->value))) ||
        (p->mode != AO_INDEX_GATHER && (p->cndim < 1 || p->cndim > AO_MAX_DIMS)) ||
        (p->mode == AO_INDEX_SCATTER && !data[3]))
        return -1;
    /* a fill's self is data[1], its indices follow the plan struct, its source is the value */
    const char *self = fill ? data[1] : data[3];
    const int64_t *fidx = fill ? (const int64_t *)(const void *)(p + 1) : NULL;
    int64_t *pos = (int64_t *)malloc((size_t)p->nidx * 2 * sizeof(int64_t));
    if (!pos)
        return -1;
    int64_t *xoff = pos + p->nidx;
    /* 1. every index read and checked: nothing is written past a bad one */
    const char *ix = data[2];
    for (int64_t x = 0; x < p->nidx; x++) {
        int64_t v;
        if (p->repeats > 0) {
            v = x / p->repeats;
        } else if (fill) {
            v = fidx[x];
        } else {
            const int64_t off = view_offset(p->xndim, p->xshape, p->xstrides[0], x);
            v = p->index_dtype == AO_DT_INT64 ? ((const int64_t *)ix)[off] : ((const int32_t *)ix)[off];
        }
        const int64_t given = v;
        if (v < 0 && p->wrap)
            v += p->bound;
        if (v < 0 || v >= p->bound) {
            err_pos = x;
            err_value = given;
            err_bound = p->bound;
            err_set = 1;
            free(pos);
            return AO_INDEX_ERR_RANGE;
        }
        pos[x] = v;
        xoff[x] = fill ? 0 : view_offset(p->xndim, p->xshape, p->xstrides[1], x);
    }
    unsigned char *skip = NULL;
    if (p->mode != AO_INDEX_GATHER) {
        /* 2. out = self where out is not self (the out-of-place form, the overlap path) */
        if (data[0] != self || memcmp(p->cstrides[0], p->cstrides[1], sizeof(int64_t) * p->cndim) != 0) {
            int rc = ao_strided_copy(p->cndim, p->cshape, p->itemsize, data[0], p->cstrides[0], self,
                                     p->cstrides[1], nthreads);
            if (rc != 0) {
                free(pos);
                return rc;
            }
        }
        /* 3. duplicates: the last index in C order writes its slice, the others none */
        int64_t *last = (int64_t *)malloc((size_t)(p->bound > 0 ? p->bound : 1) * sizeof(int64_t));
        skip = (unsigned char *)malloc((size_t)p->nidx);
        if (!last || !skip) {
            free(last);
            free(skip);
            free(pos);
            return -1;
        }
        for (int64_t b = 0; b < p->bound; b++)
            last[b] = -1;
        for (int64_t x = 0; x < p->nidx; x++)
            last[pos[x]] = x;
        for (int64_t x = 0; x < p->nidx; x++)
            skip[x] = last[pos[x]] != x;
        free(last);
    }
    int64_t outer = 1, inner = 1;
    for (int d = 0; d < p->ondim; d++)
        outer *= p->oshape[d];
    for (int d = 0; d < p->indim; d++)
        inner *= p->ishape[d];
    int contiguous = p->indim == 0 ||
        (p->indim == 1 && p->istrides[0][0] == 1 && p->istrides[1][0] == 1);
    index_job job;
    job.p = p;
    job.out = data[0];
    job.src = fill ? (const char *)p->value : data[1];   /* a fill reads the value: every src stride 0 */
    job.pos = pos;
    job.xoff = xoff;
    job.skip = skip;
    job.inner = inner;
    job.contiguous = contiguous;
    job.total = outer * p->nidx;
    /* chunks of about 32 KiB moved, at least one slice */
    int64_t bytes = inner * p->itemsize;
    job.per = bytes >= 32768 ? 1 : 32768 / (bytes > 0 ? bytes : 1);
    const int64_t nchunks = job.total > 0 ? (job.total + job.per - 1) / job.per : 0;
    int nt = ao_effective_threads(nthreads);
    if (nchunks < 2)
        nt = 1;
    if (nchunks > 0 && inner > 0)
        ao_parallel_for(nchunks, nt, index_chunk, &job);
    free(skip);
    free(pos);
    return 0;
}
