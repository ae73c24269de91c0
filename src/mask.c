/* ascendops: ops whose value depends on the element's position over the last two dims
 * (ascendops/_mask.pxi MaskOp: aclnnTril, aclnnTriu): out[..., i, j] = self[..., i, j] where
 * the position is kept, else zero bits. The kept columns of row i are one range [lo, hi):
 *   AO_MASK_LOWER (Tril): j - i <= diagonal, [0, i + diagonal + 1);
 *   AO_MASK_UPPER (Triu): j - i >= diagonal, [i + diagonal, cols).
 * Elements are copied as bytes (out has self's dtype), so every dtype of any itemsize runs.
 * Rows are split over the engine's worker pool. An exact alias (in place) is safe: each
 * element is read before it is written, at the same address. */
#include <stdint.h>
#include <string.h>
#include "ao_internal.h"
#include "plan_fn.h"

typedef struct ao_mask_job {
    const ao_mask_plan *p;
    char *out;
    const char *in;
    int64_t chunk;
} ao_mask_job;

static inline int64_t ao_clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void ao_mask_rows(void *arg, int64_t c)
{
    const ao_mask_job *jb = (const ao_mask_job *)arg;
    const ao_mask_plan *p = jb->p;
    const int64_t total = p->batch * p->rows;
    const int64_t lo_r = c * jb->chunk, hi_r = lo_r + jb->chunk < total ? lo_r + jb->chunk : total;
    const int64_t is = p->itemsize, C = p->cols;
    const int64_t co = p->cstride[0] * is, ci = p->cstride[1] * is;
    for (int64_t r = lo_r; r < hi_r; r++) {
        int64_t b = r / p->rows, i = r % p->rows;
        int64_t oo = i * p->rstride[0], oi = i * p->rstride[1];
        for (int q = p->nbatch - 1; q >= 0; q--) {
            const int64_t k = b % p->bshape[q];
            b /= p->bshape[q];
            oo += k * p->bstrides[0][q];
            oi += k * p->bstrides[1][q];
        }
        char *po = jb->out + oo * is;
        const char *pi = jb->in + oi * is;
        /* diagonal is int64: i + diagonal saturates rather than wraps */
        int64_t edge;
        if (__builtin_add_overflow(i, p->diagonal, &edge))
            edge = p->diagonal > 0 ? INT64_MAX : INT64_MIN;
        int64_t lo, hi;
        if (p->kind == AO_MASK_LOWER) {
            lo = 0;
            hi = edge >= C ? C : ao_clamp64(edge + 1, 0, C);
        } else {
            lo = ao_clamp64(edge, 0, C);
            hi = C;
        }
        if (co == is && ci == is) {
            if (lo > 0)
                memset(po, 0, (size_t)(lo * is));
            if (hi > lo && po != pi)
                memmove(po + lo * is, pi + lo * is, (size_t)((hi - lo) * is));
            if (hi < C)
                memset(po + hi * is, 0, (size_t)((C - (hi > lo ? hi : lo)) * is));
        } else {
            for (int64_t j = 0; j < C; j++) {
                if (j >= lo && j < hi)
                    memmove(po + j * co, pi + j * ci, (size_t)is);
                else
                    memset(po + j * co, 0, (size_t)is);
            }
        }
    }
}

int ao_mask_run(const void *plan, char *const *data, int nthreads)
{
    const ao_mask_plan *p = (const ao_mask_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || p->itemsize <= 0 || p->nbatch < 0 || p->nbatch > AO_MAX_DIMS ||
        p->rows <= 0 || p->cols <= 0 || p->batch <= 0 || (p->kind != AO_MASK_LOWER && p->kind != AO_MASK_UPPER))
        return -1;
    const int64_t total = p->batch * p->rows;
    /* about 64 KiB of elements per chunk */
    int64_t per = (65536 / p->itemsize) / p->cols;
    if (per < 1)
        per = 1;
    const int64_t nchunks = (total + per - 1) / per;
    int nt = ao_effective_threads(nthreads);
    if (nchunks < 2)
        nt = 1;
    ao_mask_job job = {p, data[0], data[1], per};
    ao_parallel_for(nchunks, nt, ao_mask_rows, &job);
    return 0;
}
