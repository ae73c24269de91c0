/* The axis-reduction driver (plan_fn.h's ao_axis_plan): walks the row space on the
 * engine's worker pool (ao_parallel_ranges) and runs the plan's kernel once per row.
 * Rows are independent and a row's sums run in one fixed order (axis_kernels.h), so
 * the result does not depend on the thread count. */
#include <stdlib.h>
#include <string.h>

#include "axis_kernels.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

/* The kernels: one entry per kind of norm (their row functions: src/norm.c), then the
 * arithmetic reductions and the scan (src/reduce.c). */
static const ao_axis_kernel ao_axis_kernels[] = {
    /* yOut, rstdOut <- x, gamma */
    {.name = "rms_norm", .nout = 2, .nin = 2, .row = ao_rms_norm_row},
    /* yOut, rstdOut, xOut <- x1, x2, gamma */
    {.name = "add_rms_norm", .nout = 3, .nin = 3, .row = ao_add_rms_norm_row},
    /* out, mean, rstd <- x, weight, bias (LayerNorm; GroupNorm per group) */
    {.name = "layer_norm", .nout = 3, .nin = 3, .row = ao_layer_norm_row, .rows = ao_layer_norm_rows},
    /* out <- self (attrs: p) */
    {.name = "lp_norm", .nout = 1, .nin = 1, .row = ao_lp_norm_row, .rows = ao_lp_norm_rows},
    /* out <- self (attrs: the compute dtype; src/reduce.c) */
    {.name = "sum", .nout = 1, .nin = 1, .row = ao_sum_row, .rows = ao_sum_rows,
     .part = ao_sum_part, .finish = ao_sum_finish, .any_dtype = 1},
    {.name = "mean", .nout = 1, .nin = 1, .row = ao_mean_row, .rows = ao_mean_rows,
     .part = ao_mean_part, .finish = ao_mean_finish, .any_dtype = 1},
    {.name = "argmax", .nout = 1, .nin = 1, .row = ao_argmax_row, .any_dtype = 1},
    {.name = "cumsum", .nout = 1, .nin = 1, .row = ao_cumsum_row, .rows = ao_cumsum_rows, .any_dtype = 1},
    /* out (INT64 indices) <- self (attrs: descending); src/sort.c */
    {.name = "argsort", .nout = 1, .nin = 1, .row = ao_argsort_row, .any_dtype = 1},
};
enum { AO_NAXIS_KERNELS = sizeof ao_axis_kernels / sizeof ao_axis_kernels[0] };

int ao_axis_kernel_find(const char *name)
{
    for (int k = 0; name && k < AO_NAXIS_KERNELS; k++)
        if (!strcmp(ao_axis_kernels[k].name, name))
            return k;
    return -1;
}

int ao_axis_kernel_inputs(int kernel)
{
    return kernel >= 0 && kernel < AO_NAXIS_KERNELS ? ao_axis_kernels[kernel].nin : -1;
}

int ao_axis_kernel_outputs(int kernel)
{
    return kernel >= 0 && kernel < AO_NAXIS_KERNELS ? ao_axis_kernels[kernel].nout : -1;
}

int ao_axis_dtype_ok(int dtype)
{
    return dtype == AO_DT_FLOAT || dtype == AO_DT_FLOAT16 || dtype == AO_DT_BF16;
}

int ao_axis_kernel_dtype_ok(int kernel, int dtype)
{
    if (kernel < 0 || kernel >= AO_NAXIS_KERNELS)
        return 0;
    if (ao_axis_kernels[kernel].any_dtype)
        return ao_dtype_class(dtype) != AO_DTC_NONE;
    return ao_axis_dtype_ok(dtype);
}

double ao_axis_lanes(const double *acc)
{
    double t[AO_NM_LANES];
    for (int l = 0; l < AO_NM_LANES; l++)
        t[l] = acc[l];
    for (int w = AO_NM_LANES / 2; w >= 1; w /= 2)
        for (int l = 0; l < w; l++)
            t[l] += t[l + w];
    return t[0];
}

int ao_axis_sum_rows(const ao_axis_plan *p, int k, const char *x, int64_t nr, const ao_norm_math *m, int sq,
                     const double *c, int64_t chunk, double *res)
{
    const int dt = p->dtype[k];
    if (!m->sum_rows || p->indim != 1 || p->istrides[k][0] != 1 || p->ondim < 1 ||
        (dt != AO_DT_FLOAT && dt != AO_DT_FLOAT16 && dt != AO_DT_BF16))
        return 0;
    const int64_t isz = ao_dtype_itemsize(dt), rs = p->ostrides[k][p->ondim - 1] * isz;
    double acc[AO_NM_ROWS][AO_NM_LANES], tot[AO_NM_ROWS][AO_NM_LANES];
    if (sq == AO_NM_GROUPED && p->n <= chunk) {   /* rows one after another: all in one call */
        m->sum_rows(NULL, res, x, rs, dt, (int)nr, p->n, sq, NULL);
        return 1;
    }
    for (int64_t g = 0; g < nr; g += AO_NM_ROWS) {
        const int nk = nr - g < AO_NM_ROWS ? (int)(nr - g) : AO_NM_ROWS;
        if (p->n <= chunk) {   /* one chunk: the rows' lanes and tree in registers */
            m->sum_rows(NULL, res + g, x + g * rs, rs, dt, nk, p->n, sq, c ? c + g : NULL);
            continue;
        }
        memset(tot, 0, sizeof tot);
        for (int64_t lo = 0; lo < p->n; lo += chunk) {
            const int64_t cnt = p->n - lo < chunk ? p->n - lo : chunk;
            m->sum_rows(acc, NULL, x + g * rs + lo * isz, rs, dt, nk, cnt, sq, c ? c + g : NULL);
            for (int r = 0; r < nk; r++)
                for (int l = 0; l < AO_NM_LANES; l++)
                    tot[r][l] = lo ? tot[r][l] + acc[r][l] : acc[r][l];
        }
        for (int r = 0; r < nk; r++)
            res[g + r] = ao_axis_lanes(tot[r]);
    }
    return 1;
}

/* Unit-stride runs of 16-bit operands convert with the ISA region's array conversions
 * (the elementwise engine's: F16C where the region has it), others element by element. */
void ao_axis_load(const ao_axis_plan *p, int k, const char *base, int64_t lo, int64_t cnt, float *dst)
{
    const int dt = p->dtype[k];
    const ao_isa_impl *isa = ao_isa_current();
    AO_AX_WALK(p, k, lo, cnt, {
        if (dt == AO_DT_FLOAT && step == 1)
            memcpy(dst + i0, (const float *)base + off, (size_t)run * sizeof(float));
        else if (dt == AO_DT_FLOAT16 && step == 1)
            isa->f16_to_f32(dst + i0, (const uint16_t *)base + off, run);
        else if (dt == AO_DT_BF16 && step == 1)
            isa->bf16_to_f32(dst + i0, (const uint16_t *)base + off, run);
        else
            for (int64_t i = 0; i < run; i++)
                dst[i0 + i] = ao_s_load_f32(dt, base, off + i * step);
    });
}

void ao_axis_store(const ao_axis_plan *p, int k, char *base, int64_t lo, int64_t cnt, const float *src)
{
    const int dt = p->dtype[k];
    const ao_isa_impl *isa = ao_isa_current();
    AO_AX_WALK(p, k, lo, cnt, {
        if (dt == AO_DT_FLOAT && step == 1)
            memcpy((float *)base + off, src + i0, (size_t)run * sizeof(float));
        else if (dt == AO_DT_FLOAT16 && step == 1)
            isa->f32_to_f16((uint16_t *)base + off, src + i0, run);
        else if (dt == AO_DT_BF16 && step == 1)
            isa->f32_to_bf16((uint16_t *)base + off, src + i0, run);
        else
            for (int64_t i = 0; i < run; i++)
                ao_s_store_f32(dt, base, off + i * step, src[i0 + i]);
    });
}

static inline int ao_ax_direct(const ao_axis_plan *p, int k)
{
    return p->dtype[k] == AO_DT_FLOAT && p->indim == 1 && p->istrides[k][0] == 1;
}

const float *ao_axis_view(const ao_axis_plan *p, int k, const char *base, int64_t lo, int64_t cnt, float *buf)
{
    if (ao_ax_direct(p, k))
        return (const float *)base + lo;
    ao_axis_load(p, k, base, lo, cnt, buf);
    return buf;
}

float *ao_axis_dst(const ao_axis_plan *p, int k, char *base, int64_t lo, float *buf)
{
    return ao_ax_direct(p, k) ? (float *)base + lo : buf;
}

void ao_axis_commit(const ao_axis_plan *p, int k, char *base, int64_t lo, int64_t cnt, const float *dst,
                    const float *buf)
{
    if (dst == buf)
        ao_axis_store(p, k, base, lo, cnt, buf);
}

void ao_axis_put(const ao_axis_plan *p, int k, char *base, double v)
{
    switch (p->dtype[k]) {
    case AO_DT_FLOAT16: *(uint16_t *)base = ao_s_f64_to_f16(v); break;
    case AO_DT_BF16: *(uint16_t *)base = ao_s_f32_to_bf16((float)v); break;
    default: *(float *)base = (float)v;
    }
}

typedef struct ao_axis_job {
    const ao_axis_plan *p;
    const ao_axis_kernel *kern;
    const ao_norm_math *m;
    char *data[AO_AXIS_MAX_OPERANDS];   /* per logical operand, NULL: not given */
    int64_t isz[AO_AXIS_MAX_OPERANDS];
} ao_axis_job;

static void ao_axis_rows(void *arg, int64_t lo, int64_t hi)
{
    const ao_axis_job *j = (const ao_axis_job *)arg;
    const ao_axis_plan *p = j->p;
    char *base[AO_AXIS_MAX_OPERANDS];
    float scratch[4 * AO_AX_BLOCK] __attribute__((aligned(64)));
    for (int64_t r = lo; r < hi;) {
        for (int k = 0; k < p->nops; k++)
            base[k] = j->data[k] ? j->data[k] + ao_walk_offset(p->ondim, p->oshape, p->ostrides[k], r) * j->isz[k]
                                 : NULL;
        if (j->kern->rows && p->ondim > 0) {
            /* neighbours along the row space's innermost dim, at most AO_AX_NR of them */
            const int64_t inner = p->oshape[p->ondim - 1];
            int64_t nr = inner - r % inner;
            nr = nr < hi - r ? nr : hi - r;
            nr = nr < AO_AX_NR ? nr : AO_AX_NR;
            if (nr > 1 && j->kern->rows(p, base, nr, j->m)) {
                r += nr;
                continue;
            }
        }
        j->kern->row(p, base, j->m, scratch);
        r++;
    }
}

/* One long row's chunks on the worker pool (ao_axis_kernel.part). */
typedef struct ao_axis_parts_job {
    const ao_axis_job *j;
    char *const *base;
    double *lanes;      /* AO_NM_LANES per chunk */
} ao_axis_parts_job;

static void ao_axis_parts(void *arg, int64_t lo, int64_t hi)
{
    const ao_axis_parts_job *pj = (const ao_axis_parts_job *)arg;
    const ao_axis_plan *p = pj->j->p;
    float scratch[4 * AO_AX_BLOCK];
    for (int64_t c = lo; c < hi; c++) {
        const int64_t start = c * AO_AX_CHUNK, cnt = p->n - start < AO_AX_CHUNK ? p->n - start : AO_AX_CHUNK;
        pj->j->kern->part(p, pj->base, start, cnt, pj->j->m, scratch, pj->lanes + c * AO_NM_LANES);
    }
}

/* Rows fewer than threads, each of several chunks: each row's chunks in parallel, added
 * in chunk order. Returns 0 where the kernel has no such path (or no memory). */
static int ao_axis_run_parts(const ao_axis_job *job, int nt)
{
    const ao_axis_plan *p = job->p;
    const int64_t nchunks = (p->n + AO_AX_CHUNK - 1) / AO_AX_CHUNK;
    char *base[AO_AXIS_MAX_OPERANDS];
    for (int k = 0; k < p->nops; k++)
        base[k] = job->data[k];
    if (!job->kern->part || !job->kern->part(p, base, 0, 0, job->m, NULL, NULL))
        return 0;
    double *lanes = (double *)malloc((size_t)nchunks * AO_NM_LANES * sizeof(double));
    if (!lanes)
        return 0;
    for (int64_t r = 0; r < p->rows; r++) {
        for (int k = 0; k < p->nops; k++)
            base[k] = job->data[k] ? job->data[k] + ao_walk_offset(p->ondim, p->oshape, p->ostrides[k], r) * job->isz[k]
                                   : NULL;
        ao_axis_parts_job pj = {job, base, lanes};
        ao_parallel_ranges(nchunks, nt, 1, ao_axis_parts, &pj);
        for (int64_t c = 1; c < nchunks; c++)
            for (int l = 0; l < AO_NM_LANES; l++)
                lanes[l] += lanes[c * AO_NM_LANES + l];
        job->kern->finish(p, base, lanes);
    }
    free(lanes);
    return 1;
}

int ao_axis_run(const void *plan, char *const *data, int nthreads)
{
    const ao_axis_plan *p = (const ao_axis_plan *)plan;
    if (!p || !data || p->kernel < 0 || p->kernel >= AO_NAXIS_KERNELS || p->ondim < 0 ||
        p->ondim > AO_MAX_DIMS || p->indim < 1 || p->indim > AO_MAX_DIMS || p->rows <= 0 || p->n < 0)
        return -1;
    const ao_axis_kernel *kern = &ao_axis_kernels[p->kernel];
    if (p->nops != kern->nin + kern->nout || p->nops > AO_AXIS_MAX_OPERANDS)
        return -1;
    int64_t rows = 1, n = 1;
    for (int d = 0; d < p->ondim; d++)
        rows *= p->oshape[d];
    for (int d = 0; d < p->indim; d++)
        n *= p->ishape[d];
    if (rows != p->rows || n != p->n)
        return -1;
    ao_axis_job job;
    memset(&job, 0, sizeof job);
    job.p = p;
    job.kern = kern;
    job.m = ao_norm_math_current();
    for (int k = 0; k < p->nops; k++) {
        if (p->slot[k] < 0)
            continue;
        if (!ao_axis_kernel_dtype_ok(p->kernel, p->dtype[k]) || !data[p->slot[k]])
            return -1;
        job.data[k] = data[p->slot[k]];
        job.isz[k] = ao_dtype_itemsize(p->dtype[k]);
    }
    int nt = ao_effective_threads(nthreads);
    /* Few or short rows: threads cost more than they save. */
    if (p->rows < 2 || p->rows * p->n < 32768)
        nt = 1;
    if (nt > 1 && p->rows < nt && p->n >= 2 * AO_AX_CHUNK && ao_axis_run_parts(&job, nt))
        return 0;
    ao_parallel_ranges(p->rows, nt, 1, ao_axis_rows, &job);
    return 0;
}
