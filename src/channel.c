/* Channel reductions (plan_fn.h's ao_chan_plan): one pass over the full shape writes an
 * elementwise result and accumulates a per-element term into its channel's sum (the sum
 * over every dim but dim 1), on the engine's worker pool. PreluBackward
 * (hicann/ops-nn activation/p_relu_grad_update, aclnn_prelu_backward.cpp: CANN's
 * PReluGradUpdate writes gradInput and the per-element update, PReluGradReduce sums the
 * update per channel): operands 0 gradInput, 1 gradWeight, 2 gradOutput, 3 self, 4 weight
 *     gradInput  = self > 0 ? gradOutput : weight[c] * gradOutput
 *     gradWeight[c] = sum over the channel's elements of (self > 0 ? 0 : gradOutput * self)
 * (torch.ops.aten._prelu_kernel_backward, then its sum over the other dims). fp32
 * products, double sums; 16-bit values widened on load and rounded once on store (a
 * bfloat16 sum through float32: twice, within 1 ulp).
 * Determinism: each (channel, chunk of AO_CHAN_CHUNK elements in the walk's order) is
 * one work item summing into its own slot; the slots are added in order afterwards, so
 * the thread count changes nothing. The slots are the kernel's own scratch (malloc):
 * C * chunks doubles. */
#include <stdlib.h>
#include <string.h>

#include "plan_fn.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

enum { AO_CHAN_CHUNK = 16384 };

static inline float ao_ch_load(int dt, const char *b, int64_t i)
{
    switch (dt) {
    case AO_DT_FLOAT16: return ao_s_f16_to_f32(((const uint16_t *)b)[i]);
    case AO_DT_BF16: return ao_s_bf16_to_f32(((const uint16_t *)b)[i]);
    default: return ((const float *)b)[i];
    }
}

static inline void ao_ch_store(int dt, char *b, int64_t i, double v)
{
    switch (dt) {
    case AO_DT_FLOAT16: ((uint16_t *)b)[i] = ao_s_f64_to_f16(v); break;
    case AO_DT_BF16: ((uint16_t *)b)[i] = ao_s_f32_to_bf16((float)v); break;
    default: ((float *)b)[i] = (float)v;
    }
}

/* One work item's elements [lo, hi) of channel c: gradInput written, the update summed. */
typedef double (*ao_chan_fn)(const ao_chan_plan *p, char *const *data, const int64_t *isz, int64_t c,
                             int64_t lo, int64_t hi);

static double ao_prelu_backward_part(const ao_chan_plan *p, char *const *data, const int64_t *isz, int64_t c,
                                     int64_t lo, int64_t hi)
{
    char *gi = data[0] + c * p->cstride[0] * isz[0];
    const char *dy = data[2] + c * p->cstride[2] * isz[2];
    const char *x = data[3] + c * p->cstride[3] * isz[3];
    const float w = ao_ch_load(p->dtype[4], data[4], c * p->cstride[4]);
    const int d0 = p->dtype[0], d2 = p->dtype[2], d3 = p->dtype[3];
    double acc = 0.0;
    if (p->ndim == 0) {             /* one element per channel */
        const float g = ao_ch_load(d2, dy, 0), v = ao_ch_load(d3, x, 0);
        ao_ch_store(d0, gi, 0, v > 0.0f ? g : w * g);
        return v > 0.0f ? 0.0 : (double)(g * v);
    }
    const int nd = p->ndim;
    const int64_t *st[3] = {p->strides[0], p->strides[2], p->strides[3]};
    ao_walker wk;
    ao_walk_init(&wk, nd, p->shape, 3, st, lo, hi);
    int64_t run;
    do {
        run = ao_walk_run(&wk);
        const int64_t s0 = st[0][nd - 1], s2 = st[1][nd - 1], s3 = st[2][nd - 1];
        for (int64_t i = 0; i < run; i++) {
            const float g = ao_ch_load(d2, dy, wk.off[1] + i * s2), v = ao_ch_load(d3, x, wk.off[2] + i * s3);
            ao_ch_store(d0, gi, wk.off[0] + i * s0, v > 0.0f ? g : w * g);
            acc += v > 0.0f ? 0.0 : (double)(g * v);
        }
    } while (ao_walk_next(&wk, run));
    return acc;
}

typedef struct ao_chan_kernel {
    const char *name;
    int nin;
    ao_chan_fn part;
} ao_chan_kernel;

static const ao_chan_kernel ao_chan_kernels[] = {
    {"prelu_backward", 3, ao_prelu_backward_part},
};
enum { AO_NCHAN_KERNELS = sizeof ao_chan_kernels / sizeof ao_chan_kernels[0] };

int ao_chan_kernel_find(const char *name)
{
    for (int k = 0; name && k < AO_NCHAN_KERNELS; k++)
        if (!strcmp(ao_chan_kernels[k].name, name))
            return k;
    return -1;
}

int ao_chan_kernel_arity(int kernel)
{
    return kernel >= 0 && kernel < AO_NCHAN_KERNELS ? ao_chan_kernels[kernel].nin : -1;
}

typedef struct ao_chan_job {
    const ao_chan_plan *p;
    const ao_chan_kernel *k;
    char *const *data;
    int64_t isz[AO_CHAN_MAX_OPERANDS];
    int64_t m, nchunk;
    double *part;
} ao_chan_job;

static void ao_chan_item(void *arg, int64_t t)
{
    const ao_chan_job *j = (const ao_chan_job *)arg;
    const int64_t c = t / j->nchunk, k = t % j->nchunk;
    const int64_t lo = k * AO_CHAN_CHUNK, hi = lo + AO_CHAN_CHUNK < j->m ? lo + AO_CHAN_CHUNK : j->m;
    j->part[t] = j->k->part(j->p, j->data, j->isz, c, lo, hi);
}

int ao_chan_run(const void *plan, char *const *data, int nthreads)
{
    const ao_chan_plan *p = (const ao_chan_plan *)plan;
    if (!p || !data || p->kernel < 0 || p->kernel >= AO_NCHAN_KERNELS || p->ndim < 0 || p->ndim > AO_MAX_DIMS ||
        p->channels < 1)
        return -1;
    const ao_chan_kernel *kern = &ao_chan_kernels[p->kernel];
    if (p->nops != kern->nin + 2 || p->nops > AO_CHAN_MAX_OPERANDS)
        return -1;
    int64_t m = 1;
    for (int d = 0; d < p->ndim; d++) {
        if (p->shape[d] < 0)
            return -1;
        m *= p->shape[d];       /* 0: an empty input, every channel's sum is 0 */
    }
    ao_chan_job job;
    memset(&job, 0, sizeof job);
    for (int k = 0; k < p->nops; k++) {
        if (!ao_ew_dtype_ok(p->dtype[k]) || !data[k])
            return -1;
        job.isz[k] = ao_dtype_itemsize(p->dtype[k]);
    }
    job.p = p;
    job.k = kern;
    job.data = data;
    job.m = m;
    job.nchunk = (m + AO_CHAN_CHUNK - 1) / AO_CHAN_CHUNK;
    const int64_t items = p->channels * job.nchunk;
    job.part = (double *)malloc((size_t)(items > 0 ? items : 1) * sizeof(double));
    if (!job.part)
        return -1;
    /* few elements: threads cost more than they save */
    const int nt = p->channels * m < 32768 ? 1 : ao_effective_threads(nthreads);
    if (items > 0)
        ao_parallel_for(items, nt, ao_chan_item, &job);
    for (int64_t c = 0; c < p->channels; c++) {
        double s = 0.0;
        for (int64_t k = 0; k < job.nchunk; k++)
            s += job.part[c * job.nchunk + k];
        ao_ch_store(p->dtype[1], data[1], c * p->cstride[1], s);
    }
    free(job.part);
    return 0;
}
