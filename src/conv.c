/* Convolution (plan_fn.h ao_conv_plan): 1-d (NCL) and 2-d (NCHW) convolutions, transposed
 * or not, grouped (depthwise included), with stride, padding, dilation, outputPadding and
 * an optional bias. Every operand is read or written through its own element strides and
 * dtype (FLOAT, FLOAT16, BFLOAT16); the sums run in float32 (CANN's cube unit accumulates
 * 16-bit inputs in float32 too).
 *
 * The work is cut into tasks of (batch n, group g, block of output channels), run on the
 * engine's worker pool. A task is a matrix product and a layout step around it:
 *   forward:    C[oc][p] = sum_r W[oc][r] * col[r][p],  r = (ic, kh, kw) of the group,
 *               p = an output position; col is the input gathered per (r, p) (im2col,
 *               zero where the window is in the padding);
 *   transposed: C[(oc, kh, kw)][i] = sum_ic Wt[(oc, kh, kw)][ic] * x[ic][i], i = an input
 *               position, then each C element added into the output position
 *               i * stride + k * dilation - pad it lands on (col2im).
 * The product is the engine's (ao_gemm, src/gemm.h: the OpenBLAS numpy ships, or the
 * portable kernel): the packed weight and the im2col panel are its operands. Forward tasks
 * are (batch n, group g, tile of output positions): each gathers its tile once and
 * multiplies it by all of the group's output channels. Transposed tasks stay (n, g, block
 * of output channels), whose col2im adds into their own channels' planes. Each output
 * element's sum over r (or ic) is one product's, whatever the tiles or threads, so the
 * result does not depend on the thread count.
 *
 * Around the product: 16-bit operands are widened and the results rounded by the ISA
 * region's array conversions; a 1x1 window of stride 1 over FLOAT input positions in
 * order is the product's operand where it lies (no im2col), and FLOAT output positions in
 * order are its result where they lie (the bias added there). A group of at most
 * AO_CONV_DOT_MAX output channels or kernel rows is summed by rows in registers
 * (ao_conv_dot: a matrix product's packing costs more than such a product), and a
 * depthwise window (one input channel per group) straight from the input rows
 * (ao_conv_dw), both compiled for each ISA level and chosen at run time. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "plan_fn.h"
#include "ao_internal.h"
#include "scalar_cvt.h"
#include "gemm.h"

/* output positions (forward) / input positions (transposed) per column tile */
#define AO_CONV_TILE 1024
#define AO_CONV_TASKS 8
#define AO_CONV_PANEL (1 << 22)
/* a forward tile's im2col panel (kernel rows x positions) at most this many floats where
 * the tile stays at least AO_CONV_MIN_TILE wide: written, then packed by the product,
 * it is read back from L2 rather than from memory */
#define AO_CONV_L2_PANEL (1 << 17)
#define AO_CONV_MIN_TILE 128
/* a forward product computed by rows (ao_conv_dot) rather than by ao_gemm where the
 * group has at most this many output channels or kernel rows: a product of so few rows
 * or so short a sum is memory traffic and call overhead in a matrix product's packing */
#define AO_CONV_DOT_MAX 4
/* a task of depthwise windows takes groups until it has this many products */
#define AO_CONV_TASK_MACS 8192

#if defined(__x86_64__) || defined(__i386__)
#define AO_CONV_X86 1
#else
#define AO_CONV_X86 0
#endif

typedef struct ao_conv_job {
    const ao_conv_plan *p;
    char *const *data;
    const float *wpack;     /* per group: forward W[cout/g][cin/g * ks], transposed Wt[cout/g * ks][cin/g] */
    int64_t ocb, nblk;      /* output channels (transposed) or positions (forward) per task, tasks per (n, g) */
    int64_t gpt;            /* groups per task (forward depthwise windows: ao_conv_direct), else 1 */
    int direct;             /* ao_conv_direct(p), decided once per run */
    int gemm_threads;       /* the product's threads: all of them when there is one task */
    int failed;
} ao_conv_job;

static inline float ao_conv_ld(int dt, const char *base, int64_t off)
{
    return ao_s_load_f32(dt, base, off);
}

/* dst[0 .. n) = elements off .. off + n - 1 of a FLOAT / FLOAT16 / BFLOAT16 array, as
 * float32 (the ISA region's array conversions: exact) */
static void ao_conv_load_run(int dt, const char *base, int64_t off, float *dst, int64_t n)
{
    if (n <= 0)
        return;
    if (dt == AO_DT_FLOAT)
        memcpy(dst, (const float *)base + off, (size_t)n * sizeof(float));
    else if (dt == AO_DT_FLOAT16)
        ao_isa_current()->f16_to_f32(dst, (const uint16_t *)base + off, n);
    else
        ao_isa_current()->bf16_to_f32(dst, (const uint16_t *)base + off, n);
}

/* elements off, off + st, ... (n of them) of a FLOAT / FLOAT16 / BFLOAT16 array = src
 * rounded once to its dtype (the array conversions round to nearest even, as the scalar
 * store) */
static void ao_conv_store_run(int dt, char *base, int64_t off, int64_t st, const float *src, int64_t n)
{
    if (n <= 0)
        return;
    if (st == 1 && dt == AO_DT_FLOAT)
        memcpy((float *)base + off, src, (size_t)n * sizeof(float));
    else if (st == 1 && dt == AO_DT_FLOAT16)
        ao_isa_current()->f32_to_f16((uint16_t *)base + off, src, n);
    else if (st == 1 && dt == AO_DT_BF16)
        ao_isa_current()->f32_to_bf16((uint16_t *)base + off, src, n);
    else
        for (int64_t r = 0; r < n; r++)
            ao_s_store_f32(dt, base, off + r * st, src[r]);
}

/* Output positions p0 .. p0 + pn - 1 of channel oc in batch n = vals[0 .. pn) + bias,
 * run by run of one output row (a 1-d output is one row of width out_sp[0]); vals is
 * rewritten (the bias added in place) */
static void ao_conv_store_row(const ao_conv_plan *p, char *const *data, int64_t n, int64_t oc, int64_t p0,
                              int64_t pn, float *vals)
{
    const int two = p->sdim == 2;
    const int64_t ow_n = p->out_sp[two];
    if (p->has_bias) {
        const float bias = ao_conv_ld(p->dtype[3], data[3], oc * p->b_stride);
        for (int64_t q = 0; q < pn; q++)
            vals[q] += bias;
    }
    const int64_t base = n * p->out_st[0] + oc * p->out_st[1];
    const int64_t st_h = two ? p->out_st[2] : 0, st_w = p->out_st[2 + two];
    int64_t h = p0 / ow_n, w = p0 - h * ow_n;
    for (int64_t q = 0; q < pn;) {
        const int64_t run = ow_n - w < pn - q ? ow_n - w : pn - q;
        ao_conv_store_run(p->dtype[0], data[0], base + h * st_h + w * st_w, st_w, vals + q, run);
        q += run;
        w = 0;
        h++;
    }
}

/* Output positions p0 .. p0 + pn - 1 of channels oc0 .. oc0 + nc - 1 in batch n (channel
 * c's values at vals + c * pn) + bias, position by position: for an output whose channels
 * are innermost (out_st[1] == 1: llama.cpp's SSM_CONV writes y so), each position's
 * channels are one run of out, where a channel's row would touch a page per position
 * (8192 channels: 32 KiB apart). vals is rewritten (the bias added in place). */
static void ao_conv_store_block(const ao_conv_plan *p, char *const *data, int64_t n, int64_t oc0, int64_t nc,
                                int64_t p0, int64_t pn, float *vals)
{
    const int two = p->sdim == 2;
    const int64_t ow_n = p->out_sp[two];
    const int64_t st_h = two ? p->out_st[2] : 0, st_w = p->out_st[2 + two];
    if (p->has_bias)
        for (int64_t c = 0; c < nc; c++) {
            const float bias = ao_conv_ld(p->dtype[3], data[3], (oc0 + c) * p->b_stride);
            for (int64_t q = 0; q < pn; q++)
                vals[c * pn + q] += bias;
        }
    float run[64];
    for (int64_t q = 0; q < pn; q++) {
        const int64_t pos = p0 + q, h = pos / ow_n, w = pos - h * ow_n;
        const int64_t base = n * p->out_st[0] + oc0 * p->out_st[1] + h * st_h + w * st_w;
        for (int64_t c0 = 0; c0 < nc; c0 += 64) {
            const int64_t m = nc - c0 < 64 ? nc - c0 : 64;
            for (int64_t c = 0; c < m; c++)
                run[c] = vals[(c0 + c) * pn + q];
            ao_conv_store_run(p->dtype[0], data[0], base + c0 * p->out_st[1], p->out_st[1], run, m);
        }
    }
}

/* acc[q] = sum_r w[r] * col[r * ldc + q] (+ bias), q < pn: the sum in r's order, 64
 * positions at a time in registers. One body, compiled for each ISA level (the
 * region chosen at run time, as src/reduce.c's wide loops). */
#define AO_CONV_DOT_BODY                                                                      \
    {                                                                                         \
        int64_t q0 = 0;                                                                       \
        for (; q0 + 64 <= pn; q0 += 64) {                                                     \
            float a[64];                                                                      \
            for (int q = 0; q < 64; q++)                                                      \
                a[q] = 0.0f;                                                                  \
            for (int64_t r = 0; r < kr; r++) {                                                \
                const float wr = w[r], *c = col + r * ldc + q0;                               \
                for (int q = 0; q < 64; q++)                                                  \
                    a[q] += wr * c[q];                                                        \
            }                                                                                 \
            for (int q = 0; q < 64; q++)                                                      \
                acc[q0 + q] = a[q] + bias;                                                    \
        }                                                                                     \
        const int64_t m = pn - q0;                                                            \
        if (m > 0) {                                                                          \
            float a[64];                                                                      \
            for (int64_t q = 0; q < m; q++)                                                   \
                a[q] = 0.0f;                                                                  \
            for (int64_t r = 0; r < kr; r++) {                                                \
                const float wr = w[r], *c = col + r * ldc + q0;                               \
                for (int64_t q = 0; q < m; q++)                                               \
                    a[q] += wr * c[q];                                                        \
            }                                                                                 \
            for (int64_t q = 0; q < m; q++)                                                   \
                acc[q0 + q] = a[q] + bias;                                                    \
        }                                                                                     \
    }

static void ao_conv_dot_base(float *restrict acc, const float *restrict w, const float *restrict col, int64_t kr,
                             int64_t ldc, int64_t pn, float bias)
AO_CONV_DOT_BODY

#if AO_CONV_X86
__attribute__((target("avx2,fma"))) static void ao_conv_dot_avx2(float *restrict acc, const float *restrict w,
                                                                  const float *restrict col, int64_t kr,
                                                                  int64_t ldc, int64_t pn, float bias)
AO_CONV_DOT_BODY

__attribute__((target("avx2,fma,avx512f,avx512vl"))) static void
ao_conv_dot_avx512(float *restrict acc, const float *restrict w, const float *restrict col, int64_t kr, int64_t ldc,
                   int64_t pn, float bias)
AO_CONV_DOT_BODY
#endif

static void ao_conv_dot(float *acc, const float *w, const float *col, int64_t kr, int64_t ldc, int64_t pn, float bias)
{
#if AO_CONV_X86
    const int level = ao_isa_current()->level;
    if (level >= 2)
        return ao_conv_dot_avx512(acc, w, col, kr, ldc, pn, bias);
    if (level == 1)
        return ao_conv_dot_avx2(acc, w, col, kr, ldc, pn, bias);
#endif
    ao_conv_dot_base(acc, w, col, kr, ldc, pn, bias);
}

/* A window over one input channel (cin / groups == 1: depthwise), one run of an output
 * row: a[x] = sum over (kh, kw) in order of w[kh * kw_n + kw] * input row kh's element
 * x * sw + kw * dw + d0 (0 outside [0, iw_n): the padding), x < run. xr[kh] holds the
 * input row of tap kh (float32) from its column xoff on, or is NULL where that row is in
 * the padding. A tap's padded
 * positions add w * 0, so that an infinite or NaN weight gives NaN there as the product
 * over the zero-filled window does. The sum's order is ao_conv_dot's over the im2col rows. */
#define AO_CONV_DW_MAX_KH 16
/* runs of at most this many positions: position by position (a decode step's one) */
#define AO_CONV_DW_SHORT 4
#define AO_CONV_DW_BODY                                                                       \
    {                                                                                         \
        if (run <= AO_CONV_DW_SHORT) {                                                        \
            /* a few positions: each one's taps summed in a register, in the same order */  \
            for (int64_t x = 0; x < run; x++) {                                               \
                float s = 0.0f;                                                               \
                for (int64_t kh = 0; kh < kh_n; kh++)                                         \
                    for (int64_t kw = 0; kw < kw_n; kw++) {                                   \
                        const float wv = w[kh * kw_n + kw], wz = wv * 0.0f;                   \
                        const int64_t i = x * sw + d0 + kw * dw;                              \
                        if (xr[kh] && i >= 0 && i < iw_n)                                     \
                            s += wv * xr[kh][i - xoff];                                       \
                        else if (wz != 0.0f)                                                  \
                            s += wz;                                                          \
                    }                                                                         \
                a[x] = bias != 0.0f ? s + bias : s;                                           \
            }                                                                                 \
            return;                                                                           \
        }                                                                                     \
        for (int64_t x = 0; x < run; x++)                                                     \
            a[x] = 0.0f;                                                                      \
        for (int64_t kh = 0; kh < kh_n; kh++)                                                 \
            for (int64_t kw = 0; kw < kw_n; kw++) {                                           \
                const float wv = w[kh * kw_n + kw], wz = wv * 0.0f;                           \
                const float *x_ = xr[kh];                                                     \
                const int64_t d = d0 + kw * dw;                                               \
                /* (no division at unit stride: a decode step's window is 4 taps of 1) */    \
                int64_t lo = d < 0 ? (sw == 1 ? -d : (-d + sw - 1) / sw) : 0;                 \
                int64_t hi = iw_n - d <= 0 ? 0 : sw == 1 ? iw_n - d : (iw_n - d + sw - 1) / sw; \
                if (hi > run)                                                                 \
                    hi = run;                                                                 \
                if (lo > hi)                                                                  \
                    lo = hi;                                                                  \
                if (!x_)                                                                      \
                    lo = hi = run;                                                            \
                if (wz != 0.0f) {                                                             \
                    for (int64_t x = 0; x < lo; x++)                                          \
                        a[x] += wz;                                                           \
                    for (int64_t x = hi; x < run; x++)                                        \
                        a[x] += wz;                                                           \
                }                                                                             \
                const int64_t e = d - xoff;                                                   \
                if (sw == 1) {                                                                \
                    for (int64_t x = lo; x < hi; x++)                                         \
                        a[x] += wv * x_[x + e];                                               \
                } else {                                                                      \
                    for (int64_t x = lo; x < hi; x++)                                         \
                        a[x] += wv * x_[x * sw + e];                                          \
                }                                                                             \
            }                                                                                 \
        if (bias != 0.0f)                                                                     \
            for (int64_t x = 0; x < run; x++)                                                 \
                a[x] += bias;                                                                 \
    }

#define AO_CONV_DW_ARGS                                                                       \
    float *restrict a, int64_t run, const float *const *xr, const float *restrict w, int64_t kh_n, int64_t kw_n, \
        int64_t sw, int64_t dw, int64_t d0, int64_t iw_n, int64_t xoff, float bias

static void ao_conv_dw_base(AO_CONV_DW_ARGS)
AO_CONV_DW_BODY

#if AO_CONV_X86
__attribute__((target("avx2,fma"))) static void ao_conv_dw_avx2(AO_CONV_DW_ARGS)
AO_CONV_DW_BODY

__attribute__((target("avx2,fma,avx512f,avx512vl"))) static void ao_conv_dw_avx512(AO_CONV_DW_ARGS)
AO_CONV_DW_BODY
#endif

typedef void (*ao_conv_dw_fn)(AO_CONV_DW_ARGS);

/* the ISA region's window sum, picked once per task (not per channel: a decode step's
 * channel is a few taps) */
static ao_conv_dw_fn ao_conv_dw_pick(void)
{
#if AO_CONV_X86
    const int level = ao_isa_current()->level;
    if (level >= 2)
        return ao_conv_dw_avx512;
    if (level == 1)
        return ao_conv_dw_avx2;
#endif
    return ao_conv_dw_base;
}

/* Whether a forward plan's product reads the input where it lies: a 1x1 window of stride
 * 1 and no padding over FLOAT positions laid out in order (row r = input channel ic). */
static int ao_conv_in_place(const ao_conv_plan *p)
{
    const int two = p->sdim == 2;
    const int64_t ks = (two ? p->w_sp[0] : 1) * p->w_sp[two];
    const int64_t ist_h = two ? p->in_st[2] : 0, ist_w = p->in_st[2 + two];
    return p->dtype[1] == AO_DT_FLOAT && ks == 1 && p->stride[0] == 1 && p->stride[two] == 1 && p->pad[0] == 0 &&
           p->pad[two] == 0 && ist_w == 1 && (!two || ist_h == p->in_sp[two]);
}

/* Whether a forward plan's windows are read from the input rows themselves, without an
 * im2col panel (one input channel per group with unit steps along its rows, summed by
 * rows); its tasks may then take several groups (ao_conv_run's gpt). */
static int ao_conv_direct(const ao_conv_plan *p)
{
    const int two = p->sdim == 2;
    const int64_t cig = p->cin / p->groups, cog = p->cout / p->groups;
    const int64_t kh_n = two ? p->w_sp[0] : 1, ks = kh_n * p->w_sp[two];
    const int by_rows = cog <= AO_CONV_DOT_MAX || cig * ks <= AO_CONV_DOT_MAX;
    return !p->transposed && cig == 1 && by_rows && !ao_conv_in_place(p) && kh_n <= AO_CONV_DW_MAX_KH &&
           p->in_st[2 + two] == 1;
}

/* Output positions p0 .. p0 + pn - 1 of every output channel of groups g0 .. g1 - 1 (more
 * than one only for a direct plan: j->direct), batch n. */
static void ao_conv_forward_task(ao_conv_job *j, int64_t n, int64_t g0, int64_t g1, int64_t p0, int64_t pn)
{
    const ao_conv_plan *p = j->p;
    char *const *data = j->data;
    const int two = p->sdim == 2;
    const int64_t cig = p->cin / p->groups, cog = p->cout / p->groups;
    /* a 1-d convolution is a 2-d one of height 1 (its rows r = (ic, k) are the same) */
    const int64_t kh_n = two ? p->w_sp[0] : 1, kw_n = p->w_sp[two], ks = kh_n * kw_n;
    const int64_t ih_n = two ? p->in_sp[0] : 1, iw_n = p->in_sp[two];
    const int64_t ow_n = p->out_sp[two];
    const int64_t sh = two ? p->stride[0] : 1, sw = p->stride[two];
    const int64_t dh = two ? p->dilation[0] : 1, dw = p->dilation[two];
    const int64_t ph = two ? p->pad[0] : 0, pw = p->pad[two];
    const int64_t ist_h = two ? p->in_st[2] : 0, ist_w = p->in_st[2 + two];
    const int64_t kr = cig * ks;
    const int dt_in = p->dtype[1];
    const float *fx = dt_in == AO_DT_FLOAT ? (const float *)data[1] : NULL;
    const int in_place = ao_conv_in_place(p);
    /* FLOAT output positions laid out in order: the product writes them where they are */
    const int64_t ost_h = two ? p->out_st[2] : 0, ost_w = p->out_st[2 + two];
    const int out_place = p->dtype[0] == AO_DT_FLOAT && ost_w == 1 && (!two || ost_h == ow_n);
    /* in place: channel c's output row starts at out_base + c * out_st[1] */
    float *const out_base = out_place ? (float *)data[0] + n * p->out_st[0] + p0 : NULL;
    const int by_rows = cog <= AO_CONV_DOT_MAX || kr <= AO_CONV_DOT_MAX;
    /* one input channel per output channel with unit steps along its rows: the window
     * read from the input rows themselves, no im2col panel; groups g0 .. g1 - 1 */
    if (j->direct) {
        const ao_conv_dw_fn dw_sum = ao_conv_dw_pick();
        /* not in place: the task's channels' values, stored together after the sums */
        float *block = out_place ? NULL : ao_gemm_scratch(4, (size_t)((g1 - g0) * cog * pn));
        if (!out_place && !block) {
            __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
            return;
        }
        /* one output position a channel, its window inside a FLOAT input row (a decode
         * step's SSM_CONV: 4 taps, thousands of channels): each sum straight from the row,
         * in dw_sum's order (taps in order from +0, the bias last). Through dw_sum's
         * per-channel call and set-up this took about 75 cycles a 4-tap channel. */
        const int64_t first = p0 * sw - pw, last = first + (kw_n - 1) * dw;
        const int one_window = fx && !two && pn == 1 && first >= 0 && last < iw_n;
        if (one_window) {
            for (int64_t g = g0; g < g1; g++)
                for (int64_t i = 0; i < cog; i++) {
                    const float *w = j->wpack + (g * cog + i) * kr;
                    const float *xrow = fx + n * p->in_st[0] + g * p->in_st[1] + first;
                    float s = 0.0f;
                    for (int64_t k = 0; k < kw_n; k++)
                        s += w[k] * xrow[k * dw];
                    const float bias = out_place && p->has_bias
                                           ? ao_conv_ld(p->dtype[3], data[3], (g * cog + i) * p->b_stride) : 0.0f;
                    if (bias != 0.0f)
                        s += bias;
                    if (out_place)
                        out_base[(g * cog + i) * p->out_st[1]] = s;
                    else
                        block[(g - g0) * cog + i] = s;
                }
        } else {
            for (int64_t g = g0; g < g1; g++) {
                const float *wg = j->wpack + g * cog * kr;
                float *dst;
                int64_t ldd;
                if (out_place) {
                    dst = out_base + g * cog * p->out_st[1];
                    ldd = p->out_st[1];
                } else {
                    dst = block + (g - g0) * cog * pn;
                    ldd = pn;
                }
                /* 16-bit rows: the columns an output run reads, converted once per run and tap row */
                const int64_t span_max = (pn - 1) * sw + (kw_n - 1) * dw + 1;
                const int64_t span = span_max < iw_n ? span_max : iw_n;
                float *rows = fx ? NULL : ao_gemm_scratch(5, (size_t)(kh_n * span));
                if (!dst || (!fx && !rows)) {
                    __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
                    return;
                }
                const int64_t xbase = n * p->in_st[0] + g * p->in_st[1];
                int64_t oh = p0 / ow_n, ow = p0 - oh * ow_n;
                for (int64_t q = 0; q < pn;) {
                    const int64_t run = ow_n - ow < pn - q ? ow_n - ow : pn - q;
                    const float *xr[AO_CONV_DW_MAX_KH];
                    /* the columns [c0, c1) of the run's window */
                    int64_t c0 = ow * sw - pw, c1 = (ow + run - 1) * sw + (kw_n - 1) * dw - pw + 1;
                    c0 = c0 < 0 ? 0 : c0;
                    c1 = c1 > iw_n ? iw_n : c1;
                    const int64_t xoff = fx ? 0 : c0;
                    for (int64_t kh = 0; kh < kh_n; kh++) {
                        const int64_t ih = oh * sh + kh * dh - ph;
                        if (ih < 0 || ih >= ih_n) {
                            xr[kh] = NULL;
                        } else if (fx) {
                            xr[kh] = fx + xbase + ih * ist_h;
                        } else {
                            ao_conv_load_run(dt_in, data[1], xbase + ih * ist_h + c0, rows + kh * span, c1 - c0);
                            xr[kh] = rows + kh * span;
                        }
                    }
                    for (int64_t i = 0; i < cog; i++) {
                        const float bias = out_place && p->has_bias
                                               ? ao_conv_ld(p->dtype[3], data[3], (g * cog + i) * p->b_stride) : 0.0f;
                        dw_sum(dst + i * ldd + q, run, xr, wg + i * kr, kh_n, kw_n, sw, dw, ow * sw - pw, iw_n, xoff,
                                   bias);
                    }
                    q += run;
                    ow = 0;
                    oh++;
                }
            }
        }
        if (!out_place) {
            const int64_t nc = (g1 - g0) * cog;
            if (p->out_st[1] == 1 && nc > 1)
                ao_conv_store_block(p, data, n, g0 * cog, nc, p0, pn, block);
            else
                for (int64_t c = 0; c < nc; c++)
                    ao_conv_store_row(p, data, n, g0 * cog + c, p0, pn, block + c * pn);
        }
        return;
    }
    const int64_t g = g0;   /* one group per task (gpt 1) */
    const float *wg = j->wpack + g * cog * kr;
    const float *col;
    int64_t ldcol;
    if (in_place) {
        col = fx + n * p->in_st[0] + g * cig * p->in_st[1] + p0;
        ldcol = p->in_st[1];
    } else {
        float *panel = ao_gemm_scratch(3, (size_t)(kr * pn));
        if (!panel) {
            __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
            return;
        }
        /* im2col of this tile: row r = (ic, kh, kw), column = output position */
        for (int64_t ic = 0; ic < cig; ic++) {
            const int64_t xbase = n * p->in_st[0] + (g * cig + ic) * p->in_st[1];
            for (int64_t kh = 0; kh < kh_n; kh++)
                for (int64_t kw = 0; kw < kw_n; kw++) {
                    float *row = panel + ((ic * kh_n + kh) * kw_n + kw) * pn;
                    int64_t oh = p0 / ow_n, ow = p0 - oh * ow_n;
                    for (int64_t q = 0; q < pn;) {
                        /* the rest of output row oh: one input row ih, iw stepping by sw */
                        const int64_t run = ow_n - ow < pn - q ? ow_n - ow : pn - q;
                        const int64_t ih = oh * sh + kh * dh - ph;
                        if (ih < 0 || ih >= ih_n) {
                            memset(row + q, 0, (size_t)run * sizeof(float));
                        } else if (ist_w == 1 && sw == 1) {
                            /* iw = ow + r + kw * dw - pw: inside [0, iw_n) for r in [lo, hi) */
                            const int64_t d = ow + kw * dw - pw;
                            int64_t lo = -d > 0 ? -d : 0, hi = iw_n - d < run ? iw_n - d : run;
                            if (lo > run)
                                lo = run;
                            if (hi < lo)
                                hi = lo;
                            memset(row + q, 0, (size_t)lo * sizeof(float));
                            ao_conv_load_run(dt_in, data[1], xbase + ih * ist_h + d + lo, row + q + lo, hi - lo);
                            memset(row + q + hi, 0, (size_t)(run - hi) * sizeof(float));
                        } else {
                            /* iw = d + r * sw inside [0, iw_n) for r in [lo, hi) */
                            const int64_t d = ow * sw + kw * dw - pw;
                            int64_t lo = d < 0 ? (-d + sw - 1) / sw : 0;
                            int64_t hi = iw_n - d <= 0 ? 0 : (iw_n - d + sw - 1) / sw;
                            if (hi > run)
                                hi = run;
                            if (lo > hi)
                                lo = hi;
                            memset(row + q, 0, (size_t)lo * sizeof(float));
                            const int64_t x0 = xbase + ih * ist_h + d * ist_w, xs = sw * ist_w;
                            if (fx)
                                for (int64_t r = lo; r < hi; r++)
                                    row[q + r] = fx[x0 + r * xs];
                            else
                                for (int64_t r = lo; r < hi; r++)
                                    row[q + r] = ao_conv_ld(dt_in, data[1], x0 + r * xs);
                            memset(row + q + hi, 0, (size_t)(run - hi) * sizeof(float));
                        }
                        q += run;
                        ow = 0;
                        oh++;
                    }
                }
        }
        col = panel;
        ldcol = pn;
    }
    float *dst;
    int64_t ldd;
    if (out_place) {
        dst = out_base + g * cog * p->out_st[1];
        ldd = p->out_st[1];
    } else {
        dst = ao_gemm_scratch(4, (size_t)(cog * pn));
        if (!dst) {
            __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
            return;
        }
        ldd = pn;
    }
    if (by_rows) {
        /* each channel's row, its bias added where it is written in place */
        for (int64_t i = 0; i < cog; i++) {
            const float bias = out_place && p->has_bias
                                   ? ao_conv_ld(p->dtype[3], data[3], (g * cog + i) * p->b_stride) : 0.0f;
            ao_conv_dot(dst + i * ldd, wg + i * kr, col, kr, ldcol, pn, bias);
        }
    } else {
        const ao_gemm_problem gp = ao_gemm_product(cog, pn, kr, ao_gemm_matrix(wg, AO_DT_FLOAT, kr, 1),
                                                   ao_gemm_matrix(col, AO_DT_FLOAT, ldcol, 1),
                                                   ao_gemm_matrix(dst, AO_DT_FLOAT, ldd, 1));
        if (ao_gemm(&gp, j->gemm_threads)) {
            __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
            return;
        }
        if (out_place && p->has_bias)
            for (int64_t i = 0; i < cog; i++) {
                const float bias = ao_conv_ld(p->dtype[3], data[3], (g * cog + i) * p->b_stride);
                float *row = dst + i * ldd;
                for (int64_t q = 0; q < pn; q++)
                    row[q] += bias;
            }
    }
    if (!out_place)
        for (int64_t i = 0; i < cog; i++)
            ao_conv_store_row(p, data, n, g * cog + i, p0, pn, dst + i * ldd);
}

static void ao_conv_transposed_task(ao_conv_job *j, int64_t n, int64_t g, int64_t oc0, int64_t oc1)
{
    const ao_conv_plan *p = j->p;
    char *const *data = j->data;
    const int two = p->sdim == 2;
    const int64_t cig = p->cin / p->groups, cog = p->cout / p->groups;
    const int64_t kh_n = p->w_sp[0], kw_n = two ? p->w_sp[1] : 1, ks = kh_n * kw_n;
    const int64_t ih_n = p->in_sp[0], iw_n = two ? p->in_sp[1] : 1, ni = ih_n * iw_n;
    const int64_t oh_n = p->out_sp[0], ow_n = two ? p->out_sp[1] : 1, np = oh_n * ow_n;
    const int64_t sh = p->stride[0], sw = two ? p->stride[1] : 1;
    const int64_t dh = p->dilation[0], dw = two ? p->dilation[1] : 1;
    const int64_t ph = p->pad[0], pw = two ? p->pad[1] : 0;
    const int64_t ist_h = p->in_st[2], ist_w = two ? p->in_st[3] : 0;
    /* a 1-d input is one row: its positions step by in_st[2] */
    const int64_t run_st = two ? ist_w : ist_h;
    const int64_t m = (oc1 - oc0) * ks;
    const int64_t tile = ni < AO_CONV_TILE ? ni : AO_CONV_TILE;
    /* FLOAT input positions laid out in order: the product reads them where they are */
    const int in_place = p->dtype[1] == AO_DT_FLOAT && run_st == 1 && (!two || ist_h == iw_n);
    float *xb = in_place ? NULL : (float *)malloc((size_t)(cig * tile) * sizeof(float));
    float *acc = (float *)calloc((size_t)((oc1 - oc0) * np), sizeof(float));
    float *cbuf = (float *)malloc((size_t)(m * tile) * sizeof(float));
    if ((!in_place && !xb) || !acc || !cbuf) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        free(xb), free(acc), free(cbuf);
        return;
    }
    const float *wg = j->wpack + (g * cog + (oc0 - g * cog)) * ks * cig;
    const int64_t xg = n * p->in_st[0] + g * cig * p->in_st[1];
    int failed = 0;
    for (int64_t i0 = 0; i0 < ni; i0 += tile) {
        const int64_t in_ = ni - i0 < tile ? ni - i0 : tile;
        const float *b;
        int64_t ldb;
        if (in_place) {
            b = (const float *)data[1] + xg + i0;
            ldb = p->in_st[1];
        } else {
            for (int64_t ic = 0; ic < cig; ic++) {
                const int64_t xbase = xg + ic * p->in_st[1];
                float *row = xb + ic * tile;
                int64_t ih = two ? i0 / iw_n : 0, iw = two ? i0 - ih * iw_n : i0;
                const int64_t w_n = two ? iw_n : ih_n;
                for (int64_t q = 0; q < in_;) {
                    const int64_t run = w_n - iw < in_ - q ? w_n - iw : in_ - q;
                    const int64_t off = xbase + (two ? ih * ist_h : 0) + iw * run_st;
                    if (run_st == 1)
                        ao_conv_load_run(p->dtype[1], data[1], off, row + q, run);
                    else
                        for (int64_t r = 0; r < run; r++)
                            row[q + r] = ao_conv_ld(p->dtype[1], data[1], off + r * run_st);
                    q += run;
                    iw = 0;
                    ih++;
                }
            }
            b = xb;
            ldb = tile;
        }
        const ao_gemm_problem gp = ao_gemm_product(m, in_, cig, ao_gemm_matrix(wg, AO_DT_FLOAT, cig, 1),
                                                   ao_gemm_matrix(b, AO_DT_FLOAT, ldb, 1),
                                                   ao_gemm_matrix(cbuf, AO_DT_FLOAT, tile, 1));
        if (ao_gemm(&gp, j->gemm_threads)) {
            __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
            failed = 1;
            break;
        }
        /* col2im: element ((oc, kh, kw), i) lands on i * stride + k * dilation - pad; the
         * tile's positions row by row of the input (a 1-d input: one row, ih = 0) */
        const int64_t rw = two ? iw_n : ih_n;           /* positions per input row */
        const int64_t rs = two ? sw : sh, rd = two ? dw : dh, rp = two ? pw : ph, rn = two ? ow_n : oh_n;
        for (int64_t oc = 0; oc < oc1 - oc0; oc++)
            for (int64_t kh = 0; kh < kh_n; kh++)
                for (int64_t kw = 0; kw < kw_n; kw++) {
                    const float *c = cbuf + ((oc * kh_n + kh) * kw_n + kw) * tile;
                    float *o = acc + oc * np;
                    /* the tap along the row: kw (2-d) or the only kernel dim (1-d) */
                    const int64_t kr_ = two ? kw : kh;
                    const int64_t d = kr_ * rd - rp;    /* output column = iw * rs + d */
                    /* iw in [lo, hi) lands inside [0, rn) */
                    int64_t lo = d < 0 ? (-d + rs - 1) / rs : 0;
                    int64_t hi = rn - d <= 0 ? 0 : (rn - d + rs - 1) / rs;
                    if (hi > rw)
                        hi = rw;
                    int64_t ih = two ? i0 / iw_n : 0, iw = two ? i0 - ih * iw_n : i0;
                    for (int64_t q = 0; q < in_;) {
                        const int64_t run = rw - iw < in_ - q ? rw - iw : in_ - q;
                        const int64_t oh = two ? ih * sh + kh * dh - ph : 0;
                        if (oh >= 0 && oh < (two ? oh_n : 1)) {
                            /* output column x * rs + d of row oh, c's element q + x - iw */
                            float *orow = o + oh * ow_n;
                            const int64_t a = lo > iw ? lo : iw, e = hi < iw + run ? hi : iw + run;
                            const float *cq = c + q;
                            if (rs == 1)
                                for (int64_t x = a; x < e; x++)
                                    orow[x + d] += cq[x - iw];
                            else
                                for (int64_t x = a; x < e; x++)
                                    orow[x * rs + d] += cq[x - iw];
                        }
                        q += run;
                        iw = 0;
                        ih++;
                    }
                }
    }
    if (!failed)
        for (int64_t i = 0; i < oc1 - oc0; i++)
            ao_conv_store_row(p, data, n, oc0 + i, 0, np, acc + i * np);
    free(xb), free(acc), free(cbuf);
}

static void ao_conv_item(void *arg, int64_t t)
{
    ao_conv_job *j = (ao_conv_job *)arg;
    const ao_conv_plan *p = j->p;
    const int64_t blocks = (p->groups + j->gpt - 1) / j->gpt;
    const int64_t blk = t % j->nblk, ngb = t / j->nblk, gb = ngb % blocks, n = ngb / blocks;
    const int64_t g = gb * j->gpt;
    if (!p->transposed) {
        const int64_t np = p->out_sp[0] * (p->sdim == 2 ? p->out_sp[1] : 1), p0 = blk * j->ocb;
        const int64_t g1 = g + j->gpt < p->groups ? g + j->gpt : p->groups;
        if (p0 < np)
            ao_conv_forward_task(j, n, g, g1, p0, np - p0 < j->ocb ? np - p0 : j->ocb);
        return;
    }
    const int64_t cog = p->cout / p->groups;
    const int64_t oc0 = g * cog + blk * j->ocb;
    const int64_t oc1 = oc0 + j->ocb < (g + 1) * cog ? oc0 + j->ocb : (g + 1) * cog;
    if (oc0 < oc1)
        ao_conv_transposed_task(j, n, g, oc0, oc1);
}

int ao_conv_run(const void *plan, char *const *data, int nthreads)
{
    const ao_conv_plan *p = (const ao_conv_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || !data[2] || (p->has_bias && !data[3]) ||
        (p->sdim != 1 && p->sdim != 2) || p->groups <= 0 || p->n <= 0 || p->cin <= 0 || p->cout <= 0 ||
        p->cin % p->groups || p->cout % p->groups)
        return -1;
    const int two = p->sdim == 2;
    const int64_t cig = p->cin / p->groups, cog = p->cout / p->groups;
    const int64_t kh_n = p->w_sp[0], kw_n = two ? p->w_sp[1] : 1, ks = kh_n * kw_n;
    /* weight as float32, in the layout each form's product reads: a FLOAT forward weight
     * already laid out so is read where it is */
    const int64_t wst_h = p->w_st[2], wst_w = two ? p->w_st[3] : 0;
    const int packed = p->dtype[2] == AO_DT_FLOAT && !p->transposed && (p->cout == 1 || p->w_st[0] == cig * ks) &&
                       (cig == 1 || p->w_st[1] == ks) && (kh_n == 1 || wst_h == kw_n) && (kw_n == 1 || wst_w == 1);
    float *wpack = packed ? NULL : (float *)malloc((size_t)(p->cout * cig * ks) * sizeof(float));
    if (!packed && !wpack)
        return -1;
    for (int64_t g = 0; g < p->groups && !packed; g++)
        for (int64_t oc = 0; oc < cog; oc++)
            for (int64_t ic = 0; ic < cig; ic++)
                for (int64_t kh = 0; kh < kh_n; kh++)
                    for (int64_t kw = 0; kw < kw_n; kw++) {
                        int64_t off, dst;
                        if (p->transposed) {
                            /* weight (cin, cout / groups, k...): Wt[g][(oc, kh, kw)][ic] */
                            off = (g * cig + ic) * p->w_st[0] + oc * p->w_st[1] + kh * wst_h + kw * wst_w;
                            dst = ((g * cog + oc) * ks + kh * kw_n + kw) * cig + ic;
                        } else {
                            /* weight (cout, cin / groups, k...): W[g][oc][(ic, kh, kw)] */
                            off = (g * cog + oc) * p->w_st[0] + ic * p->w_st[1] + kh * wst_h + kw * wst_w;
                            dst = (g * cog + oc) * cig * ks + (ic * kh_n + kh) * kw_n + kw;
                        }
                        wpack[dst] = ao_conv_ld(p->dtype[2], data[2], off);
                    }
    int nt = ao_effective_threads(nthreads);
    const int64_t ng = p->n * p->groups;
    ao_conv_job job = {p, data, packed ? (const float *)data[2] : wpack, 0, 0, 1, ao_conv_direct(p), 1, 0};
    if (!p->transposed) {
        /* tiles of output positions: at most AO_CONV_TILE (the im2col panel's columns), and
         * at least AO_CONV_TASKS tasks in all where there are that many positions (work for
         * every thread of a small (n, g) count); from the shape only */
        const int64_t np = p->out_sp[0] * (two ? p->out_sp[1] : 1);
        int64_t want = ng >= AO_CONV_TASKS ? 1 : (AO_CONV_TASKS + ng - 1) / ng;
        int64_t tile = (np + want - 1) / want;
        if (tile > AO_CONV_TILE)
            tile = AO_CONV_TILE;
        /* the im2col panel (cin / groups * kernel size rows) at most AO_CONV_L2_PANEL floats
         * while the tile stays AO_CONV_MIN_TILE wide, and at most AO_CONV_PANEL */
        const int64_t kr = cig * ks;
        if (tile * kr > AO_CONV_L2_PANEL) {
            int64_t t2 = AO_CONV_L2_PANEL / kr;
            if (t2 < AO_CONV_MIN_TILE)
                t2 = AO_CONV_MIN_TILE;
            if (t2 < tile)
                tile = t2;
        }
        if (tile * kr > AO_CONV_PANEL)
            tile = AO_CONV_PANEL / kr;
        if (tile < 1)
            tile = 1;
        /* tiles of one width (the last not a sliver): the fewest of at most `tile`
         * positions, each a multiple of 16 where that stays within it */
        const int64_t nblk = (np + tile - 1) / tile;
        int64_t even = (np + nblk - 1) / nblk;
        if ((even + 15) / 16 * 16 <= tile)
            even = (even + 15) / 16 * 16;
        job.ocb = even;
        job.nblk = (np + even - 1) / even;
        /* depthwise windows of little work each (a decode step's SSM_CONV: 4 taps, one
         * position, thousands of channels): several groups a task, at least
         * AO_CONV_TASK_MACS products each, while every thread keeps 4 tasks */
        if (job.direct) {
            const int64_t macs = cog * (job.nblk == 1 ? np : job.ocb) * ks;
            int64_t gpt = macs >= AO_CONV_TASK_MACS ? 1 : AO_CONV_TASK_MACS / macs;
            const int64_t most = p->n * p->groups * job.nblk / (4 * (int64_t)nt);
            /* channels innermost in out: at least 16 of them a task, stored position by
             * position (ao_conv_store_block) */
            if (p->out_st[1] == 1 && gpt * cog < 16)
                gpt = (16 + cog - 1) / cog;
            if (gpt > most)
                gpt = most;
            job.gpt = gpt < 1 ? 1 : gpt;
        }
    } else {
        /* enough tasks for every thread: split each group's output channels where (n, g) are few */
        int64_t nblk = ng >= 4 * (int64_t)nt ? 1 : (4 * (int64_t)nt + ng - 1) / ng;
        if (nblk > cog)
            nblk = cog;
        /* blocks of at least 4 channels where there are that many */
        if (nblk > 1 && (cog + nblk - 1) / nblk < 4)
            nblk = (cog + 3) / 4;
        job.ocb = (cog + nblk - 1) / nblk;
        job.nblk = (cog + job.ocb - 1) / job.ocb;
    }
    const int64_t total = p->n * ((p->groups + job.gpt - 1) / job.gpt) * job.nblk;
    if (total < 2) {
        job.gemm_threads = nt;  /* one task: its product takes the threads */
        nt = 1;
    }
    ao_gemm_begin();
    ao_parallel_for(total, nt, ao_conv_item, &job);
    ao_gemm_end();
    free(wpack);
    return job.failed ? -1 : 0;
}
