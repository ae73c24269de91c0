/* Row kernels of the softmax family (row_kernels.h; driven by src/rows.c's
 * ao_row_run on the engine's worker pool).
 *
 * SoftmaxBackward: out = dy * y - sum_row(dy * y) * y, fp32 math; the row sums of
 * float32 inputs in ReduceSum's grouped order (float32 partials of four products, double
 * lanes), of 16-bit inputs in double (row_math.h ao_rm_dot_g64, ao_rm_dot);
 * f16/bf16 widened on load and narrowed round-to-nearest-even on store. Each row is
 * read twice (the sum, then the result), straight from the operands' strides: no
 * scratch memory, so the op needs no workspace. Element i of a row is read before
 * element i of out is written, so out may alias an input exactly (same address and
 * strides). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "row_kernels.h"
#include "ao_internal.h"
#include "scalar_cvt.h"
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>   /* row_math.h's AVX-512 loops */
#endif

/* A row whose three operands are contiguous: below, with the ISA regions' row math. */
static int ao_sm_row_contig(const ao_row_plan *p, char *out, const char *dy, const char *y);

void ao_softmax_backward_row(const ao_row_plan *p, char *const *base, const int64_t *isz)
{
    (void)isz;
    char *out = base[0];
    const char *dy = base[1], *y = base[2];
    if (ao_sm_row_contig(p, out, dy, y))
        return;
    const int64_t n = p->n, s0 = p->rstride[0], s1 = p->rstride[1], s2 = p->rstride[2];
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    double sum = 0.0;
    if (d1 == AO_DT_FLOAT && d2 == AO_DT_FLOAT) {
        const float *a = (const float *)dy, *b = (const float *)y;
        for (int64_t i = 0; i < n; i++)
            sum += (double)(a[i * s1] * b[i * s2]);
    } else {
        for (int64_t i = 0; i < n; i++)
            sum += (double)(ao_s_load_f32(d1, dy, i * s1) * ao_s_load_f32(d2, y, i * s2));
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
            float yi = ao_s_load_f32(d2, y, i * s2);
            ao_s_store_f32(d0, out, i * s0, ao_s_load_f32(d1, dy, i * s1) * yi - fs * yi);
        }
    }
}

void ao_softmax_backward_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                               const int64_t *cs, int64_t cnt)
{
    double sum[AO_ROW_BLOCK] = {0};
    float fs[AO_ROW_BLOCK];
    for (int64_t i = 0; i < p->n; i++) {
        const char *dy = base[1] + i * p->rstride[1] * isz[1], *y = base[2] + i * p->rstride[2] * isz[2];
        for (int64_t j = 0; j < cnt; j++)
            sum[j] += (double)(ao_s_load_f32(p->dtype[1], dy, j * cs[1]) * ao_s_load_f32(p->dtype[2], y, j * cs[2]));
    }
    for (int64_t j = 0; j < cnt; j++)
        fs[j] = (float)sum[j];
    for (int64_t i = 0; i < p->n; i++) {
        char *o = base[0] + i * p->rstride[0] * isz[0];
        const char *dy = base[1] + i * p->rstride[1] * isz[1], *y = base[2] + i * p->rstride[2] * isz[2];
        for (int64_t j = 0; j < cnt; j++) {
            float yi = ao_s_load_f32(p->dtype[2], y, j * cs[2]);
            ao_s_store_f32(p->dtype[0], o, j * cs[0], ao_s_load_f32(p->dtype[1], dy, j * cs[1]) * yi - fs[j] * yi);
        }
    }
}

/* ---- Softmax, LogSoftmax, LogSoftmaxBackward ----------------------------------------
 * Operands: 0 out, 1 self (Softmax, LogSoftmax), or 1 gradOutput, 2 output
 * (LogSoftmaxBackward). fp32 math in torch's order, double row sums:
 *     Softmax            m = max(x); e = exp(x - m); out = e * (1 / sum(e))
 *     LogSoftmax         m = max(x); out = (x - m) - log(sum(exp(x - m)))
 *     LogSoftmaxBackward out = g - exp(y) * sum(g)
 * A row of at most AO_RK_CHUNK elements is loaded once (converted to fp32 in an L1
 * buffer, or read in place for contiguous float32) and kept for every pass; a longer
 * row is read once per pass in chunks of that size (no scratch memory: no workspace).
 * The exps and maxima run in the ISA region's loops (row_math.h). Every pass reads a
 * chunk's inputs before the last pass writes its outputs, so out may alias an input
 * exactly. In the AVX2 / AVX-512 regions a contiguous 16-bit row (out of its dtype) is
 * widened as its max is taken and narrowed as its result is computed, and a 16-bit
 * LogSoftmaxBackward row has no fp32 buffers at all (row_math.h, "16-bit ... rows, a
 * register at a time"); where every exp argument of a whole row lies in [-85, 87] the
 * exps take one scale factor (ao_rm_expn). Both give the bits of the steps above.
 * CANN's dtype steps (hicann/ops-nn activation/softmax_v2, log_softmax_v2,
 * log_softmax_grad op_api): Softmax and LogSoftmaxBackward compute in the input's dtype
 * and Cast the result to out's, so a 16-bit input's result is rounded to it first;
 * LogSoftmax Casts self to out's dtype before its kernel, so the input is rounded to a
 * 16-bit out's dtype first. */

typedef struct ao_row_math {
    float (*max)(const float *x, int64_t n);
    double (*exp_sum)(float *dst, const float *x, int64_t n, float shift);
    void (*exp)(float *dst, const float *x, int64_t n);
    /* the row kernels' per-element loops (row_math.h says what each computes) */
    void (*dot)(double *acc, const float *a, const float *b, int64_t n);
    int (*smb_out)(float *o, const float *a, const float *b, float fs, int64_t n);
    void (*lsb_out)(float *o, const float *g, const float *y, float fs, int64_t n);
    void (*scale)(float *o, const float *t, float inv, int64_t n);
    void (*lsm_out)(float *o, const float *x, float mx, float ls, int64_t n);
    double (*exp_sum_only)(const float *x, int64_t n, float shift);
    /* a whole SoftmaxBackward row of one dtype in registers (NULL in the baseline) */
    int (*smb_row)(char *o, const char *a, const char *b, int64_t n, int dt, float *pb, float *yb);
    /* contiguous 16-bit rows widened and narrowed in registers (NULL in the baseline) */
    float (*ld16_max)(float *dst, const char *src, int64_t n, int dt, float *mn);
    void (*scale16)(char *o, const float *t, float inv, int64_t n, int dt);
    void (*lsm16)(char *o, const float *x, float mx, float ls, int64_t n, int dt);
    int (*sum16)(double *acc, const char *g, const char *y, int64_t n, int dt);
    void (*lsb16)(char *o, const char *g, const char *y, float fs, int64_t n, int dt, int nrm);
    /* the max and the min; the exp sums with one scale factor, where every argument is
     * in its range (row_math.h ao_rm_expn: the same exps) */
    float (*maxmin)(const float *x, int64_t n, float *mn);
    double (*exp_sum_n)(float *dst, const float *x, int64_t n, float shift);
    double (*exp_sum_only_n)(const float *x, int64_t n, float shift);
    /* SoftmaxBackward's float32 row sum: the grouped order's 16 lanes, and their tree */
    void (*dot_g64)(double *acc, const float *a, const float *b, int64_t n);
    double (*tree16)(const double *acc);
} ao_row_math;

#if defined(__x86_64__) || defined(__i386__)
#define AO_RM_X86 1
#else
#define AO_RM_X86 0
#endif

#define AO_ISA_INSTANCE "row_math.h"
#include "isa_instances.h"

/* The row math of the ISA the engine chose (kernels.c's ao_isa_current), so that the
 * exps here equal the elementwise ops' under ASCENDOPS_ISA too. */
static const ao_row_math *ao_rm_current(const ao_isa_impl *isa)
{
#if AO_RM_X86
    if (isa->level >= 2)
        return &ao_row_math_avx512;
    if (isa->level == 1)
        return &ao_row_math_avx2;
#else
    (void)isa;
#endif
    return &ao_row_math_baseline;
}

enum { AO_RK_CHUNK = 4096 };

/* row_math.h's AO_RM_EXPN_LO: exp arguments from it up run with one scale factor */
#define AO_RK_EXPN_LO (-85.0f)


/* A SoftmaxBackward row whose three operands are contiguous (every rstride 1): fp32
 * blocks of up to AO_SM_CHUNK elements (a row of at most that many is converted once,
 * for both passes), the 16-bit ones converted with the ISA region's array conversions
 * (region.h), the sum on 32 independent double accumulators (element j into j mod 32;
 * float32 inputs: the grouped order, row_math.h ao_rm_dot_g64) and the result in the
 * region's loops (row_math.h). Why: the element-by-element path
 * converts one element at a time (float16 stores through ao_s_f64_to_f16: frexp and
 * rint, libm calls) and adds into one double, a chain of one add latency per element;
 * n=1e6 as (1000, 1000), Zen 4, 1 thread: float16 31 ms, float32 2.5 ms, against
 * torch's 0.7 and 0.5. The 16-bit rows' sum differs from the single chain's in the
 * last bits of a double, far below the float result's (the same float in all but rare
 * ties); the float32 rows' by the float32 partials' roundings (within 4 * 2^-24 of the
 * sum of |dy * y|); each is the same in every region. NaNs keep the element-by-element path's bits:
 * a row whose sum is NaN returns 0 (that path redoes it), and a block with a NaN
 * result is stored by ao_s_store_f32 (a float16 NaN through F16C would keep its payload).
 * Returns 0 when the row is not contiguous. In place (out aliases an input exactly)
 * each block's inputs are read, or converted, before its outputs are written. */
enum { AO_SM_CHUNK = 4096 };

/* m elements of dtype dt at src as fp32: src itself for float32 (no copy: glibc's
 * memcpy of these blocks took 45% of the row's time on Zen 4), else converted into
 * buf. */
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

static int ao_sm_row_contig(const ao_row_plan *p, char *out, const char *dy, const char *y)
{
    const int64_t n = p->n;
    if (n > 1 && (p->rstride[0] != 1 || p->rstride[1] != 1 || p->rstride[2] != 1))
        return 0;
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    const int64_t z0 = d0 == AO_DT_FLOAT ? 4 : 2, z1 = d1 == AO_DT_FLOAT ? 4 : 2, z2 = d2 == AO_DT_FLOAT ? 4 : 2;
    const ao_isa_impl *isa = ao_isa_current();
    const ao_row_math *rm = ao_rm_current(isa);
    float abuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    float bbuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    if (rm->smb_row && n <= AO_SM_CHUNK && d0 == d1 && d1 == d2)
        return rm->smb_row(out, dy, y, n, d0, abuf, bbuf);
    float obuf[AO_SM_CHUNK] __attribute__((aligned(64)));
    const int whole = n <= AO_SM_CHUNK;
    const float *aw = whole ? ao_sm_block_f32(isa, d1, dy, abuf, n) : NULL;
    const float *bw = whole ? ao_sm_block_f32(isa, d2, y, bbuf, n) : NULL;
    /* float32 inputs: the grouped order's 16 lanes (row_math.h ao_rm_dot_g64); 16-bit
     * ones: 32 lanes (AO_RM_DOT_LANES), added in order */
    const int grouped = d1 == AO_DT_FLOAT && d2 == AO_DT_FLOAT;
    double acc[32] = {0};
    for (int64_t c = 0; c < n; c += AO_SM_CHUNK) {
        const int64_t m = n - c < AO_SM_CHUNK ? n - c : AO_SM_CHUNK;
        const float *a = whole ? aw : ao_sm_block_f32(isa, d1, dy + c * z1, abuf, m);
        const float *b = whole ? bw : ao_sm_block_f32(isa, d2, y + c * z2, bbuf, m);
        if (grouped)
            rm->dot_g64(acc, a, b, m);
        else
            rm->dot(acc, a, b, m);
    }
    double sum = 0.0;
    if (grouped)
        sum = rm->tree16(acc);
    else
        for (int k = 0; k < 32; k++)
            sum += acc[k];
    if (sum != sum)
        return 0; /* the element-by-element path, for its NaN bits */
    const float fs = (float)sum;
    for (int64_t c = 0; c < n; c += AO_SM_CHUNK) {
        const int64_t m = n - c < AO_SM_CHUNK ? n - c : AO_SM_CHUNK;
        const float *a = whole ? aw : ao_sm_block_f32(isa, d1, dy + c * z1, abuf, m);
        const float *b = whole ? bw : ao_sm_block_f32(isa, d2, y + c * z2, bbuf, m);
        char *o = out + c * z0;
        if (d0 == AO_DT_FLOAT) { /* element j read before it is written: in place is fine */
            rm->smb_out((float *)o, a, b, fs, m);
            continue;
        }
        if (rm->smb_out(obuf, a, b, fs, m)) {
            for (int64_t j = 0; j < m; j++)
                ao_s_store_f32(d0, o, j, obuf[j]);
        } else if (d0 == AO_DT_FLOAT16) {
            isa->f32_to_f16((uint16_t *)o, obuf, m);
        } else {
            isa->f32_to_bf16((uint16_t *)o, obuf, m);
        }
    }
    return 1;
}


typedef struct ao_rk_ctx {
    const ao_isa_impl *isa;
    const ao_row_math *rm;
} ao_rk_ctx;

static inline int ao_rk_is16(int dt) { return dt == AO_DT_FLOAT16 || dt == AO_DT_BF16; }

/* v[0..m) rounded to 16-bit dtype dt and widened back (round to nearest even), into dst
 * (may equal v). */
static void ao_rk_round(const ao_rk_ctx *c, int dt, float *dst, const float *v, int64_t m)
{
    uint16_t h[AO_RK_CHUNK];
    for (int64_t i = 0; i < m; i += AO_RK_CHUNK) {
        const int64_t k = m - i < AO_RK_CHUNK ? m - i : AO_RK_CHUNK;
        if (dt == AO_DT_FLOAT16) {
            c->isa->f32_to_f16(h, v + i, k);
            c->isa->f16_to_f32(dst + i, h, k);
        } else {
            c->isa->f32_to_bf16(h, v + i, k);
            c->isa->bf16_to_f32(dst + i, h, k);
        }
    }
}

/* d rounded once to dtype dt (float32, float16 or bfloat16; round to nearest even), as
 * a float. bfloat16: d is first rounded to float32 by round-to-odd (truncate, set the
 * last bit when inexact), which makes the second rounding give the correctly rounded
 * bfloat16 (24 >= 8 + 2 bits). */
static float ao_rk_f64_to(int dt, double d)
{
    if (dt == AO_DT_FLOAT16)
        return ao_s_f16_to_f32(ao_s_f64_to_f16(d));
    float f = (float)d;
    if (dt != AO_DT_BF16)
        return f;
    if ((double)f != d && f == f && !isinf(f)) {
        if (fabs((double)f) > fabs(d))
            f = nextafterf(f, 0.0f);
        uint32_t u;
        memcpy(&u, &f, 4);
        u |= 1u;
        memcpy(&f, &u, 4);
    }
    return ao_s_bf16_to_f32(ao_s_f32_to_bf16(f));
}

/* Elements i0 .. i0+m of a row (first element `row`, element stride rs, dtype dt) as
 * fp32: a contiguous float32 row in place, else converted into buf (m <= AO_RK_CHUNK).
 * rdt != dt and 16-bit: each value rounded to rdt (LogSoftmax's Cast of self). */
static const float *ao_rk_load(const ao_rk_ctx *c, int dt, int rdt, const char *row, int64_t rs,
                               int64_t i0, int64_t m, float *buf)
{
    const float *r = buf;
    if (dt == AO_DT_DOUBLE) {
        /* float64 self of LogSoftmax with a narrower out: Cast once, straight to rdt */
        const double *s = (const double *)row + i0 * rs;
        for (int64_t j = 0; j < m; j++)
            buf[j] = ao_rk_f64_to(rdt, s[j * rs]);
        return buf;
    }
    if (dt == AO_DT_FLOAT) {
        const float *s = (const float *)row + i0 * rs;
        if (rs == 1 || m == 1)
            r = s;
        else
            for (int64_t j = 0; j < m; j++)
                buf[j] = s[j * rs];
    } else {
        const uint16_t *s = (const uint16_t *)row + i0 * rs;
        uint16_t h[AO_RK_CHUNK];
        if (rs != 1 && m != 1) {
            for (int64_t j = 0; j < m; j++)
                h[j] = s[j * rs];
            s = h;
        }
        if (dt == AO_DT_FLOAT16)
            c->isa->f16_to_f32(buf, s, m);
        else
            c->isa->bf16_to_f32(buf, s, m);
    }
    if (rdt != dt && ao_rk_is16(rdt)) {
        ao_rk_round(c, rdt, buf, r, m);
        r = buf;
    }
    return r;
}

/* Stores v[0..m) as elements i0 .. i0+m of a row of dtype dt (element stride rs),
 * first rounded to 16-bit dtype via (!= dt) where CANN computes in that dtype. v is
 * scratch (may be rounded in place). */
static void ao_rk_store(const ao_rk_ctx *c, int dt, int via, char *row, int64_t rs, int64_t i0,
                        int64_t m, float *v)
{
    if (via != dt && ao_rk_is16(via))
        ao_rk_round(c, via, v, v, m);
    if (dt == AO_DT_DOUBLE) {   /* the fp32 result widened: exact */
        double *d = (double *)row + i0 * rs;
        for (int64_t j = 0; j < m; j++)
            d[j * rs] = (double)v[j];
        return;
    }
    if (dt == AO_DT_FLOAT) {
        float *d = (float *)row + i0 * rs;
        if (rs == 1 || m == 1)
            memmove(d, v, (size_t)m * sizeof(float));
        else
            for (int64_t j = 0; j < m; j++)
                d[j * rs] = v[j];
        return;
    }
    uint16_t *d = (uint16_t *)row + i0 * rs;
    uint16_t h[AO_RK_CHUNK];
    uint16_t *t = rs == 1 || m == 1 ? d : h;
    if (dt == AO_DT_FLOAT16)
        c->isa->f32_to_f16(t, v, m);
    else
        c->isa->f32_to_bf16(t, v, m);
    if (t == h)
        for (int64_t j = 0; j < m; j++)
            d[j * rs] = h[j];
}

/* Where a row kernel's last pass writes elements i0 .. i0+m of out (dtype dt, element
 * stride rs, result rounded via `via` first when that is a 16-bit dtype other than dt):
 * out itself when that is contiguous float32 with no rounding step (ao_rk_store would
 * only memmove tbuf there: 12% of a float32 LogSoftmax row), else tbuf, which the
 * caller then stores with ao_rk_store. */
static float *ao_rk_direct(int dt, int via, char *row, int64_t rs, int64_t i0, int64_t m,
                           float *tbuf)
{
    if (dt == AO_DT_FLOAT && (rs == 1 || m == 1) && !(via != dt && ao_rk_is16(via)))
        return (float *)row + i0 * rs;
    return tbuf;
}

static inline float ao_rk_max2(float a, float b) { return (b > a || b != b) ? b : a; }

/* The max of a row of n elements (ao_rk_load's arguments), NaN-propagating, by the ISA
 * region's max over chunks; *whole_row: the row loaded into buf once, where it fits one
 * chunk (then the later passes read it from there), else NULL. */
static float ao_rk_row_max(const ao_rk_ctx *c, int dt, int rdt, const char *row, int64_t rs, int64_t n,
                           float *buf, const float **whole_row, float *whole_min)
{
    const int whole = n <= AO_RK_CHUNK;
    const float *xw = whole ? ao_rk_load(c, dt, rdt, row, rs, 0, n, buf) : NULL;
    float mx = 0.0f;
    for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
        const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
        const float *x = whole ? xw : ao_rk_load(c, dt, rdt, row, rs, i, m, buf);
        /* a whole row's min too, where asked (ao_rm_expn's range check) */
        const float cm = whole && whole_min ? c->rm->maxmin(x, m, whole_min) : c->rm->max(x, m);
        mx = i == 0 ? cm : ao_rk_max2(mx, cm);
    }
    *whole_row = xw;
    return mx;
}

static void ao_rk_init(ao_rk_ctx *c)
{
    c->isa = ao_isa_current();
    c->rm = ao_rm_current(c->isa);
}

/* kind: which of the three (the row kernels below pass it). */
enum { AO_RK_SOFTMAX, AO_RK_LOG_SOFTMAX };

/* Element i (in elements) of a row of dtype dt as a double, and stored from one
 * (rounded once to the dtype). */
static double ao_rk_ld64(int dt, const char *row, int64_t i)
{
    switch (dt) {
    case AO_DT_DOUBLE: return ((const double *)row)[i];
    case AO_DT_FLOAT16: return ao_s_f16_to_f32(((const uint16_t *)row)[i]);
    case AO_DT_BF16: return ao_s_bf16_to_f32(((const uint16_t *)row)[i]);
    default: return ((const float *)row)[i];
    }
}

static void ao_rk_st64(int dt, char *row, int64_t i, double v)
{
    switch (dt) {
    case AO_DT_DOUBLE: ((double *)row)[i] = v; break;
    case AO_DT_FLOAT16: ((uint16_t *)row)[i] = ao_s_f64_to_f16(v); break;
    case AO_DT_BF16: ((uint16_t *)row)[i] = ao_s_f32_to_bf16(ao_rk_f64_to(AO_DT_BF16, v)); break;
    default: ((float *)row)[i] = (float)v;
    }
}

/* Softmax / LogSoftmax computed in float64 (CANN's AICPU kernel): Softmax of a DOUBLE
 * self, LogSoftmax into a DOUBLE out (self Cast to it: exact). libm's exp and log,
 * element by element along the row's strides; in place allowed (element i is read
 * before it is written). */
static void ao_rk_row_f64(const ao_row_plan *p, char *o, const char *x, int kind)
{
    const int64_t n = p->n, so = p->rstride[0], sx = p->rstride[1];
    const int d0 = p->dtype[0], d1 = p->dtype[1];
    double mx = ao_rk_ld64(d1, x, 0);
    for (int64_t i = 1; i < n; i++) {
        const double v = ao_rk_ld64(d1, x, i * sx);
        mx = (v > mx || v != v) ? v : mx;
    }
    double sum = 0.0;
    for (int64_t i = 0; i < n; i++)
        sum += exp(ao_rk_ld64(d1, x, i * sx) - mx);
    if (kind == AO_RK_SOFTMAX) {
        const double inv = 1.0 / sum;
        for (int64_t i = 0; i < n; i++)
            ao_rk_st64(d0, o, i * so, exp(ao_rk_ld64(d1, x, i * sx) - mx) * inv);
    } else {
        const double ls = log(sum);
        for (int64_t i = 0; i < n; i++)
            ao_rk_st64(d0, o, i * so, (ao_rk_ld64(d1, x, i * sx) - mx) - ls);
    }
}

static inline int ao_rk_in_f64(const ao_row_plan *p, int kind)
{
    return p->dtype[kind == AO_RK_LOG_SOFTMAX ? 0 : 1] == AO_DT_DOUBLE;
}

/* Softmax / LogSoftmax of one row: operands 0 out, 1 self. */
static void ao_rk_softmax_row(const ao_row_plan *p, char *const *base, int kind)
{
    if (ao_rk_in_f64(p, kind)) {
        ao_rk_row_f64(p, base[0], base[1], kind);
        return;
    }
    ao_rk_ctx c;
    ao_rk_init(&c);
    const int64_t n = p->n, so = p->rstride[0], sx = p->rstride[1];
    const int d0 = p->dtype[0], d1 = p->dtype[1];
    /* LogSoftmax reads self as out's dtype; Softmax writes through self's dtype. */
    const int rdt = kind == AO_RK_LOG_SOFTMAX ? d0 : d1;
    const int via = kind == AO_RK_LOG_SOFTMAX ? d0 : d1;
    float xbuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    float tbuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    const int whole = n <= AO_RK_CHUNK;
    if (c.rm->ld16_max && d0 == d1 && ao_rk_is16(d1) && whole && (n == 1 || (so == 1 && sx == 1))) {
        /* the same steps as below, the row widened as its max is taken and the result
         * narrowed as it is computed (row_math.h): the same bits, two passes fewer */
        float mn16;
        const float mx16 = c.rm->ld16_max(xbuf, base[1], n, d1, &mn16);
        const int nrm = mn16 - mx16 >= AO_RK_EXPN_LO;   /* false for a NaN */
        if (kind == AO_RK_SOFTMAX)
            c.rm->scale16(base[0], tbuf, 1.0f / (float)(nrm ? c.rm->exp_sum_n : c.rm->exp_sum)(tbuf, xbuf, n, mx16),
                          n, d0);
        else
            c.rm->lsm16(base[0], xbuf, mx16,
                        (float)log((nrm ? c.rm->exp_sum_only_n : c.rm->exp_sum_only)(xbuf, n, mx16)), n, d0);
        return;
    }
    const float *xw;
    float mn = NAN;
    const float mx = ao_rk_row_max(&c, d1, rdt, base[1], sx, n, xbuf, &xw, &mn);
    /* a whole row whose exp arguments are all in ao_rm_expn's range (false for NaN) */
    const int nrm = mn - mx >= AO_RK_EXPN_LO;
    double sum = 0.0;
    for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
        const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
        const float *x = whole ? xw : ao_rk_load(&c, d1, rdt, base[1], sx, i, m, xbuf);
        /* LogSoftmax needs only the sum; Softmax keeps a whole row's exps */
        if (kind == AO_RK_SOFTMAX)
            sum += (nrm ? c.rm->exp_sum_n : c.rm->exp_sum)(tbuf, x, m, mx);
        else
            sum += (nrm ? c.rm->exp_sum_only_n : c.rm->exp_sum_only)(x, m, mx);
    }
    if (kind == AO_RK_SOFTMAX) {
        const float inv = 1.0f / (float)sum;
        for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
            const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
            if (!whole) {
                const float *x = ao_rk_load(&c, d1, rdt, base[1], sx, i, m, xbuf);
                c.rm->exp_sum(tbuf, x, m, mx);
            }
            float *o = ao_rk_direct(d0, via, base[0], so, i, m, tbuf);
            c.rm->scale(o, tbuf, inv, m);
            if (o == tbuf)
                ao_rk_store(&c, d0, via, base[0], so, i, m, tbuf);
        }
    } else {
        const float ls = (float)log(sum);
        for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
            const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
            const float *x = whole ? xw : ao_rk_load(&c, d1, rdt, base[1], sx, i, m, xbuf);
            float *o = ao_rk_direct(d0, via, base[0], so, i, m, tbuf);
            c.rm->lsm_out(o, x, mx, ls, m);
            if (o == tbuf)
                ao_rk_store(&c, d0, via, base[0], so, i, m, tbuf);
        }
    }
}

/* The block path with the block converted once into an fp32 heap buffer (line i at
 * blk + i * cnt), so that the max, the exps and the scaling run over fp32 arrays in the
 * ISA region's loops: one conversion per element instead of one per pass, one exp call
 * for the block (Softmax) instead of one per line. Same operations in the same order as
 * the line-by-line passes below, so the same results. Returns 0 where the buffer would
 * exceed AO_RK_BLOCK_BUF floats or cannot be allocated (the caller's passes run). */
enum { AO_RK_BLOCK_BUF = 1 << 20 };

static int ao_rk_softmax_block_buffered(const ao_rk_ctx *c, const ao_row_plan *p, char *const *base,
                                        const int64_t *isz, const int64_t *cs, int64_t cnt, int kind)
{
    const int64_t n = p->n;
    const int d0 = p->dtype[0], d1 = p->dtype[1];
    const int rdt = kind == AO_RK_LOG_SOFTMAX ? d0 : d1;
    if (n > AO_RK_BLOCK_BUF / AO_ROW_BLOCK)
        return 0;
    float *blk = (float *)malloc((size_t)(n * cnt) * sizeof(float));
    if (!blk)
        return 0;
    float mx[AO_ROW_BLOCK], t[AO_ROW_BLOCK], fs[AO_ROW_BLOCK];
    int32_t bad[AO_ROW_BLOCK];
    double sum[AO_ROW_BLOCK] = {0};
    for (int64_t i = 0; i < n; i++) {
        float *line = blk + i * cnt;
        const float *x = ao_rk_load(c, d1, rdt, base[1] + i * p->rstride[1] * isz[1], cs[1], 0, cnt, line);
        if (x != line)
            memcpy(line, x, (size_t)cnt * sizeof(float));
    }
    for (int64_t j = 0; j < cnt; j++) {
        mx[j] = blk[j];
        bad[j] = 0;
    }
    for (int64_t i = 0; i < n; i++) {
        const float *line = blk + i * cnt;
        for (int64_t j = 0; j < cnt; j++) {
            mx[j] = line[j] > mx[j] ? line[j] : mx[j];
            bad[j] |= line[j] != line[j];
        }
    }
    for (int64_t j = 0; j < cnt; j++)
        if (bad[j])
            mx[j] = NAN;        /* a NaN in the row: the whole row is NaN (as torch) */
    for (int64_t i = 0; i < n; i++) {
        float *line = blk + i * cnt;
        for (int64_t j = 0; j < cnt; j++)
            line[j] = line[j] - mx[j];
    }
    if (kind == AO_RK_SOFTMAX) {
        c->rm->exp(blk, blk, n * cnt);
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < cnt; j++)
                sum[j] += (double)blk[i * cnt + j];
        for (int64_t j = 0; j < cnt; j++)
            fs[j] = 1.0f / (float)sum[j];
    } else {
        for (int64_t i = 0; i < n; i++) {
            c->rm->exp(t, blk + i * cnt, cnt);
            for (int64_t j = 0; j < cnt; j++)
                sum[j] += (double)t[j];
        }
        for (int64_t j = 0; j < cnt; j++)
            fs[j] = (float)log(sum[j]);
    }
    for (int64_t i = 0; i < n; i++) {
        float *line = blk + i * cnt;
        if (kind == AO_RK_SOFTMAX)
            for (int64_t j = 0; j < cnt; j++)
                line[j] = line[j] * fs[j];
        else
            for (int64_t j = 0; j < cnt; j++)
                line[j] = line[j] - fs[j];
        ao_rk_store(c, d0, rdt, base[0] + i * p->rstride[0] * isz[0], cs[0], 0, cnt, line);
    }
    free(blk);
    return 1;
}

/* cnt adjacent rows (row_kernels.h's block form): line i holds element i of every row
 * (cnt values at cs[k] apart), so each pass reads the block line by line. */
static void ao_rk_softmax_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                                const int64_t *cs, int64_t cnt, int kind)
{
    if (ao_rk_in_f64(p, kind)) {
        for (int64_t j = 0; j < cnt; j++)
            ao_rk_row_f64(p, base[0] + j * cs[0] * isz[0], base[1] + j * cs[1] * isz[1], kind);
        return;
    }
    ao_rk_ctx c;
    ao_rk_init(&c);
    const int d0 = p->dtype[0], d1 = p->dtype[1];
    const int rdt = kind == AO_RK_LOG_SOFTMAX ? d0 : d1;
    const int via = rdt;
    float xbuf[AO_ROW_BLOCK], t[AO_ROW_BLOCK], mx[AO_ROW_BLOCK], fs[AO_ROW_BLOCK];
    double sum[AO_ROW_BLOCK] = {0};
    if (ao_rk_softmax_block_buffered(&c, p, base, isz, cs, cnt, kind))
        return;
    for (int64_t i = 0; i < p->n; i++) {
        const float *x = ao_rk_load(&c, d1, rdt, base[1] + i * p->rstride[1] * isz[1], cs[1], 0, cnt, xbuf);
        for (int64_t j = 0; j < cnt; j++)
            mx[j] = i == 0 ? x[j] : ao_rk_max2(mx[j], x[j]);
    }
    for (int64_t i = 0; i < p->n; i++) {
        const float *x = ao_rk_load(&c, d1, rdt, base[1] + i * p->rstride[1] * isz[1], cs[1], 0, cnt, xbuf);
        for (int64_t j = 0; j < cnt; j++)
            t[j] = x[j] - mx[j];
        c.rm->exp(t, t, cnt);
        for (int64_t j = 0; j < cnt; j++)
            sum[j] += (double)t[j];
    }
    for (int64_t j = 0; j < cnt; j++)
        fs[j] = kind == AO_RK_SOFTMAX ? 1.0f / (float)sum[j] : (float)log(sum[j]);
    for (int64_t i = 0; i < p->n; i++) {
        const float *x = ao_rk_load(&c, d1, rdt, base[1] + i * p->rstride[1] * isz[1], cs[1], 0, cnt, xbuf);
        for (int64_t j = 0; j < cnt; j++)
            t[j] = x[j] - mx[j];
        if (kind == AO_RK_SOFTMAX) {
            c.rm->exp(t, t, cnt);
            for (int64_t j = 0; j < cnt; j++)
                t[j] = t[j] * fs[j];
        } else {
            for (int64_t j = 0; j < cnt; j++)
                t[j] = t[j] - fs[j];
        }
        ao_rk_store(&c, d0, via, base[0] + i * p->rstride[0] * isz[0], cs[0], 0, cnt, t);
    }
}

void ao_softmax_row(const ao_row_plan *p, char *const *base, const int64_t *isz)
{
    (void)isz;
    ao_rk_softmax_row(p, base, AO_RK_SOFTMAX);
}

void ao_softmax_block(const ao_row_plan *p, char *const *base, const int64_t *isz, const int64_t *cs,
                      int64_t cnt)
{
    ao_rk_softmax_block(p, base, isz, cs, cnt, AO_RK_SOFTMAX);
}

void ao_log_softmax_row(const ao_row_plan *p, char *const *base, const int64_t *isz)
{
    (void)isz;
    ao_rk_softmax_row(p, base, AO_RK_LOG_SOFTMAX);
}

void ao_log_softmax_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                          const int64_t *cs, int64_t cnt)
{
    ao_rk_softmax_block(p, base, isz, cs, cnt, AO_RK_LOG_SOFTMAX);
}

/* LogSoftmaxBackward: out = g - exp(y) * sum(g) (torch's _log_softmax_backward_data);
 * operands 0 out, 1 gradOutput, 2 output (same dtype); the result goes to out through
 * the inputs' dtype. */
void ao_log_softmax_backward_row(const ao_row_plan *p, char *const *base, const int64_t *isz)
{
    (void)isz;
    ao_rk_ctx c;
    ao_rk_init(&c);
    const int64_t n = p->n, so = p->rstride[0], sg = p->rstride[1], sy = p->rstride[2];
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    double acc[32] = {0}; /* row_math.h's AO_RM_DOT_LANES */
    /* not bfloat16 in the AVX2 region: its integer widening and narrowing 8 at a time
     * made that row 1.2x slower than the buffered path (Zen 4, (128, 1000)) */
    if (c.rm->sum16 && d0 == d1 && d1 == d2 && ao_rk_is16(d1) && (n == 1 || (so == 1 && sg == 1 && sy == 1)) &&
        (c.isa->level >= 2 || d1 == AO_DT_FLOAT16)) {
        /* a contiguous 16-bit row of any length: g's sum and the result read the row's
         * elements straight from memory, widened and narrowed in registers (row_math.h),
         * with no fp32 buffers: the same lanes, exps and results as below */
        const int nrm = c.rm->sum16(acc, base[1], base[2], n, d1);
        double s16 = 0.0;
        for (int k = 0; k < 32; k++)
            s16 += acc[k];
        c.rm->lsb16(base[0], base[1], base[2], (float)s16, n, d1, nrm);
        return;
    }
    float gbuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    float ybuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    float tbuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    const int whole = n <= AO_RK_CHUNK;
    const float *gw = whole ? ao_rk_load(&c, d1, d1, base[1], sg, 0, n, gbuf) : NULL;
    for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
        const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
        const float *g = whole ? gw : ao_rk_load(&c, d1, d1, base[1], sg, i, m, gbuf);
        c.rm->dot(acc, g, NULL, m);
    }
    double sum = 0.0;
    for (int k = 0; k < 32; k++)
        sum += acc[k];
    const float fs = (float)sum;
    for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
        const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
        const float *g = whole ? gw : ao_rk_load(&c, d1, d1, base[1], sg, i, m, gbuf);
        const float *y = ao_rk_load(&c, d2, d2, base[2], sy, i, m, ybuf);
        float *o = ao_rk_direct(d0, d1, base[0], so, i, m, tbuf);
        c.rm->lsb_out(o, g, y, fs, m);
        if (o == tbuf)
            ao_rk_store(&c, d0, d1, base[0], so, i, m, tbuf);
    }
}

void ao_log_softmax_backward_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                                   const int64_t *cs, int64_t cnt)
{
    ao_rk_ctx c;
    ao_rk_init(&c);
    const int d0 = p->dtype[0], d1 = p->dtype[1], d2 = p->dtype[2];
    float gbuf[AO_ROW_BLOCK], ybuf[AO_ROW_BLOCK], t[AO_ROW_BLOCK], fs[AO_ROW_BLOCK];
    double sum[AO_ROW_BLOCK] = {0};
    for (int64_t i = 0; i < p->n; i++) {
        const float *g = ao_rk_load(&c, d1, d1, base[1] + i * p->rstride[1] * isz[1], cs[1], 0, cnt, gbuf);
        for (int64_t j = 0; j < cnt; j++)
            sum[j] += (double)g[j];
    }
    for (int64_t j = 0; j < cnt; j++)
        fs[j] = (float)sum[j];
    for (int64_t i = 0; i < p->n; i++) {
        const float *g = ao_rk_load(&c, d1, d1, base[1] + i * p->rstride[1] * isz[1], cs[1], 0, cnt, gbuf);
        const float *y = ao_rk_load(&c, d2, d2, base[2] + i * p->rstride[2] * isz[2], cs[2], 0, cnt, ybuf);
        c.rm->exp(t, y, cnt);
        for (int64_t j = 0; j < cnt; j++)
            t[j] = g[j] - t[j] * fs[j];
        ao_rk_store(&c, d0, d1, base[0] + i * p->rstride[0] * isz[0], cs[0], 0, cnt, t);
    }
}

/* ---- SoftmaxCrossEntropyWithLogits -----------------------------------------------------
 * Operands: 0 backprop (the row's shape), 1 loss (one element per row: rstride 0), 2
 * features, 3 labels (one dtype). fp32 math in the order of TF's kernel (which CANN's
 * op reproduces: hicann/ops-nn activation/softmax_cross_entropy_with_logits), double
 * row sums:
 *     m = max(x); s = sum(exp(x - m)); lse = log(s)
 *     backprop = exp(x - m) * (1 / s) - y        (softmax(x) - y)
 *     loss     = -sum(y * ((x - m) - lse))       (-sum(y * log_softmax(x)))
 * 16-bit operands are widened on load; backprop is rounded once on store, loss once from
 * its double sum. A row of at most AO_RK_CHUNK elements is loaded once; a longer one is
 * read once per pass in chunks (no scratch memory: no workspace). The exps and the max
 * run in the ISA region's loops (row_math.h, as Softmax's). */
void ao_softmax_xent_row(const ao_row_plan *p, char *const *base, const int64_t *isz)
{
    (void)isz;
    ao_rk_ctx c;
    ao_rk_init(&c);
    const int64_t n = p->n, sb = p->rstride[0], sx = p->rstride[2], sy = p->rstride[3];
    const int db = p->dtype[0], dl = p->dtype[1], dx = p->dtype[2], dy = p->dtype[3];
    float xbuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    float ybuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    float tbuf[AO_RK_CHUNK] __attribute__((aligned(64)));
    const int whole = n <= AO_RK_CHUNK;
    const float *xw;
    const float mx = ao_rk_row_max(&c, dx, dx, base[2], sx, n, xbuf, &xw, NULL);
    double sum = 0.0;
    for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
        const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
        const float *x = whole ? xw : ao_rk_load(&c, dx, dx, base[2], sx, i, m, xbuf);
        sum += c.rm->exp_sum(tbuf, x, m, mx); /* whole: tbuf keeps the row's exps */
    }
    const float inv = 1.0f / (float)sum;
    const float lse = (float)log(sum);
    double acc[8] = {0};
    for (int64_t i = 0; i < n; i += AO_RK_CHUNK) {
        const int64_t m = n - i < AO_RK_CHUNK ? n - i : AO_RK_CHUNK;
        const float *x = whole ? xw : ao_rk_load(&c, dx, dx, base[2], sx, i, m, xbuf);
        const float *y = ao_rk_load(&c, dy, dy, base[3], sy, i, m, ybuf);
        if (!whole)
            c.rm->exp_sum(tbuf, x, m, mx);
        for (int64_t j = 0; j < m; j++) {
            acc[j & 7] += (double)(y[j] * ((x[j] - mx) - lse));
            tbuf[j] = tbuf[j] * inv - y[j];
        }
        ao_rk_store(&c, db, db, base[0], sb, i, m, tbuf);
    }
    double loss = 0.0;
    for (int k = 0; k < 8; k++)
        loss += acc[k];
    ao_rk_st64(dl, base[1], 0, -loss);
}

/* cnt adjacent rows: each by the row function (rows of a per-row output are cs[1] apart). */
void ao_softmax_xent_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                           const int64_t *cs, int64_t cnt)
{
    char *b[AO_ROW_MAX_OPERANDS];
    for (int64_t j = 0; j < cnt; j++) {
        for (int k = 0; k < p->nops; k++)
            b[k] = base[k] + j * cs[k] * isz[k];
        ao_softmax_xent_row(p, b, isz);
    }
}
