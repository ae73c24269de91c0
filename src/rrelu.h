/* RReluWithNoise's kernel (ascendops/_elementwise.pxi RReluWithNoiseOp; CANN: ops-nn
 * activation/leaky_relu/op_api/aclnn_rrelu_with_noise.cpp). Not a table kernel of
 * src/ops/: element i needs its own index (its random number depends on seed, offset
 * and i alone) and writes a second tensor, `noise`, whose shape may differ from self's
 * (its first numel(self) elements in row-major order are written). Included by the
 * Cython core only (static functions), run through the plan_fn.h interface on the
 * engine's worker pool.
 *
 * Element i (row-major over self's shape), x = self[i] in fp32:
 *   training: u = Philox uniform of i (philox.h), r = u * upper - (u * lower - lower)
 *             (CANN's Muls/Sub/Muls/Sub on FLOAT, ops other than Ascend910B's DSA
 *             unit), slope = x < 0 ? r rounded to the dtype : 1 (Less, Cast, SelectV2),
 *             noise[i] = slope, out[i] = x * slope rounded once (Mul);
 *   inference: out[i] = x > 0 ? x : x * slope (LeakyRelu, slope = (lower + upper) / 2
 *             in FLOAT); noise untouched. */
#ifndef ASCENDOPS_RRELU_H
#define ASCENDOPS_RRELU_H

#include <stdint.h>
#include <stdlib.h>
#include "ao_internal.h"
#include "dtypes.h"
#include "philox.h"
#include "scalar_cvt.h"

typedef struct ao_rrelu_plan {
    int dtype;                          /* self's, out's and noise's: FLOAT, FLOAT16, BF16 */
    int training;
    int ndim;                           /* self's coalesced row-major dims (>= 1) */
    int64_t numel;                      /* > 0 */
    int64_t shape[AO_MAX_DIMS];
    int64_t strides[2][AO_MAX_DIMS];    /* element strides: [0] out, [1] self */
    int noise_ndim;                     /* noise's coalesced row-major dims (>= 1) */
    int64_t noise_shape[AO_MAX_DIMS];
    int64_t noise_strides[AO_MAX_DIMS];
    float lower, upper, slope;
    uint64_t seed, offset;
} ao_rrelu_plan;

static inline float ao_rrelu_load(int dt, const char *p)
{
    if (dt == AO_DT_FLOAT16)
        return ao_s_f16_to_f32(*(const uint16_t *)p);
    if (dt == AO_DT_BF16)
        return ao_s_bf16_to_f32(*(const uint16_t *)p);
    return *(const float *)p;
}

/* v rounded to the dtype (once) and stored */
static inline void ao_rrelu_store(int dt, char *p, float v)
{
    if (dt == AO_DT_FLOAT16)
        *(uint16_t *)p = ao_s_f64_to_f16((double)v);
    else if (dt == AO_DT_BF16)
        *(uint16_t *)p = ao_s_f32_to_bf16(v);
    else
        *(float *)p = v;
}

/* v rounded to the dtype, as fp32 (the slope CANN casts to self's dtype before Mul) */
static inline float ao_rrelu_round(int dt, float v)
{
    if (dt == AO_DT_FLOAT16)
        return ao_s_f16_to_f32(ao_s_f64_to_f16((double)v));
    if (dt == AO_DT_BF16)
        return ao_s_bf16_to_f32(ao_s_f32_to_bf16(v));
    return v;
}

typedef struct ao_rrelu_job {
    const ao_rrelu_plan *p;
    char *const *data;                  /* [0] out, [1] self, [2] noise */
    float *slopes, *outs;               /* staged mode (noise overlaps self or out): the results */
} ao_rrelu_job;

/* Element i's random slope (training): CANN's Muls/Sub/Muls/Sub on FLOAT. */
static inline float ao_rrelu_random(const ao_rrelu_plan *p, int64_t i, uint32_t block[4], uint64_t *have)
{
    if ((uint64_t)i / 4 != *have) {
        *have = (uint64_t)i / 4;
        ao_philox_block(p->seed, p->offset, *have, block);
    }
    const float u = ao_philox_uniform(block[i & 3]);
    float r = u * p->lower;
    r = r - p->lower;
    return u * p->upper - r;
}

static void ao_rrelu_range(void *arg, int64_t lo, int64_t hi)
{
    const ao_rrelu_job *j = (const ao_rrelu_job *)arg;
    const ao_rrelu_plan *p = j->p;
    const int dt = p->dtype, is = ao_dtype_itemsize(dt), last = p->ndim - 1;
    const int64_t *const st[2] = {p->strides[0], p->strides[1]};
    char *out = j->data[0];
    const char *self = j->data[1];
    ao_walker w;
    ao_walk_init(&w, p->ndim, p->shape, 2, st, lo, hi);
    int64_t i = lo, run;
    if (!p->training) {
        do {
            run = ao_walk_run(&w);
            for (int64_t k = 0; k < run; k++) {
                const float x = ao_rrelu_load(dt, self + (w.off[1] + k * st[1][last]) * is);
                const float n = x * p->slope;
                ao_rrelu_store(dt, out + (w.off[0] + k * st[0][last]) * is, x > 0.0f ? x : n);
            }
        } while (ao_walk_next(&w, run));
        return;
    }
    uint32_t block[4];
    uint64_t have = UINT64_MAX;         /* the Philox block held in `block` */
    if (j->slopes) {                    /* staged: results only, written by the passes below */
        do {
            run = ao_walk_run(&w);
            for (int64_t k = 0; k < run; k++, i++) {
                const float r = ao_rrelu_random(p, i, block, &have);
                const float x = ao_rrelu_load(dt, self + (w.off[1] + k * st[1][last]) * is);
                const float slope = x < 0.0f ? ao_rrelu_round(dt, r) : 1.0f;
                j->slopes[i] = slope;
                j->outs[i] = x * slope;
            }
        } while (ao_walk_next(&w, run));
        return;
    }
    /* noise: its own row-major walk over its shape, from the same linear index */
    char *noise = j->data[2];
    const int64_t *const nst[1] = {p->noise_strides};
    const int nlast = p->noise_ndim - 1;
    ao_walker wn;
    ao_walk_init(&wn, p->noise_ndim, p->noise_shape, 1, nst, lo, hi);
    int64_t nrun = ao_walk_run(&wn), nk = 0;
    do {
        run = ao_walk_run(&w);
        for (int64_t k = 0; k < run; k++, i++) {
            const float r = ao_rrelu_random(p, i, block, &have);
            const float x = ao_rrelu_load(dt, self + (w.off[1] + k * st[1][last]) * is);
            const float slope = x < 0.0f ? ao_rrelu_round(dt, r) : 1.0f;
            if (nk == nrun) {
                ao_walk_next(&wn, nrun);
                nrun = ao_walk_run(&wn);
                nk = 0;
            }
            ao_rrelu_store(dt, noise + (wn.off[0] + nk * p->noise_strides[nlast]) * is, slope);
            nk++;
            ao_rrelu_store(dt, out + (w.off[0] + k * st[0][last]) * is, x * slope);
        }
    } while (ao_walk_next(&w, run));
}

/* Staged mode's stores: values[i] into operand `which` (0 out, 2 noise) at row-major i. */
typedef struct ao_rrelu_store_job {
    const ao_rrelu_plan *p;
    char *base;
    const float *values;
    int noise;
} ao_rrelu_store_job;

static void ao_rrelu_store_range(void *arg, int64_t lo, int64_t hi)
{
    const ao_rrelu_store_job *j = (const ao_rrelu_store_job *)arg;
    const ao_rrelu_plan *p = j->p;
    const int dt = p->dtype, is = ao_dtype_itemsize(dt);
    const int nd = j->noise ? p->noise_ndim : p->ndim;
    const int64_t *shape = j->noise ? p->noise_shape : p->shape;
    const int64_t *const st[1] = {j->noise ? p->noise_strides : p->strides[0]};
    ao_walker w;
    ao_walk_init(&w, nd, shape, 1, st, lo, hi);
    int64_t i = lo, run;
    do {
        run = ao_walk_run(&w);
        for (int64_t k = 0; k < run; k++, i++)
            ao_rrelu_store(dt, j->base + (w.off[0] + k * st[0][nd - 1]) * is, j->values[i]);
    } while (ao_walk_next(&w, run));
}

/* Byte range [lo, hi) of a view. */
static inline void ao_rrelu_bytes(const char *base, int nd, const int64_t *shape, const int64_t *st, int is,
                                  uintptr_t *lo, uintptr_t *hi)
{
    int64_t a = 0, b = 0;
    for (int d = 0; d < nd; d++) {
        const int64_t span = (shape[d] - 1) * st[d];
        if (span < 0)
            a += span;
        else
            b += span;
    }
    *lo = (uintptr_t)(base + a * is);
    *hi = (uintptr_t)(base + (b + 1) * is);
}

/* plan_fn.h's interface: data[0] out, data[1] self, data[2] noise. */
static int ao_rrelu_run(const void *plan, char *const *data, int nthreads)
{
    const ao_rrelu_plan *p = (const ao_rrelu_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || (p->training && !data[2]) || p->numel <= 0 ||
        p->ndim < 1 || p->ndim > AO_MAX_DIMS || p->noise_ndim < 1 || p->noise_ndim > AO_MAX_DIMS ||
        !(p->dtype == AO_DT_FLOAT || p->dtype == AO_DT_FLOAT16 || p->dtype == AO_DT_BF16))
        return -1;
    ao_rrelu_job job = {p, data, NULL, NULL};
    const int is = ao_dtype_itemsize(p->dtype);
    int staged = 0;
    if (p->training) {
        /* noise sharing memory with self or out: CANN computes both results before its
         * ViewCopy into noise, then out's; so do we, through two buffers */
        uintptr_t nlo, nhi, lo, hi;
        ao_rrelu_bytes(data[2], p->noise_ndim, p->noise_shape, p->noise_strides, is, &nlo, &nhi);
        for (int k = 0; k < 2 && !staged; k++) {
            ao_rrelu_bytes(data[k], p->ndim, p->shape, p->strides[k], is, &lo, &hi);
            staged = lo < nhi && nlo < hi;
        }
    }
    if (staged) {
        job.slopes = (float *)malloc((size_t)p->numel * sizeof(float));
        job.outs = (float *)malloc((size_t)p->numel * sizeof(float));
        if (!job.slopes || !job.outs) {
            free(job.slopes);
            free(job.outs);
            return -1;
        }
    }
    /* parts of >= 16384 elements on the engine's pool; every element's result depends on
     * its index alone, so the split (and the thread count) cannot change it */
    ao_parallel_ranges(p->numel, nthreads, 16384, ao_rrelu_range, &job);
    if (staged) {
        ao_rrelu_store_job sn = {p, data[2], job.slopes, 1}, so = {p, data[0], job.outs, 0};
        ao_parallel_ranges(p->numel, nthreads, 16384, ao_rrelu_store_range, &sn);
        ao_parallel_ranges(p->numel, nthreads, 16384, ao_rrelu_store_range, &so);
        free(job.slopes);
        free(job.outs);
    }
    return 0;
}

#endif
