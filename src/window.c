/* Windowed ops (plan_fn.h ao_win_plan): Im2col, AvgPool2d, MaxPool, UpsampleNearest2d.
 * A thread takes a range of output rows (n, c, oh). The pools (and Im2col into another
 * dtype) convert, per input row a window of the row reads, that row once into an fp32
 * buffer padded on both sides (0, or -inf for MAX), so the inner loops run over the
 * output columns without bounds checks: acc[ow] += row[ow * sw + j * dw] (gcc vectorises
 * them where sw == 1); 16-bit results are rounded once from the fp32 value. Im2col into
 * its own dtype and UpsampleNearest2d copy bits: Im2col each output row as one run of an
 * input row with zeros either side, UpsampleNearest2d through a table of source columns
 * made once per call (an integer upscale broadcasts each element; a row of the previous
 * row's source row is a copy of that row). */
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
    const int64_t *src_col;             /* NEAREST: ow -> the source column's element offset */
    int64_t repeat;                     /* NEAREST: each source column k times in a row (0: no) */
    volatile int failed;                /* a range found no memory for its buffers */
} ao_win_job;

/* n elements of sz bytes from s (step ss elements) to d (step ds); one memcpy where both
 * are contiguous. */
static void ao_win_copy(char *d, int64_t ds, const char *s, int64_t ss, int64_t n, int sz)
{
    if (ds == 1 && ss == 1) {
        memcpy(d, s, (size_t)(n * sz));
        return;
    }
#define AO_WIN_COPY_T(T)                                                                    \
    for (int64_t k = 0; k < n; k++)                                                         \
        ((T *)d)[k * ds] = ((const T *)s)[k * ss];                                          \
    return;
    switch (sz) {
    case 1: AO_WIN_COPY_T(uint8_t)
    case 2: AO_WIN_COPY_T(uint16_t)
    case 4: AO_WIN_COPY_T(uint32_t)
    case 8: AO_WIN_COPY_T(uint64_t)
    default:
        for (int64_t k = 0; k < n; k++)
            memcpy(d + k * ds * sz, s + k * ss * sz, (size_t)sz);
    }
#undef AO_WIN_COPY_T
}

/* n zero elements of sz bytes at d, ds elements apart */
static void ao_win_zero(char *d, int64_t ds, int64_t n, int sz)
{
    if (ds == 1) {
        memset(d, 0, (size_t)(n * sz));
        return;
    }
    for (int64_t k = 0; k < n; k++)
        memset(d + k * ds * sz, 0, (size_t)sz);
}

/* NEAREST's row: d[ow * ds] = s[col[ow]] for ow < n (col: element offsets); where every
 * source element is taken `repeat` times in turn (an integer upscale) and both rows are
 * contiguous, each element broadcast instead. */
static void ao_win_gather(char *d, int64_t ds, const char *s, const int64_t *col, int64_t n, int64_t repeat, int sz)
{
    if (repeat == 1) {
        memcpy(d, s, (size_t)(n * sz));
        return;
    }
#define AO_WIN_GATHER_T(T)                                                                  \
    {                                                                                       \
        T *restrict dt = (T *)d;                                                            \
        const T *restrict st = (const T *)s;                                                \
        if (repeat == 2) {                                                                  \
            for (int64_t k = 0; k < n / 2; k++)                                             \
                dt[2 * k] = dt[2 * k + 1] = st[k];                                          \
        } else if (repeat > 0) {                                                            \
            for (int64_t k = 0; k < n / repeat; k++)                                        \
                for (int64_t r = 0; r < repeat; r++)                                        \
                    dt[k * repeat + r] = st[k];                                             \
        } else if (ds == 1) {                                                               \
            for (int64_t k = 0; k < n; k++)                                                 \
                dt[k] = st[col[k]];                                                         \
        } else {                                                                            \
            for (int64_t k = 0; k < n; k++)                                                 \
                dt[k * ds] = st[col[k]];                                                    \
        }                                                                                   \
        return;                                                                             \
    }
    switch (sz) {
    case 1: AO_WIN_GATHER_T(uint8_t)
    case 2: AO_WIN_GATHER_T(uint16_t)
    case 4: AO_WIN_GATHER_T(uint32_t)
    case 8: AO_WIN_GATHER_T(uint64_t)
    default:
        for (int64_t k = 0; k < n; k++)
            memcpy(d + k * ds * sz, s + col[k] * sz, (size_t)sz);
    }
#undef AO_WIN_GATHER_T
}

/* NEAREST over output rows [lo, hi): a copy of the bits. Row oh reads source row
 * min(floor(oh * scale_h), H - 1), the columns the job's table names; an output row whose
 * source row is the previous output row's is a copy of that row. */
static void ao_win_nearest_rows(const ao_win_job *j, int64_t lo, int64_t hi)
{
    const ao_win_plan *p = j->p;
    const int sz = ao_dtype_itemsize(p->dtype_in);
    const int64_t OW = p->OW, OH = p->OH;
    /* a copy of the previous row where rows are contiguous and apart */
    const int row_copy = p->os[3] == 1 && p->os[2] >= OW;
    int64_t prev_ih = -1;
    for (int64_t r = lo; r < hi; r++) {
        const int64_t plane = r / OH, oh = r % OH, n = plane / p->C, c = plane % p->C;
        int64_t ih = (int64_t)floorf((float)oh * p->scale_h);
        if (ih > p->H - 1)
            ih = p->H - 1;
        char *dst = j->out + (n * p->os[0] + c * p->os[1] + oh * p->os[2]) * sz;
        if (row_copy && oh > 0 && r > lo && ih == prev_ih) {
            memcpy(dst, dst - p->os[2] * sz, (size_t)(OW * sz));
            continue;
        }
        prev_ih = ih;
        const char *src = j->x + (n * p->xs[0] + c * p->xs[1] + ih * p->xs[2]) * sz;
        ao_win_gather(dst, p->os[3], src, j->src_col, OW, j->repeat, sz);
    }
}

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
    if (p->mode == AO_WIN_NEAREST) {
        ao_win_nearest_rows(j, lo, hi);
        return;
    }
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
            /* one dtype: the elements' bits, zero bits for padding (any dtype). Output
             * row (i, q) of window row oh: columns iw = ow * sw - pw + q * dw, those in
             * [0, W) a strided run of input row ih (contiguous where sw is 1), zeros
             * either side of it. */
            const int sz = ao_dtype_itemsize(p->dtype_in);
            for (int64_t i = 0; i < p->kh; i++) {
                const int64_t ih = oh * p->sh - p->ph + i * p->dh;
                const int inside = ih >= 0 && ih < p->H;
                const char *src = j->x + (n * p->xs[0] + c * p->xs[1] + (inside ? ih : 0) * p->xs[2]) * sz;
                for (int64_t q = 0; q < p->kw; q++) {
                    char *dst = j->out + (n * p->os[0] + c * p->os[1] + i * p->os[2] + q * p->os[3]
                                          + oh * OW * p->os[5]) * sz;
                    if (!inside) {
                        ao_win_zero(dst, p->os[5], OW, sz);
                        continue;
                    }
                    /* ow in [a, b): 0 <= ow * sw + d < W */
                    const int64_t d = q * p->dw - p->pw;
                    int64_t a = d < 0 ? (-d + p->sw - 1) / p->sw : 0;
                    int64_t b = p->W - d <= 0 ? 0 : (p->W - d + p->sw - 1) / p->sw;
                    if (b > OW)
                        b = OW;
                    if (a > b)
                        a = b;
                    ao_win_zero(dst, p->os[5], a, sz);
                    ao_win_copy(dst + a * p->os[5] * sz, p->os[5], src + (a * p->sw + d) * p->xs[3] * sz,
                                p->sw * p->xs[3], b - a, sz);
                    ao_win_zero(dst + b * p->os[5] * sz, p->os[5], OW - b, sz);
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
    ao_win_job job = {p, data[0], data[1], wb, NULL, 0, 0};
    int64_t *src_col = NULL;
    if (p->mode == AO_WIN_NEAREST) {
        /* the source column of each output column, once per call: min(floor(ow * scale_w),
         * W - 1), the product in float32 (CANN's kernel, torch's nearest) */
        src_col = (int64_t *)malloc((size_t)p->OW * sizeof(int64_t));
        if (src_col == NULL)
            return -1;
        int64_t repeat = p->OW % p->W == 0 && p->xs[3] == 1 && p->os[3] == 1 ? p->OW / p->W : 0;
        for (int64_t ow = 0; ow < p->OW; ow++) {
            int64_t iw = (int64_t)floorf((float)ow * p->scale_w);
            if (iw > p->W - 1)
                iw = p->W - 1;
            if (repeat > 0 && iw != ow / repeat)
                repeat = 0;
            src_col[ow] = iw * p->xs[3];
        }
        job.src_col = src_col;
        job.repeat = repeat;
    }
    const int64_t rows = p->N * p->C * p->OH;
    const int64_t work = p->OW * (p->mode == AO_WIN_NEAREST ? 1 : p->kh * p->kw);
    int64_t min_rows = work > 0 ? (16384 + work - 1) / work : 1;
    if (min_rows < 1)
        min_rows = 1;
    ao_parallel_ranges(rows, ao_effective_threads(nthreads), min_rows, ao_win_rows, &job);
    free(src_col);
    return job.failed ? -1 : 0;
}
