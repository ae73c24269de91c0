/* The norms' row kernels (axis_kernels.h; driven by src/axis.c's ao_axis_run on the
 * engine's worker pool). Each reads its row in fp32 blocks of AO_AX_BLOCK elements
 * (16-bit inputs widened exactly), sums in double lanes (norm_math.h: the same bits in
 * every ISA region and on any thread count), and writes every result rounded once to
 * its operand's dtype. A row that fits in one block is read once.
 *
 *   RmsNorm     rstd = 1 / sqrt(mean(x^2) + eps),           y = x * rstd * gamma
 *   AddRmsNorm  x = x1 + x2 (fp32; xOut = x rounded), then RmsNorm of x
 *   LayerNorm   mean = sum(x) / n, var = sum((x - mean)^2) / n (two passes, biased),
 *               rstd = 1 / sqrt(var + eps),  y = (x - mean) * rstd * weight + bias
 *               (GroupNorm: the same per group, weight and bias per channel)
 *   Norm        (sum |x|^p)^(1/p); p = 2 through sum(x^2); 1, inf, -inf, 0 exactly
 *               (sum, max, min of |x|, the count of non-zeros) */
#include <math.h>
#include <string.h>

#include "axis_kernels.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

#if defined(__x86_64__) || defined(__i386__)
#define AO_NM_X86 1
#else
#define AO_NM_X86 0
#endif
#if AO_NM_X86
#include <immintrin.h>   /* norm_math.h's AVX-512 loops */
#endif

#define AO_ISA_INSTANCE "norm_math.h"
#include "isa_instances.h"

/* The loops of the ISA the engine chose (kernels.c's ao_isa_current, ASCENDOPS_ISA). */
const ao_norm_math *ao_norm_math_current(void)
{
#if AO_NM_X86
    const ao_isa_impl *isa = ao_isa_current();
    if (isa->level >= 2)
        return &ao_norm_math_avx512;
    if (isa->level == 1)
        return &ao_norm_math_avx2;
#endif
    return &ao_norm_math_baseline;
}

static inline int64_t ao_nm_cnt(int64_t n, int64_t lo)
{
    return n - lo < AO_AX_BLOCK ? n - lo : AO_AX_BLOCK;
}

/* x of a block (RmsNorm's x; AddRmsNorm's x1 + x2 in fp32) into `x`; `tmp` is scratch. */
typedef const float *(*ao_nm_load_fn)(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, int64_t lo,
                                      int64_t cnt, float *x, float *tmp);

/* y = x * rstd * gamma of one row; xout >= 0: x is also written there, in the second
 * pass, each block after its inputs were read (an xOut that is exactly an input is then
 * safe, as the executor lets the last output be). */
static void ao_nm_rms(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch,
                      int y, int rstd, int xout, int gamma, ao_nm_load_fn load)
{
    const int64_t n = p->n;
    float *xb = scratch, *gb = scratch + AO_AX_BLOCK, *yb = scratch + 2 * AO_AX_BLOCK,
          *tb = scratch + 3 * AO_AX_BLOCK;
    double acc[AO_NM_LANES] = {0};
    const float *x = xb;
    for (int64_t lo = 0; lo < n; lo += AO_AX_BLOCK) {
        const int64_t cnt = ao_nm_cnt(n, lo);
        x = load(p, base, m, lo, cnt, xb, tb);
        m->sumsq(acc, x, cnt);
    }
    const double r = 1.0 / sqrt(m->lanes(acc) / (double)n + p->attrs[0]);
    if (base[rstd])
        ao_axis_put(p, rstd, base[rstd], r);
    const float rs = (float)r;
    for (int64_t lo = 0; lo < n; lo += AO_AX_BLOCK) {
        const int64_t cnt = ao_nm_cnt(n, lo);
        if (n > AO_AX_BLOCK)
            x = load(p, base, m, lo, cnt, xb, tb);
        if (xout >= 0 && base[xout])
            ao_axis_store(p, xout, base[xout], lo, cnt, x);
        const float *g = base[gamma] ? ao_axis_view(p, gamma, base[gamma], lo, cnt, gb) : NULL;
        float *out = ao_axis_dst(p, y, base[y], lo, yb);
        m->scale(out, x, rs, g, cnt);
        ao_axis_commit(p, y, base[y], lo, cnt, out, yb);
    }
}

static const float *ao_nm_load_x(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, int64_t lo,
                                 int64_t cnt, float *x, float *tmp)
{
    (void)m, (void)tmp;
    return ao_axis_view(p, 2, base[2], lo, cnt, x);
}

/* operands: 0 yOut, 1 rstdOut, 2 x, 3 gamma; attrs[0] epsilon */
void ao_rms_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    ao_nm_rms(p, base, m, scratch, 0, 1, -1, 3, ao_nm_load_x);
}

static const float *ao_nm_load_sum(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, int64_t lo,
                                   int64_t cnt, float *x, float *tmp)
{
    const float *a = ao_axis_view(p, 3, base[3], lo, cnt, x);
    const float *b = ao_axis_view(p, 4, base[4], lo, cnt, tmp);
    m->add(x, a, b, cnt);
    return x;
}

/* operands: 0 yOut, 1 rstdOut, 2 xOut, 3 x1, 4 x2, 5 gamma; attrs[0] epsilon */
void ao_add_rms_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    ao_nm_rms(p, base, m, scratch, 0, 1, 2, 5, ao_nm_load_sum);
}

/* LayerNorm's last pass over one row, its mean and rstd known: y = (x - mean) * rstd
 * * weight + bias; the stats stored. */
static void ao_nm_layer_affine(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch,
                               double mean, double r, const float *xf, const float *wf, const float *bf)
{
    const int64_t n = p->n;
    float *xb = scratch, *wb = scratch + AO_AX_BLOCK, *bb = scratch + 2 * AO_AX_BLOCK,
          *yb = scratch + 3 * AO_AX_BLOCK;
    if (base[1])
        ao_axis_put(p, 1, base[1], mean);
    if (base[2])
        ao_axis_put(p, 2, base[2], r);
    for (int64_t lo = 0; lo < n; lo += AO_AX_BLOCK) {
        const int64_t cnt = ao_nm_cnt(n, lo);
        /* xf, wf, bf: the row's x, weight and bias already in fp32 (a row of one block) */
        const float *x = xf ? xf : ao_axis_view(p, 3, base[3], lo, cnt, xb);
        const float *w = wf ? wf : base[4] ? ao_axis_view(p, 4, base[4], lo, cnt, wb) : NULL;
        const float *b = bf ? bf : base[5] ? ao_axis_view(p, 5, base[5], lo, cnt, bb) : NULL;
        float *out = ao_axis_dst(p, 0, base[0], lo, yb);
        m->affine(out, x, (float)mean, (float)r, w, b, cnt);
        ao_axis_commit(p, 0, base[0], lo, cnt, out, yb);
    }
}

/* operands: 0 out, 1 mean, 2 rstd, 3 x, 4 weight, 5 bias; attrs[0] eps */
void ao_layer_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    const int64_t n = p->n;
    float *xb = scratch;
    const int one = n <= AO_AX_BLOCK;
    double acc[AO_NM_LANES] = {0};
    const float *x = xb;
    for (int64_t lo = 0; lo < n; lo += AO_AX_BLOCK) {
        const int64_t cnt = ao_nm_cnt(n, lo);
        x = ao_axis_view(p, 3, base[3], lo, cnt, xb);
        m->sum(acc, x, cnt);
    }
    /* an empty block (n == 0): mean 0, and rstd NaN from the 0 / 0 variance (CANN's fills) */
    const double mean = n ? m->lanes(acc) / (double)n : 0.0;
    memset(acc, 0, sizeof acc);
    for (int64_t lo = 0; lo < n; lo += AO_AX_BLOCK) {
        const int64_t cnt = ao_nm_cnt(n, lo);
        if (!one)
            x = ao_axis_view(p, 3, base[3], lo, cnt, xb);
        m->sumsq_c(acc, x, cnt, mean);
    }
    const double r = 1.0 / sqrt(m->lanes(acc) / (double)n + p->attrs[0]);
    /* a row of one block was read (and widened) once, for all three passes */
    ao_nm_layer_affine(p, base, m, scratch, mean, r, one ? x : NULL, NULL, NULL);
}

/* LayerNorm of neighbouring contiguous 16-bit rows, AO_NM_ROWS at a time: their sums
 * together (axis.c's ao_axis_sum_rows: the row function's lanes and order), then each
 * row's last pass. Rows of one block go through fp32 once: x widened once for all three
 * passes, a weight and bias shared by the rows (stride 0) widened once for all rows. */
int ao_layer_norm_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m)
{
    const int64_t n = p->n, d = p->ondim - 1;
    if (n == 0 || !m->sum_rows || p->indim != 1 || p->istrides[3][0] != 1)
        return 0;
    float scratch[4 * AO_AX_BLOCK] __attribute__((aligned(64)));
    float xs[AO_NM_ROWS][AO_AX_BLOCK] __attribute__((aligned(64)));
    float ws[AO_AX_BLOCK], bs[AO_AX_BLOCK];
    const int one = n <= AO_AX_BLOCK, wide = one && p->dtype[3] != AO_DT_FLOAT;
    /* a float32 row goes alone (the row function): its three passes over one row stay in
     * L1, where four rows' did not gain (Zen 4: medians 1.1-1.3x slower under load) */
    if (p->dtype[3] == AO_DT_FLOAT)
        return 0;
    const float *wf = NULL, *bf = NULL;
    if (one && base[4] && p->ostrides[4][d] == 0)
        wf = ao_axis_view(p, 4, base[4], 0, n, ws);
    if (one && base[5] && p->ostrides[5][d] == 0)
        bf = ao_axis_view(p, 5, base[5], 0, n, bs);
    ao_axis_plan q;     /* x as the fp32 rows in xs */
    if (wide) {
        q = *p;
        q.dtype[3] = AO_DT_FLOAT;
        q.ostrides[3][d] = AO_AX_BLOCK;
    }
    const int64_t xrs = p->ostrides[3][d] * ao_dtype_itemsize(p->dtype[3]);
    char *rb[AO_AXIS_MAX_OPERANDS];
    for (int64_t g = 0; g < nr; g += AO_NM_ROWS) {
        const int k = nr - g < AO_NM_ROWS ? (int)(nr - g) : AO_NM_ROWS;
        double mean[AO_NM_ROWS], var[AO_NM_ROWS];
        const char *x = base[3] + g * xrs;
        if (wide) {
            for (int r = 0; r < k; r++)
                ao_axis_load(p, 3, x + r * xrs, 0, n, xs[r]);
            x = (const char *)xs;
        }
        ao_axis_sum_rows(wide ? &q : p, 3, x, k, m, 0, NULL, INT64_MAX, mean);
        for (int r = 0; r < k; r++)
            mean[r] /= (double)n;
        ao_axis_sum_rows(wide ? &q : p, 3, x, k, m, 2, mean, INT64_MAX, var);
        for (int r = 0; r < k; r++) {
            for (int o = 0; o < p->nops; o++)
                rb[o] = base[o] ? base[o] + (g + r) * p->ostrides[o][d] * ao_dtype_itemsize(p->dtype[o]) : NULL;
            ao_nm_layer_affine(p, rb, m, scratch, mean[r], 1.0 / sqrt(var[r] / (double)n + p->attrs[0]),
                               wide ? xs[r] : NULL, wf, bf);
        }
    }
    return 1;
}

/* operands: 0 out (per row), 1 self; attrs[0] p */
void ao_lp_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    const int64_t n = p->n;
    const double pw = p->attrs[0];
    float *xb = scratch;
    double acc[AO_NM_LANES] = {0}, s = 0.0, res;
    int nan = 0;
    if (pw == INFINITY)
        s = 0.0;
    else if (pw == -INFINITY)
        s = INFINITY;
    for (int64_t lo = 0; lo < n; lo += AO_AX_BLOCK) {
        const int64_t cnt = ao_nm_cnt(n, lo);
        const float *x = ao_axis_view(p, 1, base[1], lo, cnt, xb);
        if (pw == 2.0) {
            m->sumsq(acc, x, cnt);
            continue;
        }
        for (int64_t i = 0; i < cnt; i++) {
            const double a = fabs((double)x[i]);
            if (a != a)
                nan = 1;
            else if (pw == INFINITY)
                s = a > s ? a : s;
            else if (pw == -INFINITY)
                s = a < s ? a : s;
            else if (pw == 0.0)
                s += a != 0.0;
            else if (pw == 1.0)
                s += a;
            else
                s += pow(a, pw);
        }
    }
    if (n == 0)
        res = 0.0;      /* CANN fills an empty reduction with 0, for every p */
    else if (pw == 2.0)
        res = sqrt(m->lanes(acc));
    else if (nan)
        res = NAN;
    else if (pw == INFINITY || pw == -INFINITY || pw == 0.0 || pw == 1.0)
        res = s;
    else
        res = pow(s, 1.0 / pw);
    ao_axis_put(p, 0, base[0], res);
}

/* Norm(2) of neighbouring contiguous rows, AO_NM_ROWS at a time (axis.c's
 * ao_axis_sum_rows): the row function's sumsq, one chain of lanes along the row. */
int ao_lp_norm_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m)
{
    double res[AO_AX_NR];
    if (p->attrs[0] != 2.0 || p->n == 0 || !ao_axis_sum_rows(p, 1, base[1], nr, m, 1, NULL, INT64_MAX, res))
        return 0;
    const int64_t os = p->ostrides[0][p->ondim - 1] * ao_dtype_itemsize(p->dtype[0]);
    for (int64_t r = 0; r < nr; r++)
        ao_axis_put(p, 0, base[0] + r * os, sqrt(res[r]));
    return 1;
}
