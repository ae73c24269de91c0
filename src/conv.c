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
 * ao_conv_gemm is that product, row-major, and nothing else: a GEMM library can replace
 * it. Each output element's sum runs over r (or ic) in one fixed order inside one task,
 * so the result does not depend on the thread count or the blocking. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "plan_fn.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

/* C[M][N] = A[M][K] @ B[K][N] (row-major, leading dims lda, ldb, ldc). Rows of C in fours
 * share each loaded row of B; the j loops vectorise. Each element sums k = 0..K-1 in order. */
static void ao_conv_gemm(int64_t M, int64_t N, int64_t K, const float *restrict A, int64_t lda,
                         const float *restrict B, int64_t ldb, float *restrict C, int64_t ldc)
{
    int64_t i = 0;
    for (; i + 4 <= M; i += 4) {
        float *restrict c0 = C + i * ldc, *restrict c1 = c0 + ldc, *restrict c2 = c1 + ldc,
                       *restrict c3 = c2 + ldc;
        const float *a0 = A + i * lda, *a1 = a0 + lda, *a2 = a1 + lda, *a3 = a2 + lda;
        memset(c0, 0, (size_t)N * sizeof(float));
        memset(c1, 0, (size_t)N * sizeof(float));
        memset(c2, 0, (size_t)N * sizeof(float));
        memset(c3, 0, (size_t)N * sizeof(float));
        for (int64_t k = 0; k < K; k++) {
            const float *restrict b = B + k * ldb;
            const float w0 = a0[k], w1 = a1[k], w2 = a2[k], w3 = a3[k];
            for (int64_t j = 0; j < N; j++) {
                const float v = b[j];
                c0[j] += w0 * v;
                c1[j] += w1 * v;
                c2[j] += w2 * v;
                c3[j] += w3 * v;
            }
        }
    }
    for (; i < M; i++) {
        float *restrict c = C + i * ldc;
        const float *restrict a = A + i * lda;
        memset(c, 0, (size_t)N * sizeof(float));
        for (int64_t k = 0; k < K; k++) {
            const float *b = B + k * ldb;
            const float w = a[k];
            for (int64_t j = 0; j < N; j++)
                c[j] += w * b[j];
        }
    }
}

/* output positions (forward) / input positions (transposed) per column tile */
#define AO_CONV_TILE 1024

typedef struct ao_conv_job {
    const ao_conv_plan *p;
    char *const *data;
    const float *wpack;     /* per group: forward W[cout/g][cin/g * ks], transposed Wt[cout/g * ks][cin/g] */
    int64_t ocb, nblk;      /* output channels per task, tasks per (n, g) */
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

static void ao_conv_forward_task(ao_conv_job *j, int64_t n, int64_t g, int64_t oc0, int64_t oc1)
{
    const ao_conv_plan *p = j->p;
    char *const *data = j->data;
    const int two = p->sdim == 2;
    const int64_t cig = p->cin / p->groups, cog = p->cout / p->groups;
    const int64_t kh_n = p->w_sp[0], kw_n = two ? p->w_sp[1] : 1, ks = kh_n * kw_n;
    const int64_t ih_n = p->in_sp[0], iw_n = two ? p->in_sp[1] : 1;
    const int64_t oh_n = p->out_sp[0], ow_n = two ? p->out_sp[1] : 1, np = oh_n * ow_n;
    const int64_t sh = p->stride[0], sw = two ? p->stride[1] : 1;
    const int64_t dh = p->dilation[0], dw = two ? p->dilation[1] : 1;
    const int64_t ph = p->pad[0], pw = two ? p->pad[1] : 0;
    const int64_t ist_h = p->in_st[2], ist_w = two ? p->in_st[3] : 0;
    const int64_t kr = cig * ks, m = oc1 - oc0;
    const int64_t tile = np < AO_CONV_TILE ? np : AO_CONV_TILE;
    float *col = (float *)malloc((size_t)(kr * tile) * sizeof(float));
    float *acc = (float *)malloc((size_t)(m * np) * sizeof(float));
    float *cbuf = (float *)malloc((size_t)(m * tile) * sizeof(float));
    if (!col || !acc || !cbuf) {
        j->failed = 1;
        free(col), free(acc), free(cbuf);
        return;
    }
    const float *wg = j->wpack + g * cog * kr + (oc0 - g * cog) * kr;
    const float *fx = p->dtype[1] == AO_DT_FLOAT ? (const float *)data[1] : NULL;
    for (int64_t p0 = 0; p0 < np; p0 += tile) {
        const int64_t pn = np - p0 < tile ? np - p0 : tile;
        /* im2col of this tile: row r = (ic, kh, kw), column = output position */
        for (int64_t ic = 0; ic < cig; ic++) {
            const int64_t xbase = n * p->in_st[0] + (g * cig + ic) * p->in_st[1];
            for (int64_t kh = 0; kh < kh_n; kh++)
                for (int64_t kw = 0; kw < kw_n; kw++) {
                    float *row = col + ((ic * kh_n + kh) * kw_n + kw) * tile;
                    int64_t oh = p0 / ow_n, ow = p0 - oh * ow_n;
                    for (int64_t q = 0; q < pn;) {
                        /* the rest of output row oh: one input row ih, iw stepping by sw */
                        const int64_t run = ow_n - ow < pn - q ? ow_n - ow : pn - q;
                        const int64_t ih = oh * sh + kh * dh - ph;
                        if (ih < 0 || ih >= ih_n) {
                            memset(row + q, 0, (size_t)run * sizeof(float));
                        } else if (fx && ist_w == 1 && sw == 1) {
                            const float *src = fx + xbase + ih * ist_h;
                            for (int64_t r = 0; r < run; r++) {
                                const int64_t iw = ow + r + kw * dw - pw;
                                row[q + r] = (iw >= 0 && iw < iw_n) ? src[iw] : 0.0f;
                            }
                        } else {
                            for (int64_t r = 0; r < run; r++) {
                                const int64_t iw = (ow + r) * sw + kw * dw - pw;
                                row[q + r] = (iw >= 0 && iw < iw_n)
                                                 ? ao_conv_ld(p->dtype[1], data[1], xbase + ih * ist_h + iw * ist_w)
                                                 : 0.0f;
                            }
                        }
                        q += run;
                        ow = 0;
                        oh++;
                    }
                }
        }
        ao_conv_gemm(m, pn, kr, wg, kr, col, tile, cbuf, tile);
        for (int64_t i = 0; i < m; i++)
            memcpy(acc + i * np + p0, cbuf + i * tile, (size_t)pn * sizeof(float));
    }
    for (int64_t i = 0; i < m; i++)
        ao_conv_store_plane(p, data, n, oc0 + i, acc + i * np);
    free(col), free(acc), free(cbuf);
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
        ao_conv_gemm(m, in_, cig, wg, cig, xb, tile, cbuf, tile);
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
    const int64_t cog = p->cout / p->groups;
    const int64_t blk = t % j->nblk, ng = t / j->nblk, g = ng % p->groups, n = ng / p->groups;
    const int64_t oc0 = g * cog + blk * j->ocb;
    const int64_t oc1 = oc0 + j->ocb < (g + 1) * cog ? oc0 + j->ocb : (g + 1) * cog;
    if (oc0 >= oc1)
        return;
    if (p->transposed)
        ao_conv_transposed_task(j, n, g, oc0, oc1);
    else
        ao_conv_forward_task(j, n, g, oc0, oc1);
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
    /* enough tasks for every thread: split each group's output channels where (n, g) are few */
    int64_t nblk = ng >= 4 * (int64_t)nt ? 1 : (4 * (int64_t)nt + ng - 1) / ng;
    if (nblk > cog)
        nblk = cog;
    /* blocks of at least 4 channels (the product's row block) where there are that many */
    if (nblk > 1 && (cog + nblk - 1) / nblk < 4)
        nblk = (cog + 3) / 4;
    ao_conv_job job = {p, data, wpack, (cog + nblk - 1) / nblk, 0, 0};
    job.nblk = (cog + job.ocb - 1) / job.ocb;
    const int64_t total = ng * job.nblk;
    if (total < 2)
        nt = 1;
    ao_parallel_for(total, nt, ao_conv_item, &job);
    free(wpack);
    return job.failed ? -1 : 0;
}
