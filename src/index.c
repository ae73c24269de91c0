/* Gathers and scatters along one dim (plan_fn.h ao_index_plan): GatherV2, IndexSelect,
 * InplaceIndexCopy. The bytes of each element are copied, never converted: any dtype,
 * bit-exact (NaN payloads kept). Every index is read and checked before the first
 * write, so a bad one leaves the output untouched. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plan_fn.h"
#include "ao_internal.h"
#include "copy_runs.h"

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

/* Element offset of row-major position i (< the view's size) of a (shape, strides) view. */
static inline int64_t view_offset(int ndim, const int64_t *shape, const int64_t *strides, int64_t i)
{
    if (ndim <= 1)
        return ndim ? i * strides[0] : 0;     /* (no division: the usual coalesced outer dims) */
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
    /* a gather's fast rows (skip NULL): */
    const int64_t *soff;    /* per index: the byte offset of its slice in a src row (pos * dstride) */
    int64_t xstep;          /* xoff[x] == x * xstep for every x (else 0: no element rows) */
    ao_copy_runs_fn copy;   /* contiguous slices: the region's run copy */
} index_job;

/* One element per index (a gather along the innermost dim): out's row of the index space
 * at a fixed step, each element read at its index's offset in the src row; the element
 * size picked once per row, the contiguous row's loop unrolled by four (memcpy of a fixed
 * size: one move, at any alignment). */
#define AO_GATHER_ROW(T)                                                        \
    {                                                                           \
        int64_t i = 0;                                                          \
        T a, b, c, e;                                                           \
        if (step == 1) {                                                        \
            for (; i + 4 <= n; i += 4) {                                        \
                memcpy(&a, src + soff[i], sizeof(T));                           \
                memcpy(&b, src + soff[i + 1], sizeof(T));                       \
                memcpy(&c, src + soff[i + 2], sizeof(T));                       \
                memcpy(&e, src + soff[i + 3], sizeof(T));                       \
                memcpy(dst + i * sizeof(T), &a, sizeof(T));                     \
                memcpy(dst + (i + 1) * sizeof(T), &b, sizeof(T));               \
                memcpy(dst + (i + 2) * sizeof(T), &c, sizeof(T));               \
                memcpy(dst + (i + 3) * sizeof(T), &e, sizeof(T));               \
            }                                                                   \
        }                                                                       \
        for (; i < n; i++) {                                                    \
            memcpy(&a, src + soff[i], sizeof(T));                               \
            memcpy(dst + i * step * (int64_t)sizeof(T), &a, sizeof(T));         \
        }                                                                       \
        return;                                                                 \
    }

static __attribute__((noinline)) void gather_elem_row(char *restrict dst, const char *restrict src,
                                                      const int64_t *restrict soff, int64_t step, int is,
                                                      int64_t n)
{
    switch (is) {
    case 1: AO_GATHER_ROW(uint8_t)
    case 2: AO_GATHER_ROW(uint16_t)
    case 4: AO_GATHER_ROW(uint32_t)
    case 8: AO_GATHER_ROW(uint64_t)
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + i * step * is, src + soff[i], (size_t)is);
    }
}
#undef AO_GATHER_ROW

/* The general (outer, index) pair: its inner slice copied (gather) or scattered. */
static void index_pair(const index_job *j, int64_t oo, int64_t os, int64_t x)
{
    const ao_index_plan *p = j->p;
    const int is = p->itemsize;
    const int64_t *const ist[2] = {p->istrides[0], p->istrides[1]};
    char *dst;
    const char *src;
    if (j->soff) {      /* a gather */
        dst = j->out + (oo + j->xoff[x]) * is;
        src = j->src + os * is + j->soff[x];
    } else {
        dst = j->out + (oo + j->pos[x] * p->dstride) * is;
        src = j->src + (os + j->xoff[x]) * is;
    }
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

/* Indices [x0, x1) of outer position (oo, os) (element offsets in out and src). */
static void index_row(const index_job *j, int64_t oo, int64_t os, int64_t x0, int64_t x1)
{
    const ao_index_plan *p = j->p;
    const int is = p->itemsize;
    if (j->soff && j->inner == 1 && j->xstep) {
        gather_elem_row(j->out + (oo + x0 * j->xstep) * is, j->src + os * is, j->soff + x0, j->xstep, is, x1 - x0);
        return;
    }
    if (j->soff && j->contiguous) {
        const int64_t bytes = j->inner * is;
        char *dst = j->out + oo * is;
        const char *src = j->src + os * is;
        if (bytes >= AO_CR_MEMCPY_MIN) {      /* (the run copy's own choice, without its call) */
            for (int64_t x = x0; x < x1; x++)
                memcpy(dst + j->xoff[x] * is, src + j->soff[x], (size_t)bytes);
        } else {
            for (int64_t x = x0; x < x1; x++)
                j->copy(dst + j->xoff[x] * is, 0, src + j->soff[x], 0, bytes, 1);
        }
        return;
    }
    for (int64_t x = x0; x < x1; x++)
        if (!(j->skip && j->skip[x]))
            index_pair(j, oo, os, x);
}

static void index_chunk(void *arg, int64_t c)
{
    const index_job *j = (const index_job *)arg;
    const ao_index_plan *p = j->p;
    int64_t t = c * j->per, hi = t + j->per < j->total ? t + j->per : j->total;
    int64_t o = t / p->nidx, x = t % p->nidx;
    while (t < hi) {
        const int64_t oo = view_offset(p->ondim, p->oshape, p->ostrides[0], o);
        const int64_t os = view_offset(p->ondim, p->oshape, p->ostrides[1], o);
        const int64_t xe = hi - t < p->nidx - x ? x + (hi - t) : p->nidx;
        index_row(j, oo, os, x, xe);
        t += xe - x;
        x = 0;
        o++;
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
    /* 1. every index read and checked: nothing is written past a bad one. The index space
     * is walked by a counter (its offsets in the index tensor and in the per-index operand
     * carried from one index to the next: no division per index). */
    const char *ix = data[2];
    const int gather = p->mode == AO_INDEX_GATHER;
    const int64_t scale = p->dstride * p->itemsize;
    int scaled = 0;     /* pos holds a gather's byte offsets (the 1-d index pass below) */
    if (gather && !fill && p->repeats <= 0 && p->xndim == 1) {
        /* a 1-d index: one branch-free pass that checks, wraps and scales every index to its
         * slice's byte offset; where one is out of range the general pass below finds and
         * reports the first */
        const int64_t ist = p->xstrides[0][0], xst = p->xstrides[1][0], b = p->bound;
        const int64_t add = p->wrap ? b : 0;
        uint64_t bad = 0;
#define AO_INDEX_PASS(T)                                                            \
        {                                                                           \
            const T *iv = (const T *)(const void *)ix;                              \
            for (int64_t x = 0; x < p->nidx; x++) {                                 \
                int64_t v = (int64_t)iv[x * ist];                                   \
                v += v < 0 ? add : 0;                                               \
                bad |= (uint64_t)v >= (uint64_t)b;                                  \
                pos[x] = (int64_t)((uint64_t)v * (uint64_t)scale);                  \
                xoff[x] = x * xst;                                                  \
            }                                                                       \
        }
        if (p->index_dtype == AO_DT_INT64)
            AO_INDEX_PASS(int64_t)
        else
            AO_INDEX_PASS(int32_t)
#undef AO_INDEX_PASS
        scaled = !bad;
    }
    int64_t cnt[AO_MAX_DIMS] = {0};
    int64_t ioff = 0, xo = 0, rep_v = 0, rep_k = 0;
    const int xl = p->xndim - 1;
    for (int64_t x = 0; x < p->nidx && !scaled; x++) {
        int64_t v;
        if (p->repeats > 0) {
            v = rep_v;      /* x / repeats */
            if (++rep_k == p->repeats) {
                rep_k = 0;
                rep_v++;
            }
        } else if (fill) {
            v = fidx[x];
        } else {
            v = p->index_dtype == AO_DT_INT64 ? ((const int64_t *)ix)[ioff] : ((const int32_t *)ix)[ioff];
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
        xoff[x] = fill ? 0 : xo;
        /* the next index's position in the index space */
        int d = xl;
        cnt[d]++;
        ioff += p->xstrides[0][d];
        xo += p->xstrides[1][d];
        while (d > 0 && cnt[d] == p->xshape[d]) {
            ioff -= cnt[d] * p->xstrides[0][d];
            xo -= cnt[d] * p->xstrides[1][d];
            cnt[d] = 0;
            d--;
            cnt[d]++;
            ioff += p->xstrides[0][d];
            xo += p->xstrides[1][d];
        }
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
    job.soff = NULL;
    job.xstep = 0;
    job.copy = ao_copy_fns_current().runs;
    if (gather) {
        /* a gather reads index x's slice at pos[x] * dstride of a src row: as bytes, in place */
        if (!scaled)
            for (int64_t x = 0; x < p->nidx; x++)
                pos[x] *= scale;
        job.soff = pos;
        job.pos = NULL;
        const int64_t step = p->nidx > 1 ? xoff[1] : 1;
        job.xstep = step;
        for (int64_t x = 0; x < p->nidx && job.xstep && !scaled; x++)     /* (the 1-d pass's: x * step) */
            if (xoff[x] != x * step)
                job.xstep = 0;
    }
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
