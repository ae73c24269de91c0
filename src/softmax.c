/* SoftmaxBackward kernel: out = dy * y - sum_dim(dy * y) * y.
 *
 * The dispatcher (ascendops/_reduce.pxi) removes the reduced dim from the iteration
 * space: each "row" is one index of the other dims, and holds n elements at
 * rstride[k] apart in operand k. Rows are independent: the engine's worker pool
 * (ao_parallel_ranges) splits them across threads. Each row is read twice (the sum, then the result), straight from the
 * operands' strides: no scratch memory, so the op needs no workspace. Element i of
 * a row is read before element i of out is written, so out may alias an input
 * exactly (same address and strides). */
#include <stdint.h>

#include "plan_fn.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

static inline float ao_sm_load(int dt, const char *base, int64_t i)
{
    switch (dt) {
    case AO_DT_FLOAT16: return ao_s_f16_to_f32(((const uint16_t *)base)[i]);
    case AO_DT_BF16: return ao_s_bf16_to_f32(((const uint16_t *)base)[i]);
    default: return ((const float *)base)[i];
    }
}

static inline void ao_sm_store(int dt, char *base, int64_t i, float v)
{
    switch (dt) {
    case AO_DT_FLOAT16: ((uint16_t *)base)[i] = ao_s_f64_to_f16((double)v); break;
    case AO_DT_BF16: ((uint16_t *)base)[i] = ao_s_f32_to_bf16(v); break;
    default: ((float *)base)[i] = v;
    }
}

static int ao_sm_dtype_ok(int dt)
{
    return dt == AO_DT_FLOAT || dt == AO_DT_FLOAT16 || dt == AO_DT_BF16;
}

static void ao_sm_row(const ao_softmax_bw_plan *p, char *out, const char *dy, const char *y)
{
    const int64_t n = p->n, s0 = p->rstride[0], s1 = p->rstride[1], s2 = p->rstride[2];
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    double sum = 0.0;
    if (d1 == AO_DT_FLOAT && d2 == AO_DT_FLOAT) {
        const float *a = (const float *)dy, *b = (const float *)y;
        for (int64_t i = 0; i < n; i++)
            sum += (double)(a[i * s1] * b[i * s2]);
    } else {
        for (int64_t i = 0; i < n; i++)
            sum += (double)(ao_sm_load(d1, dy, i * s1) * ao_sm_load(d2, y, i * s2));
    }
    const float fs = (float)sum;
    if (d0 == AO_DT_FLOAT && d1 == AO_DT_FLOAT && d2 == AO_DT_FLOAT) {
        float *o = (float *)out;
        const float *a = (const float *)dy, *b = (const float *)y;
        for (int64_t i = 0; i < n; i++) {
            float yi = b[i * s2];
            o[i * s0] = a[i * s1] * yi - fs * yi;
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            float yi = ao_sm_load(d2, y, i * s2);
            ao_sm_store(d0, out, i * s0, ao_sm_load(d1, dy, i * s1) * yi - fs * yi);
        }
    }
}

/* A row whose three operands are contiguous (every rstride 1): the row goes through
 * L1 blocks of fp32, converted with the ISA region's array conversions (kernels.c),
 * and the sum runs on AO_SM_ACC independent double accumulators that gcc vectorizes.
 * Why: ao_sm_row converts element by element (float16 stores through
 * ao_s_f64_to_f16: frexp and rint, libm calls) and adds into one double, a chain of
 * one add latency per element; n=1e6 as (1000, 1000), Zen 4, 1 thread: float16 31
 * ms, float32 2.5 ms, against torch's 0.7 and 0.5. The sum's rounding differs from
 * the single chain's in the last bits of a double, far below the float result's
 * (the same float in all but rare ties). NaNs keep ao_sm_row's bits: a row whose sum
 * is NaN is redone by ao_sm_row, and a block with a NaN result is stored by
 * ao_sm_store (a float16 NaN through F16C would keep its payload). Returns 0 when
 * the row is not contiguous. In place (out aliases an input exactly) each block's
 * inputs are read, or converted, before its outputs are written. */
enum { AO_SM_CHUNK = 512, AO_SM_ACC = 8 };

/* m elements of dtype dt at src as fp32: src itself for float32 (no copy: glibc's
 * memcpy of these 2 KiB blocks took 45% of the row's time on Zen 4), else converted
 * into buf. */
static const float *ao_sm_block_f32(const ao_isa_impl *isa, int dt, const char *src, float *buf,
                                    int64_t m)
{
    if (dt == AO_DT_FLOAT16)
        isa->f16_to_f32(buf, (const uint16_t *)src, m);
    else if (dt == AO_DT_BF16)
        isa->bf16_to_f32(buf, (const uint16_t *)src, m);
    else
        return (const float *)src;
    return buf;
}

static int ao_sm_row_contig(const ao_softmax_bw_plan *p, char *out, const char *dy, const char *y)
{
    const int64_t n = p->n;
    if (n > 1 && (p->rstride[0] != 1 || p->rstride[1] != 1 || p->rstride[2] != 1))
        return 0;
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    const int64_t z0 = d0 == AO_DT_FLOAT ? 4 : 2, z1 = d1 == AO_DT_FLOAT ? 4 : 2, z2 = d2 == AO_DT_FLOAT ? 4 : 2;
    const ao_isa_impl *isa = ao_isa_current();
    float abuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    float bbuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    float obuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    double acc[AO_SM_ACC] = {0};
    for (int64_t c = 0; c < n; c += AO_SM_CHUNK) {
        const int64_t m = n - c < AO_SM_CHUNK ? n - c : AO_SM_CHUNK;
        const float *a = ao_sm_block_f32(isa, d1, dy + c * z1, abuf, m);
        const float *b = ao_sm_block_f32(isa, d2, y + c * z2, bbuf, m);
        int64_t j = 0;
        for (; j + AO_SM_ACC <= m; j += AO_SM_ACC)
            for (int k = 0; k < AO_SM_ACC; k++)
                acc[k] += (double)(a[j + k] * b[j + k]);
        for (; j < m; j++)
            acc[j % AO_SM_ACC] += (double)(a[j] * b[j]);
    }
    double sum = 0.0;
    for (int k = 0; k < AO_SM_ACC; k++)
        sum += acc[k];
    if (sum != sum) {
        ao_sm_row(p, out, dy, y);
        return 1;
    }
    const float fs = (float)sum;
    for (int64_t c = 0; c < n; c += AO_SM_CHUNK) {
        const int64_t m = n - c < AO_SM_CHUNK ? n - c : AO_SM_CHUNK;
        const float *a = ao_sm_block_f32(isa, d1, dy + c * z1, abuf, m);
        const float *b = ao_sm_block_f32(isa, d2, y + c * z2, bbuf, m);
        char *o = out + c * z0;
        if (d0 == AO_DT_FLOAT) { /* element j read before it is written: in place is fine */
            float *of = (float *)o;
            for (int64_t j = 0; j < m; j++)
                of[j] = a[j] * b[j] - fs * b[j];
            continue;
        }
        int nan = 0;
        for (int64_t j = 0; j < m; j++) {
            obuf[j] = a[j] * b[j] - fs * b[j];
            nan |= obuf[j] != obuf[j];
        }
        if (nan) {
            for (int64_t j = 0; j < m; j++)
                ao_sm_store(d0, o, j, obuf[j]);
        } else if (d0 == AO_DT_FLOAT16) {
            isa->f32_to_f16((uint16_t *)o, obuf, m);
        } else {
            isa->f32_to_bf16((uint16_t *)o, obuf, m);
        }
    }
    return 1;
}

/* Rows lo..lo+cnt-1 along the innermost row dim (stride cs[k]), the reduced dim
 * outside them in memory (e.g. dim 0 of a C-ordered matrix): walks the reduced dim
 * once for the whole block, reading each line of memory once instead of per row. */
enum { AO_SM_BLOCK = 64 };

static void ao_sm_block(const ao_softmax_bw_plan *p, char *const *base, const int64_t *isz,
                        const int64_t *cs, int64_t cnt)
{
    double sum[AO_SM_BLOCK] = {0};
    float fs[AO_SM_BLOCK];
    for (int64_t i = 0; i < p->n; i++) {
        const char *dy = base[1] + i * p->rstride[1] * isz[1], *y = base[2] + i * p->rstride[2] * isz[2];
        for (int64_t j = 0; j < cnt; j++)
            sum[j] += (double)(ao_sm_load(p->dtype[1], dy, j * cs[1]) * ao_sm_load(p->dtype[2], y, j * cs[2]));
    }
    for (int64_t j = 0; j < cnt; j++)
        fs[j] = (float)sum[j];
    for (int64_t i = 0; i < p->n; i++) {
        char *o = base[0] + i * p->rstride[0] * isz[0];
        const char *dy = base[1] + i * p->rstride[1] * isz[1], *y = base[2] + i * p->rstride[2] * isz[2];
        for (int64_t j = 0; j < cnt; j++) {
            float yi = ao_sm_load(p->dtype[2], y, j * cs[2]);
            ao_sm_store(p->dtype[0], o, j * cs[0], ao_sm_load(p->dtype[1], dy, j * cs[1]) * yi - fs[j] * yi);
        }
    }
}

typedef struct ao_sm_job {
    const ao_softmax_bw_plan *p;
    char *const *data;
    const int64_t *isz;
    int64_t inner, nblk;            /* blocked path */
    const int64_t *cs;
} ao_sm_job;

/* Blocked path: items t in [lo, hi), t = (index of the other dims, block of inner). */
static void ao_sm_blocks(void *arg, int64_t lo, int64_t hi)
{
    const ao_sm_job *j = (const ao_sm_job *)arg;
    const ao_softmax_bw_plan *p = j->p;
    const int nd = p->ndim;
    const int64_t *isz = j->isz, *cs = j->cs;
    for (int64_t t = lo; t < hi; t++) {
        int64_t ob = t / j->nblk, b = t % j->nblk, rem = ob, off[3];
        for (int k = 0; k < 3; k++)
            off[k] = b * AO_SM_BLOCK * cs[k];
        for (int d = nd - 2; d >= 0; d--) {
            int64_t idx = rem % p->shape[d];
            rem /= p->shape[d];
            for (int k = 0; k < 3; k++)
                off[k] += idx * p->strides[k][d];
        }
        char *base[3] = {j->data[0] + off[0] * isz[0], j->data[1] + off[1] * isz[1], j->data[2] + off[2] * isz[2]};
        int64_t cnt = j->inner - b * AO_SM_BLOCK < AO_SM_BLOCK ? j->inner - b * AO_SM_BLOCK : AO_SM_BLOCK;
        ao_sm_block(p, base, isz, cs, cnt);
    }
}

/* Row path: rows [lo, hi). */
static void ao_sm_rows(void *arg, int64_t lo, int64_t hi)
{
    const ao_sm_job *j = (const ao_sm_job *)arg;
    const ao_softmax_bw_plan *p = j->p;
    const int64_t *isz = j->isz;
    for (int64_t r = lo; r < hi; r++) {
        int64_t off[3] = {0, 0, 0}, rem = r;
        for (int d = p->ndim - 1; d >= 0; d--) {
            int64_t idx = rem % p->shape[d];
            rem /= p->shape[d];
            for (int k = 0; k < 3; k++)
                off[k] += idx * p->strides[k][d];
        }
        char *o = j->data[0] + off[0] * isz[0];
        const char *dy = j->data[1] + off[1] * isz[1], *y = j->data[2] + off[2] * isz[2];
        if (!ao_sm_row_contig(p, o, dy, y))
            ao_sm_row(p, o, dy, y);
    }
}

int ao_softmax_backward_run(const void *plan, char *const *data, int nthreads)
{
    const ao_softmax_bw_plan *p = (const ao_softmax_bw_plan *)plan;
    if (!p || !data || p->ndim < 0 || p->ndim > AO_MAX_DIMS || p->rows <= 0 || p->n <= 0)
        return -1;
    for (int k = 0; k < 3; k++)
        if (!ao_sm_dtype_ok(p->dtype[k]) || !data[k])
            return -1;
    const int64_t isz[3] = {p->dtype[0] == AO_DT_FLOAT ? 4 : 2, p->dtype[1] == AO_DT_FLOAT ? 4 : 2,
                            p->dtype[2] == AO_DT_FLOAT ? 4 : 2};
    int nt = ao_effective_threads(nthreads);
    /* Few or short rows: threads cost more than they save. */
    if (p->rows < 2 || p->rows * p->n < 32768)
        nt = 1;
    ao_sm_job job = {p, data, isz, 0, 0, NULL};
    /* Blocked path: the innermost row dim is denser in memory than the reduced dim. */
    const int nd = p->ndim;
    if (nd > 0 && p->shape[nd - 1] > 1 && p->strides[1][nd - 1] < p->rstride[1]) {
        const int64_t inner = p->shape[nd - 1], nblk = (inner + AO_SM_BLOCK - 1) / AO_SM_BLOCK;
        const int64_t outer = p->rows / inner;
        const int64_t cs[3] = {p->strides[0][nd - 1], p->strides[1][nd - 1], p->strides[2][nd - 1]};
        job.inner = inner;
        job.nblk = nblk;
        job.cs = cs;
        ao_parallel_ranges(outer * nblk, nt, 1, ao_sm_blocks, &job);
        return 0;
    }
    ao_parallel_ranges(p->rows, nt, 1, ao_sm_rows, &job);
    return 0;
}
