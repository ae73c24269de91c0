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
 * result does not depend on the thread count. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "plan_fn.h"
#include "ao_internal.h"
#include "scalar_cvt.h"
#include "gemm.h"

/* C (m x n, row stride ldc) = A (m x k, row stride lda) @ B (k x n, row stride ldb), all
 * float32, on the engine's product with nthreads */
static int ao_conv_gemm(int64_t m, int64_t n, int64_t k, const float *A, int64_t lda, const float *B,
                        int64_t ldb, float *C, int64_t ldc, int nthreads)
{
    ao_gemm_problem g;
    memset(&g, 0, sizeof g);
    g.m = m, g.n = n, g.k = k;
    g.a.data = (char *)A, g.a.dtype = AO_DT_FLOAT, g.a.row_stride = lda, g.a.col_stride = 1;
    g.b.data = (char *)B, g.b.dtype = AO_DT_FLOAT, g.b.row_stride = ldb, g.b.col_stride = 1;
    g.c.data = (char *)C, g.c.dtype = AO_DT_FLOAT, g.c.row_stride = ldc, g.c.col_stride = 1;
    return ao_gemm(&g, nthreads);
}

/* output positions (forward) / input positions (transposed) per column tile */
#define AO_CONV_TILE 1024
#define AO_CONV_TASKS 8
#define AO_CONV_PANEL (1 << 22)

typedef struct ao_conv_job {
    const ao_conv_plan *p;
    char *const *data;
    const float *wpack;     /* per group: forward W[cout/g][cin/g * ks], transposed Wt[cout/g * ks][cin/g] */
    int64_t ocb, nblk;      /* output channels (transposed) or positions (forward) per task, tasks per (n, g) */
    int gemm_threads;       /* the product's threads: all of them when there is one task */
    int failed;
} ao_conv_job;

static inline float ao_conv_ld(int dt, const char *base, int64_t off)
{
    return ao_s_load_f32(dt, base, off);
}

static void ao_conv_store_plane(const ao_conv_plan *p, char *const *data, int64_t n, int64_t oc, const float *acc)
{
    const int64_t oh_n = p->out_sp[0], ow_n = p->sdim == 2 ? p->out_sp[1] : 1;
    float bias = 0.0f;
    if (p->has_bias)
        bias = ao_conv_ld(p->dtype[3], data[3], oc * p->b_stride);
    const int64_t base = n * p->out_st[0] + oc * p->out_st[1];
    const int64_t st_h = p->out_st[2], st_w = p->sdim == 2 ? p->out_st[3] : 0;
    for (int64_t h = 0; h < oh_n; h++)
        for (int64_t w = 0; w < ow_n; w++)
            ao_s_store_f32(p->dtype[0], data[0], base + h * st_h + w * st_w, acc[h * ow_n + w] + bias);
}

/* output positions p0 .. p0 + pn - 1 of channel oc in batch n = vals[0], vals[vs], ... (+ bias) */
static void ao_conv_store_range(const ao_conv_plan *p, char *const *data, int64_t n, int64_t oc, int64_t p0,
                                int64_t pn, const float *vals, int64_t vs)
{
    /* a 1-d output is one row of width out_sp[0] */
    const int two = p->sdim == 2;
    const int64_t ow_n = p->out_sp[two];
    const float bias = p->has_bias ? ao_conv_ld(p->dtype[3], data[3], oc * p->b_stride) : 0.0f;
    const int64_t base = n * p->out_st[0] + oc * p->out_st[1];
    const int64_t st_h = two ? p->out_st[2] : 0, st_w = p->out_st[2 + two];
    int64_t h = p0 / ow_n, w = p0 - h * ow_n;
    float *fo = p->dtype[0] == AO_DT_FLOAT ? (float *)data[0] : NULL;
    for (int64_t q = 0; q < pn;) {
        const int64_t run = ow_n - w < pn - q ? ow_n - w : pn - q;
        const int64_t o = base + h * st_h + w * st_w;
        if (fo && (st_w == 1 || run == 1)) {
            for (int64_t r = 0; r < run; r++)
                fo[o + r] = vals[(q + r) * vs] + bias;
        } else {
            for (int64_t r = 0; r < run; r++)
                ao_s_store_f32(p->dtype[0], data[0], o + r * st_w, vals[(q + r) * vs] + bias);
        }
        q += run;
        w = 0;
        h++;
    }
}

/* output positions p0 .. p0 + pn - 1 of every output channel of group g, batch n */
static void ao_conv_forward_task(ao_conv_job *j, int64_t n, int64_t g, int64_t p0, int64_t pn)
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
    float *col = ao_gemm_scratch(3, (size_t)(kr * pn));
    float *cbuf = ao_gemm_scratch(4, (size_t)(cog * pn));
    if (!col || !cbuf) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    const float *wg = j->wpack + g * cog * kr;
    const float *fx = p->dtype[1] == AO_DT_FLOAT ? (const float *)data[1] : NULL;
    /* im2col of this tile: row r = (ic, kh, kw), column = output position */
    for (int64_t ic = 0; ic < cig; ic++) {
        const int64_t xbase = n * p->in_st[0] + (g * cig + ic) * p->in_st[1];
        for (int64_t kh = 0; kh < kh_n; kh++)
            for (int64_t kw = 0; kw < kw_n; kw++) {
                float *row = col + ((ic * kh_n + kh) * kw_n + kw) * pn;
                int64_t oh = p0 / ow_n, ow = p0 - oh * ow_n;
                for (int64_t q = 0; q < pn;) {
                    /* the rest of output row oh: one input row ih, iw stepping by sw */
                    const int64_t run = ow_n - ow < pn - q ? ow_n - ow : pn - q;
                    const int64_t ih = oh * sh + kh * dh - ph;
                    if (ih < 0 || ih >= ih_n) {
                        memset(row + q, 0, (size_t)run * sizeof(float));
                    } else if (fx && ist_w == 1 && sw == 1) {
                        const float *src = fx + xbase + ih * ist_h;
                        /* iw = ow + r + kw * dw - pw: inside [0, iw_n) for r in [lo, hi) */
                        const int64_t d = ow + kw * dw - pw;
                        int64_t lo = -d > 0 ? -d : 0, hi = iw_n - d < run ? iw_n - d : run;
                        if (lo > run)
                            lo = run;
                        if (hi < lo)
                            hi = lo;
                        memset(row + q, 0, (size_t)lo * sizeof(float));
                        memcpy(row + q + lo, src + d + lo, (size_t)(hi - lo) * sizeof(float));
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
                                row[q + r] = ao_conv_ld(p->dtype[1], data[1], x0 + r * xs);
                        memset(row + q + hi, 0, (size_t)(run - hi) * sizeof(float));
                    }
                    q += run;
                    ow = 0;
                    oh++;
                }
            }
    }
    /* the product into cbuf column-major (position-major, cbuf[q * cog + i]): sgemm ran
     * these wide-and-short products 3-15% faster so than row-major */
    ao_gemm_problem gp;
    memset(&gp, 0, sizeof gp);
    gp.m = cog, gp.n = pn, gp.k = kr;
    gp.a.data = (char *)wg, gp.a.dtype = AO_DT_FLOAT, gp.a.row_stride = kr, gp.a.col_stride = 1;
    gp.b.data = (char *)col, gp.b.dtype = AO_DT_FLOAT, gp.b.row_stride = pn, gp.b.col_stride = 1;
    gp.c.data = (char *)cbuf, gp.c.dtype = AO_DT_FLOAT, gp.c.row_stride = 1, gp.c.col_stride = cog;
    if (ao_gemm(&gp, j->gemm_threads))
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
    else
        for (int64_t i = 0; i < cog; i++)
            ao_conv_store_range(p, data, n, g * cog + i, p0, pn, cbuf + i, cog);
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
    const int64_t m = (oc1 - oc0) * ks;
    const int64_t tile = ni < AO_CONV_TILE ? ni : AO_CONV_TILE;
    float *xb = (float *)malloc((size_t)(cig * tile) * sizeof(float));
    float *acc = (float *)calloc((size_t)((oc1 - oc0) * np), sizeof(float));
    float *cbuf = (float *)malloc((size_t)(m * tile) * sizeof(float));
    if (!xb || !acc || !cbuf) {
        j->failed = 1;
        free(xb), free(acc), free(cbuf);
        return;
    }
    const float *wg = j->wpack + (g * cog + (oc0 - g * cog)) * ks * cig;
    for (int64_t i0 = 0; i0 < ni; i0 += tile) {
        const int64_t in_ = ni - i0 < tile ? ni - i0 : tile;
        for (int64_t ic = 0; ic < cig; ic++) {
            const int64_t xbase = n * p->in_st[0] + (g * cig + ic) * p->in_st[1];
            float *row = xb + ic * tile;
            for (int64_t q = 0; q < in_; q++) {
                const int64_t pos = i0 + q, ih = pos / iw_n, iw = pos - ih * iw_n;
                row[q] = ao_conv_ld(p->dtype[1], data[1], xbase + ih * ist_h + iw * ist_w);
            }
        }
        if (ao_conv_gemm(m, in_, cig, wg, cig, xb, tile, cbuf, tile, j->gemm_threads)) {
            __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
            break;
        }
        /* col2im: element ((oc, kh, kw), i) lands on i * stride + k * dilation - pad */
        for (int64_t oc = 0; oc < oc1 - oc0; oc++)
            for (int64_t kh = 0; kh < kh_n; kh++)
                for (int64_t kw = 0; kw < kw_n; kw++) {
                    const float *c = cbuf + ((oc * kh_n + kh) * kw_n + kw) * tile;
                    float *o = acc + oc * np;
                    for (int64_t q = 0; q < in_; q++) {
                        const int64_t pos = i0 + q, ih = pos / iw_n, iw = pos - ih * iw_n;
                        const int64_t oh = ih * sh + kh * dh - ph, ow = iw * sw + kw * dw - pw;
                        if (oh >= 0 && oh < oh_n && ow >= 0 && ow < ow_n)
                            o[oh * ow_n + ow] += c[q];
                    }
                }
    }
    for (int64_t i = 0; i < oc1 - oc0; i++)
        ao_conv_store_plane(p, data, n, oc0 + i, acc + i * np);
    free(xb), free(acc), free(cbuf);
}

static void ao_conv_item(void *arg, int64_t t)
{
    ao_conv_job *j = (ao_conv_job *)arg;
    const ao_conv_plan *p = j->p;
    const int64_t blk = t % j->nblk, ng = t / j->nblk, g = ng % p->groups, n = ng / p->groups;
    if (!p->transposed) {
        const int64_t np = p->out_sp[0] * (p->sdim == 2 ? p->out_sp[1] : 1), p0 = blk * j->ocb;
        if (p0 < np)
            ao_conv_forward_task(j, n, g, p0, np - p0 < j->ocb ? np - p0 : j->ocb);
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
    /* weight as float32, in the layout each form's product reads */
    float *wpack = (float *)malloc((size_t)(p->cout * cig * ks) * sizeof(float));
    if (!wpack)
        return -1;
    const int64_t wst_h = p->w_st[2], wst_w = two ? p->w_st[3] : 0;
    for (int64_t g = 0; g < p->groups; g++)
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
    ao_conv_job job = {p, data, wpack, 0, 0, 1, 0};
    if (!p->transposed) {
        /* tiles of output positions: at most AO_CONV_TILE (the im2col panel's columns), and
         * at least AO_CONV_TASKS tasks in all where there are that many positions (work for
         * every thread of a small (n, g) count); from the shape only */
        const int64_t np = p->out_sp[0] * (two ? p->out_sp[1] : 1);
        int64_t want = ng >= AO_CONV_TASKS ? 1 : (AO_CONV_TASKS + ng - 1) / ng;
        int64_t tile = (np + want - 1) / want;
        if (tile > AO_CONV_TILE)
            tile = AO_CONV_TILE;
        /* the im2col panel (cin / groups * kernel size rows) at most AO_CONV_PANEL floats */
        const int64_t kr = cig * ks;
        if (tile * kr > AO_CONV_PANEL)
            tile = AO_CONV_PANEL / kr;
        if (tile < 1)
            tile = 1;
        job.ocb = tile;
        job.nblk = (np + tile - 1) / tile;
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
    const int64_t total = ng * job.nblk;
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
