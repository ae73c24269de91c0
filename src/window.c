/* Windowed ops (plan_fn.h ao_win_plan): Im2col, AvgPool2d, MaxPool, UpsampleNearest2d.
 * A thread takes a range of output rows (n, c, oh) and, per input row a window of the
 * row reads, converts that row once into an fp32 buffer padded on both sides (0, or
 * -inf for MAX), so the inner loops run over the output columns without bounds checks:
 * acc[ow] += row[ow * sw + j * dw] (gcc vectorises them where sw == 1). 16-bit results
 * are rounded once from the fp32 value. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ao_internal.h"
#include "plan_fn.h"
#include "scalar_cvt.h"

typedef struct ao_win_job {
    const ao_win_plan *p;
    char *out;
    const char *x;
    int64_t wb;                         /* padded row buffer width */
    volatile int failed;                /* a range found no memory for its buffers */
} ao_win_job;

/* Input row ih of plane (n, c) into buf[pw .. pw + W), the rest of [0, wb) `pad`. */
static void ao_win_load_row(const ao_win_plan *p, const char *x, int64_t n, int64_t c, int64_t ih,
                            float *buf, int64_t wb, float pad)
{
    const int64_t W = p->W, sw = p->xs[3];
    const int64_t base = n * p->xs[0] + c * p->xs[1] + ih * p->xs[2];
    const ao_isa_impl *impl = ao_isa_current();
    float *dst = buf + p->pw;
    for (int64_t k = 0; k < p->pw; k++)
        buf[k] = pad;
    for (int64_t k = p->pw + W; k < wb; k++)
        buf[k] = pad;
    if (sw == 1) {
        switch (p->dtype_in) {
        case AO_DT_FLOAT16:
            impl->f16_to_f32(dst, (const uint16_t *)x + base, W);
            return;
        case AO_DT_BF16:
            impl->bf16_to_f32(dst, (const uint16_t *)x + base, W);
            return;
        default:
            memcpy(dst, (const float *)x + base, (size_t)W * sizeof(float));
            return;
        }
    }
    for (int64_t k = 0; k < W; k++)
        dst[k] = ao_s_load_f32(p->dtype_in, x, base + k * sw);
}

/* n fp32 values to out at element offset `at`, `step` apart, rounded once. */
static void ao_win_store(int dt, char *out, int64_t at, int64_t step, const float *v, int64_t n)
{
    if (step == 1) {
        const ao_isa_impl *impl = ao_isa_current();
        switch (dt) {
        case AO_DT_FLOAT16:
            impl->f32_to_f16((uint16_t *)out + at, v, n);
            return;
        case AO_DT_BF16:
            impl->f32_to_bf16((uint16_t *)out + at, v, n);
            return;
        default:
            memcpy((float *)out + at, v, (size_t)n * sizeof(float));
            return;
        }
    }
    for (int64_t k = 0; k < n; k++)
        ao_s_store_f32(dt, out, at + k * step, v[k]);
}

/* AVG's divisor count along one dim for output index o (torch's and CANN's rule). */
static int64_t ao_win_count(int64_t o, int64_t s, int64_t pad, int64_t k, int64_t d, int64_t size,
                            int64_t end, int include_pad)
{
    int64_t lo = o * s - pad, hi = lo + (k - 1) * d + 1;
    if (hi > end)
        hi = end;
    if (include_pad)
        return hi - lo;
    if (lo < 0)
        lo = 0;
    if (hi > size)
        hi = size;
    return hi > lo ? hi - lo : 0;
}

static void ao_win_rows(void *arg, int64_t lo, int64_t hi)
{
    ao_win_job *j = (ao_win_job *)arg;
    const ao_win_plan *p = j->p;
    const int64_t OW = p->OW, OH = p->OH, wb = j->wb;
    float *buf = (float *)malloc((size_t)(wb + 2 * OW) * sizeof(float));
    if (buf == NULL) {
        j->failed = 1;
        return;
    }
    float *acc = buf + wb, *tmp = acc + OW;
    for (int64_t r = lo; r < hi; r++) {
        const int64_t plane = r / OH, oh = r % OH, n = plane / p->C, c = plane % p->C;
        if (p->mode == AO_WIN_IM2COL && p->dtype_in == p->dtype_out) {
            /* one dtype: the elements' bits, zero bits for padding (any dtype) */
            const int sz = ao_dtype_itemsize(p->dtype_in);
            for (int64_t i = 0; i < p->kh; i++) {
                const int64_t ih = oh * p->sh - p->ph + i * p->dh;
                const int inside = ih >= 0 && ih < p->H;
                const char *src = j->x + (n * p->xs[0] + c * p->xs[1] + (inside ? ih : 0) * p->xs[2]) * sz;
                for (int64_t q = 0; q < p->kw; q++) {
                    char *dst = j->out + (n * p->os[0] + c * p->os[1] + i * p->os[2] + q * p->os[3]
                                          + oh * OW * p->os[5]) * sz;
                    for (int64_t ow = 0; ow < OW; ow++) {
                        const int64_t iw = ow * p->sw - p->pw + q * p->dw;
                        char *d = dst + ow * p->os[5] * sz;
                        if (inside && iw >= 0 && iw < p->W)
                            memcpy(d, src + iw * p->xs[3] * sz, (size_t)sz);
                        else
                            memset(d, 0, (size_t)sz);
                    }
                }
            }
            continue;
        }
        if (p->mode == AO_WIN_IM2COL) {
            const int64_t obase = n * p->os[0] + c * p->os[1] + oh * OW * p->os[5];
            for (int64_t i = 0; i < p->kh; i++) {
                const int64_t ih = oh * p->sh - p->ph + i * p->dh;
                const int inside = ih >= 0 && ih < p->H;
                if (inside)
                    ao_win_load_row(p, j->x, n, c, ih, buf, wb, 0.0f);
                for (int64_t q = 0; q < p->kw; q++) {
                    const float *src = buf + q * p->dw;
                    if (inside) {
                        if (p->sw == 1)
                            memcpy(tmp, src, (size_t)OW * sizeof(float));
                        else
                            for (int64_t ow = 0; ow < OW; ow++)
                                tmp[ow] = src[ow * p->sw];
                    } else {
                        memset(tmp, 0, (size_t)OW * sizeof(float));
                    }
                    ao_win_store(p->dtype_out, j->out, obase + i * p->os[2] + q * p->os[3], p->os[5], tmp, OW);
                }
            }
            continue;
        }
        const int64_t obase = n * p->os[0] + c * p->os[1] + oh * p->os[2];
        if (p->mode == AO_WIN_AVG || p->mode == AO_WIN_MAX) {
            const int is_max = p->mode == AO_WIN_MAX;
            const float init = is_max ? -INFINITY : 0.0f;
            for (int64_t ow = 0; ow < OW; ow++)
                acc[ow] = init;
            for (int64_t i = 0; i < p->kh; i++) {
                const int64_t ih = oh * p->sh - p->ph + i * p->dh;
                if (ih < 0 || ih >= p->H)
                    continue;
                ao_win_load_row(p, j->x, n, c, ih, buf, wb, init);
                for (int64_t q = 0; q < p->kw; q++) {
                    const float *src = buf + q * p->dw;
                    if (is_max) {
                        if (p->sw == 1) {
                            for (int64_t ow = 0; ow < OW; ow++) {
                                const float v = src[ow], m = acc[ow];
                                acc[ow] = (v > m || v != v) ? v : m;
                            }
                        } else {
                            for (int64_t ow = 0; ow < OW; ow++) {
                                const float v = src[ow * p->sw], m = acc[ow];
                                acc[ow] = (v > m || v != v) ? v : m;
                            }
                        }
                    } else if (p->sw == 1) {
                        for (int64_t ow = 0; ow < OW; ow++)
                            acc[ow] += src[ow];
                    } else {
                        for (int64_t ow = 0; ow < OW; ow++)
                            acc[ow] += src[ow * p->sw];
                    }
                }
            }
            if (!is_max) {
                const int64_t ch = p->divisor != 0 ? 1
                    : ao_win_count(oh, p->sh, p->ph, p->kh, p->dh, p->H, p->he, p->count_include_pad);
                for (int64_t ow = 0; ow < OW; ow++) {
                    const int64_t d = p->divisor != 0 ? p->divisor
                        : ch * ao_win_count(ow, p->sw, p->pw, p->kw, p->dw, p->W, p->we, p->count_include_pad);
                    acc[ow] = acc[ow] / (float)d;
                }
            }
            ao_win_store(p->dtype_out, j->out, obase, p->os[3], acc, OW);
            continue;
        }
        /* NEAREST: a copy of the bits */
        {
            const int sz = ao_dtype_itemsize(p->dtype_in);
            int64_t ih = (int64_t)floorf((float)oh * p->scale_h);
            if (ih > p->H - 1)
                ih = p->H - 1;
            const char *src = j->x + (n * p->xs[0] + c * p->xs[1] + ih * p->xs[2]) * sz;
            char *dst = j->out + obase * sz;
            for (int64_t ow = 0; ow < OW; ow++) {
                int64_t iw = (int64_t)floorf((float)ow * p->scale_w);
                if (iw > p->W - 1)
                    iw = p->W - 1;
                memcpy(dst + ow * p->os[3] * sz, src + iw * p->xs[3] * sz, (size_t)sz);
            }
        }
    }
    free(buf);
}

int ao_win_run(const void *plan, char *const *data, int nthreads)
{
    const ao_win_plan *p = (const ao_win_plan *)plan;
    if (p == NULL || p->mode < AO_WIN_IM2COL || p->mode > AO_WIN_NEAREST || p->N <= 0 || p->C <= 0
        || p->H <= 0 || p->W <= 0 || p->OH <= 0 || p->OW <= 0)
        return -1;
    if (p->mode != AO_WIN_NEAREST) {
        if (p->kh <= 0 || p->kw <= 0 || p->sh <= 0 || p->sw <= 0 || p->dh <= 0 || p->dw <= 0 || p->ph < 0
            || p->pw < 0)
            return -1;
        if ((p->mode != AO_WIN_IM2COL || p->dtype_in != p->dtype_out)
            && (!ao_axis_dtype_ok(p->dtype_in) || !ao_axis_dtype_ok(p->dtype_out)))
            return -1;
    }
    /* the padded row: every column a window reads, and the whole input row */
    int64_t wb = (p->OW - 1) * p->sw + (p->kw - 1) * p->dw + 1;
    if (wb < p->pw + p->W)
        wb = p->pw + p->W;
    ao_win_job job = {p, data[0], data[1], wb, 0};
    const int64_t rows = p->N * p->C * p->OH;
    const int64_t work = p->OW * (p->mode == AO_WIN_NEAREST ? 1 : p->kh * p->kw);
    int64_t min_rows = work > 0 ? (16384 + work - 1) / work : 1;
    if (min_rows < 1)
        min_rows = 1;
    ao_parallel_ranges(rows, ao_effective_threads(nthreads), min_rows, ao_win_rows, &job);
    return job.failed ? -1 : 0;
}
