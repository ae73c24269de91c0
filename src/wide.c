/* The elementwise engine's wide path: ops computed in float64 or in an integer dtype,
 * and operands of the dtypes the fp32 kernels do not load or store (integers, bool,
 * DOUBLE; COMPLEX64/128 outputs).
 *
 * CANN runs an op on such dtypes in one of three ways (each op's op_api source says
 * which; the declaration's dtypes and the op header's bodies carry it):
 *   - DOUBLE on its AI-CPU kernel, in double (aclnn_elu.cpp, aclnn_sigmoid.cpp, ...):
 *     the op's own body compiled over double here (ew_op.h AO_EW_MODE_WIDE);
 *   - integers on an AI-core kernel in that integer type (Relu INT32/INT64, Threshold,
 *     AddRelu's Add/Mul + Relu): the op's integer body (AO_EW_INT*), exact, wrapping;
 *   - integers read into fp32 by the kernel and written back (HardSigmoid INT32:
 *     "RINT 升 fp32 -> affine+clamp(fp32) -> TRUNC 转回", Selu, SeluGrad), or an input
 *     Cast to FLOAT before the kernel: the fp32 kernel, the operands converted.
 * The plan's `compute` names the dtype (elementwise.h). Per chunk of the iteration each
 * input is gathered with the one strided walker (ao_internal.h), converted to the
 * compute dtype with the Cast kernel (cast.c: its rules, one place), computed, converted
 * to the output's dtype the same way (float -> integer truncates toward zero) and
 * scattered. Blocks are CANN's tiling blocks (elementwise.h's contract), on the
 * engine's worker pool. This path is for dtypes the fast paths do not have: it is
 * generic, not tuned (a chunk round trip through the Cast kernel per operand). */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "elementwise.h"
#include "ew_op.h"
#include "ao_internal.h"
#include "plan_fn.h"

/* ---- the float64 kernels: the fp32 bodies over double ---- */
/* Every math helper of ew_op.h gets its libm form below. A helper added to vmath.h /
 * ew_op.h and not mapped here would expand to AO_SFX(...), a function no region of
 * this file defines: made a compile error, not a link error at import. */
#pragma GCC diagnostic error "-Wimplicit-function-declaration"
#define AO_SUFFIX map_this_helper_in_wide_c
#undef ao_expf
#undef ao_expf_addend
#undef ao_expf_plus1
#undef ao_sigmoidf
#undef ao_erff
#undef ao_logf
#undef ao_logf_b16
#undef ao_quietf
#undef ao_erfinvf
#undef ao_normal_cdff
#undef ao_expm1f
#undef ao_log1pf
#undef ao_relu6f
#undef ao_fabsf
#undef ao_sinf
#undef ao_cosf
#undef ao_tanhf
#undef ao_powf
#undef ao_sqrtf
#undef ao_axpyf
#define ao_expf(x) exp(x)
#define ao_expf_addend(x) exp(x)
#define ao_expf_plus1(x) (exp(x) + 1.0)
#define ao_sigmoidf(x) (1.0 / (1.0 + exp(-(x))))
#define ao_erff(x) erf(x)
#define ao_erfinvf(x) ao_werfinv(x)
#define ao_normal_cdff(x) (0.5 * erfc(-(x) * 0.70710678118654752440))
#define ao_logf(x) log(x)
#define ao_logf_b16(x) log(x)
#define ao_expm1f(x) expm1(x)
#define ao_log1pf(x) log1p(x)
#define ao_quietf(x) ao_wquiet(x)
#define ao_relu6f(x) ao_wrelu6(x)
#define ao_fabsf(x) fabs(x)
#define ao_sinf(x) sin(x)
#define ao_cosf(x) cos(x)
#define ao_tanhf(x) tanh(x)
#define ao_powf(x, y) pow((x), (y))
#define ao_sqrtf(x) sqrt(x)
/* DOUBLE has no Axpy in CANN (aclnn_add.cpp IsSupportAxpy): Mul, then Add */
#define ao_axpyf(a, b, c) ((b) * (c) + (a))
#define AO_FMAF(a, b, c) fma((a), (b), (c))

/* x with a signalling NaN quietened (a NaN + itself is its quiet form; others pass) */
static inline double ao_wquiet(double x) { return x != x ? x + x : x; }

/* vmath's ao_erfinvf over double (libm has no erfinv): bisection on erf to a bracket of
 * 2^-54, then Newton steps on the residual, erfc's form where erf(y) is near 1 (|x| > 0.5:
 * 1 - |x| is exact there, erf(y) - |x| would cancel). erfinv(+-1) = +-inf, |x| > 1 -> NaN. */
static double ao_werfinv(double x)
{
    if (x != x) return x + x;
    const double a = fabs(x);
    if (a > 1.0) return NAN;
    if (a == 1.0) return copysign(INFINITY, x);
    double lo = 0.0, hi = 6.0;
    for (int i = 0; i < 60; i++) {
        const double mid = 0.5 * (lo + hi);
        if (erf(mid) < a) lo = mid; else hi = mid;
    }
    double y = 0.5 * (lo + hi);
    for (int i = 0; i < 2; i++) {
        const double d = 1.1283791670955126 * exp(-y * y);
        const double res = a > 0.5 ? (1.0 - a) - erfc(y) : erf(y) - a;
        if (d > 0.0) y -= res / d;
    }
    return copysign(y, x);
}

/* vmath's ao_relu6f (Hardswish's clamp of x + 3 to [0, 6], fp32 bits) over double */
static inline double ao_wrelu6(double x)
{
    x = x < 0.0 ? 0.0 : x;
    return x > 6.0 ? 6.0 : x;
}

#define AO_EW_MODE_WIDE
#include "ew_op.h"
#define float double
#include "ascendops_ops_list.h"
#undef float
#undef AO_EW_MODE_WIDE

typedef void (*ao_wide_fn)(double *out, const double *const *in, int64_t n, const double *attrs);
typedef struct ao_wide_entry {
    const char *name;
    ao_wide_fn fn;
} ao_wide_entry;

#define AO_EW_MODE_WIDE_TABLE
#include "ew_op.h"
static const ao_wide_entry ao_wide_kernels[] = {
#include "ascendops_ops_list.h"
    { NULL, NULL }
};
#undef AO_EW_MODE_WIDE_TABLE

/* ---- the integer kernels: one per AO_EW_INT* body and integer type ---- */
/* wrapping arithmetic in T (two's complement, never C's signed-overflow UB) */
#define AO_IADD(a, b) ((T)((uint64_t)(int64_t)(a) + (uint64_t)(int64_t)(b)))
#define AO_IMUL(a, b) ((T)((uint64_t)(int64_t)(a) * (uint64_t)(int64_t)(b)))
/* a^b by squaring in T, wrapping (AO_IMUL), as torch; a negative b gives 1 for a == 1,
 * +-1 for a == -1, else 0 (torch's integer powi): the Pow ops' integer bodies */
#define AO_IPOW(a, b) ({                                                           \
    T base_ = (a), r_ = (T)1;                                                      \
    int64_t e_ = (int64_t)(b);                                                     \
    uint64_t n_ = e_ < 0 ? 0u : (uint64_t)e_;                                      \
    while (n_) {                                                                   \
        r_ = (n_ & 1u) ? AO_IMUL(r_, base_) : r_;                                  \
        base_ = AO_IMUL(base_, base_);                                             \
        n_ >>= 1;                                                                  \
    }                                                                              \
    T neg_ = base_ == (T)1 ? (T)1 : (base_ == (T)-1 ? ((e_ & 1) ? (T)-1 : (T)1) : (T)0); \
    e_ < 0 ? neg_ : r_; })

#define AO_EW_MODE_INT
#include "ew_op.h"
/* one body serves every integer type: in the unsigned one, x < 0 is always false */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtype-limits"
#define T int8_t
#define AO_ISFX i8
#include "ascendops_ops_list.h"
#undef T
#undef AO_ISFX
#define T uint8_t
#define AO_ISFX u8
#include "ascendops_ops_list.h"
#undef T
#undef AO_ISFX
#define T int16_t
#define AO_ISFX i16
#include "ascendops_ops_list.h"
#undef T
#undef AO_ISFX
#define T int32_t
#define AO_ISFX i32
#include "ascendops_ops_list.h"
#undef T
#undef AO_ISFX
#define T int64_t
#define AO_ISFX i64
#include "ascendops_ops_list.h"
#undef T
#undef AO_ISFX
#pragma GCC diagnostic pop
#undef AO_EW_MODE_INT

typedef void (*ao_int_fn)(void *out, const void *const *in, int64_t n, const int64_t *iattrs);
typedef struct ao_int_entry {
    const char *name;
    int nin;
    ao_int_fn fn[5]; /* int8, uint8, int16, int32, int64 */
} ao_int_entry;

#define AO_EW_MODE_INT_TABLE
#include "ew_op.h"
static const ao_int_entry ao_int_kernels[] = {
#include "ascendops_ops_list.h"
    { NULL, 0, { NULL, NULL, NULL, NULL, NULL } }
};
#undef AO_EW_MODE_INT_TABLE
#include "ew_op.h"

/* ---- the complex kernels: one per AO_EW_CPLX1 / AO_EW_CPLX2 body, in double complex ---- */
#define AO_EW_MODE_CPLX
#include "ew_op.h"
#include "ascendops_ops_list.h"
#undef AO_EW_MODE_CPLX

typedef void (*ao_cplx_fn)(double _Complex *out, const double _Complex *const *in, int64_t n,
                           const double *attrs);
typedef struct ao_cplx_entry {
    const char *name;
    int nin;
    ao_cplx_fn fn;
} ao_cplx_entry;

#define AO_EW_MODE_CPLX_TABLE
#include "ew_op.h"
static const ao_cplx_entry ao_cplx_kernels[] = {
#include "ascendops_ops_list.h"
    { NULL, 0, NULL }
};
#undef AO_EW_MODE_CPLX_TABLE
#include "ew_op.h"

#define AO_NWIDE ((int)(sizeof(ao_wide_kernels) / sizeof(ao_wide_kernels[0])) - 1)
#define AO_NINT ((int)(sizeof(ao_int_kernels) / sizeof(ao_int_kernels[0])) - 1)
#define AO_NCPLX ((int)(sizeof(ao_cplx_kernels) / sizeof(ao_cplx_kernels[0])) - 1)

static int ao_int_slot(int dt)
{
    switch (dt) {
    case AO_DT_INT8: return 0;
    case AO_DT_UINT8: return 1;
    case AO_DT_INT16: return 2;
    case AO_DT_INT32: return 3;
    case AO_DT_INT64: return 4;
    default: return -1;
    }
}

static const ao_int_entry *ao_int_find(const char *name)
{
    for (int i = 0; name && i < AO_NINT; i++)
        if (!strcmp(ao_int_kernels[i].name, name))
            return &ao_int_kernels[i];
    return NULL;
}

int ao_kernel_has_int(int kernel)
{
    return ao_int_find(ao_kernel_name(kernel)) != NULL;
}

static const ao_cplx_entry *ao_cplx_find(const char *name)
{
    for (int i = 0; name && i < AO_NCPLX; i++)
        if (!strcmp(ao_cplx_kernels[i].name, name))
            return &ao_cplx_kernels[i];
    return NULL;
}

int ao_kernel_has_complex(int kernel)
{
    return ao_cplx_find(ao_kernel_name(kernel)) != NULL;
}

int ao_wide_dtype_ok(int dt)
{
    return ao_dtype_itemsize(dt) != 0 || dt == AO_DT_COMPLEX64 || dt == AO_DT_COMPLEX128;
}

static int ao_wide_itemsize(int dt)
{
    return dt == AO_DT_COMPLEX64 ? 8 : dt == AO_DT_COMPLEX128 ? 16 : ao_dtype_itemsize(dt);
}

static int ao_is_complex(int dt)
{
    return dt == AO_DT_COMPLEX64 || dt == AO_DT_COMPLEX128;
}

/* the real dtype of a complex dtype's parts */
static int ao_complex_part(int dt)
{
    return dt == AO_DT_COMPLEX64 ? AO_DT_FLOAT : AO_DT_DOUBLE;
}

/* ---- the run ---- */
#define AO_WCHUNK 512
#define AO_WPAR_MIN_NUMEL 32768

typedef struct ao_wide_ctx {
    const ao_ew_plan *plan;
    char *const *data;
    int nops, ndim;
    const int64_t *shape;
    const int64_t *strides[AO_MAX_INPUTS + 1];
    int isz[AO_MAX_INPUTS + 1];
    int carrier;           /* the compute dtype's storage: FLOAT, DOUBLE or the integer */
    ao_ew_fn fn32;
    ao_wide_fn fn64;
    ao_int_fn fni;
    ao_cplx_fn fnc;
    double dattrs[AO_MAX_ATTRS];
} ao_wide_ctx;

static const int64_t ao_w_one[1] = { 1 }, ao_w_zero[1] = { 0 };

/* Moves elements [lo, lo + n) of operand o between its strided memory and the
 * contiguous raw buffer (scatter: buffer -> memory). */
static void ao_wide_move(const ao_wide_ctx *c, int o, int64_t lo, int64_t n, char *raw, int scatter)
{
    const int isz = c->isz[o];
    const int64_t *st = c->strides[o];
    char *base = c->data[o];
    ao_walker w;
    ao_walk_init(&w, c->ndim, c->shape, 1, &st, lo, lo + n);
    const int64_t inner = st[c->ndim - 1];
    int64_t j = 0, run;
    do {
        run = ao_walk_run(&w);
        char *p = base + w.off[0] * isz;
        char *b = raw + j * isz;
        if (inner == 1)
            memcpy(scatter ? p : b, scatter ? b : p, (size_t)(run * isz));
        else
            for (int64_t i = 0; i < run; i++)
                memcpy(scatter ? p + i * inner * isz : b + i * isz,
                       scatter ? b + i * isz : p + i * inner * isz, (size_t)isz);
        j += run;
    } while (ao_walk_next(&w, run));
}

/* n contiguous elements from dtype src to dtype dst: the Cast kernel's rules */
static int ao_wide_convert(char *dst, int dst_dt, const char *src, int src_dt, int64_t n)
{
    if (src_dt == dst_dt) {
        memcpy(dst, src, (size_t)(n * ao_wide_itemsize(src_dt)));
        return 0;
    }
    if (ao_is_complex(src_dt)) {
        /* part by part: complex -> complex converts both; complex -> real keeps the real
         * part (numpy's astype, the imaginary part dropped) */
        const int sp = ao_complex_part(src_dt), spsz = ao_dtype_itemsize(sp);
        char re[AO_WCHUNK * 8], im[AO_WCHUNK * 8];
        for (int64_t i = 0; i < n; i++) {
            memcpy(re + i * spsz, src + 2 * i * spsz, (size_t)spsz);
            memcpy(im + i * spsz, src + (2 * i + 1) * spsz, (size_t)spsz);
        }
        if (!ao_is_complex(dst_dt))
            return ao_wide_convert(dst, dst_dt, re, sp, n);
        const int dp = ao_complex_part(dst_dt), dpsz = ao_dtype_itemsize(dp);
        char dre[AO_WCHUNK * 8], dim[AO_WCHUNK * 8];
        int rc = ao_wide_convert(dre, dp, re, sp, n);
        rc |= ao_wide_convert(dim, dp, im, sp, n);
        for (int64_t i = 0; i < n; i++) {
            memcpy(dst + 2 * i * dpsz, dre + i * dpsz, (size_t)dpsz);
            memcpy(dst + (2 * i + 1) * dpsz, dim + i * dpsz, (size_t)dpsz);
        }
        return rc;
    }
    if (dst_dt == AO_DT_COMPLEX64 || dst_dt == AO_DT_COMPLEX128) {
        /* CANN's Cast of a real result to a complex output: the value, imaginary 0 */
        const int part = dst_dt == AO_DT_COMPLEX64 ? AO_DT_FLOAT : AO_DT_DOUBLE;
        const int psz = ao_dtype_itemsize(part);
        char tmp[AO_WCHUNK * 8];
        int rc = ao_wide_convert(tmp, part, src, src_dt, n);
        memset(dst, 0, (size_t)(n * 2 * psz));
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + i * 2 * psz, tmp + i * psz, (size_t)psz);
        return rc;
    }
    ao_cast_plan p;
    memset(&p, 0, sizeof p);
    p.src = src_dt;
    p.dst = dst_dt;
    p.ndim = 1;
    p.numel = n;
    p.shape[0] = n;
    p.strides[0][0] = 1;
    p.strides[1][0] = 1;
    char *const d[2] = { dst, (char *)src };
    return ao_cast_run(&p, d, 1);
}

/* Computes elements [lo, hi) of the iteration. */
static void ao_wide_range(const ao_wide_ctx *c, int64_t lo, int64_t hi)
{
    const int nin = c->nops - 1;
    _Alignas(64) char raw[AO_MAX_INPUTS + 1][AO_WCHUNK * 16];
    _Alignas(64) char val[AO_MAX_INPUTS + 1][AO_WCHUNK * 16];
    for (int64_t s = lo, n; s < hi; s += n) {
        n = hi - s < AO_WCHUNK ? hi - s : AO_WCHUNK;
        const void *in[AO_MAX_INPUTS];
        for (int k = 0; k < nin; k++) {
            const int o = k + 1;
            ao_wide_move(c, o, s, n, raw[o], 0);
            ao_wide_convert(val[o], c->carrier, raw[o], c->plan->dtype[o], n);
            in[k] = val[o];
        }
        if (c->fnc)
            c->fnc((double _Complex *)val[0], (const double _Complex *const *)in, n, c->dattrs);
        else if (c->fn64)
            c->fn64((double *)val[0], (const double *const *)in, n, c->dattrs);
        else if (c->fni)
            c->fni(val[0], in, n, c->plan->iattrs);
        else
            c->fn32((float *)val[0], (const float *const *)in, n, c->plan->attrs);
        const int ocls = ao_dtype_class(c->plan->dtype[0]);
        if (c->plan->round_out && (ocls == AO_DTC_INT || ocls == AO_DTC_UINT)) {
            /* CAST_RINT into an integer output: round, then the exact conversion */
            if (c->carrier == AO_DT_FLOAT)
                for (int64_t i = 0; i < n; i++)
                    ((float *)val[0])[i] = rintf(((float *)val[0])[i]);
            else if (c->carrier == AO_DT_DOUBLE)
                for (int64_t i = 0; i < n; i++)
                    ((double *)val[0])[i] = rint(((double *)val[0])[i]);
        }
        ao_wide_convert(raw[0], c->plan->dtype[0], val[0], c->carrier, n);
        ao_wide_move(c, 0, s, n, raw[0], 1);
    }
}

/* CANN's block b, clamped to the iteration (elementwise.h's tiling contract) */
static void ao_wide_block(void *arg, int64_t b)
{
    const ao_wide_ctx *c = (const ao_wide_ctx *)arg;
    const ao_tiling *t = &c->plan->tiling;
    const int64_t big = t->big_core_data_num, small = t->small_core_data_num;
    int64_t lo = b < t->tail_block_num ? b * big : t->tail_block_num * big + (b - t->tail_block_num) * small;
    int64_t hi = lo + (b < t->tail_block_num ? big : small);
    const int64_t numel = c->plan->numel;
    if (hi > numel)
        hi = numel;
    if (lo < hi)
        ao_wide_range(c, lo, hi);
}

int ao_wide_run(const ao_ew_plan *plan, char *const *data, int nthreads)
{
    ao_wide_ctx c;
    memset(&c, 0, sizeof c);
    const int nin = plan->nin;
    const int64_t numel = ao_ew_plan_numel(plan);
    if (numel < 0 || (plan->nout != 0 && plan->nout != 1))
        return -1;
    const ao_tiling *t = &plan->tiling;
    c.plan = plan;
    c.data = data;
    c.nops = nin + 1;
    c.ndim = plan->ndim ? plan->ndim : 1;
    c.shape = plan->ndim ? plan->shape : ao_w_one;
    for (int o = 0; o < c.nops; o++) {
        if (!data[o] || !ao_wide_dtype_ok(plan->dtype[o]))
            return -1;
        /* complex inputs only into a complex compute dtype */
        if (o > 0 && ao_is_complex(plan->dtype[o]) && !ao_is_complex(plan->compute))
            return -1;
        c.isz[o] = ao_wide_itemsize(plan->dtype[o]);
        c.strides[o] = plan->ndim ? plan->strides[o] : ao_w_zero;
    }
    if (plan->compute == AO_DT_FLOAT) {
        c.carrier = AO_DT_FLOAT;
        c.fn32 = ao_kernel_fn(plan->kernel);
        if (!c.fn32)
            return -1;
    } else if (plan->compute == AO_DT_COMPLEX128) {
        const ao_cplx_entry *e = ao_cplx_find(ao_kernel_name(plan->kernel));
        if (!e || e->nin != nin)
            return -1;
        c.carrier = AO_DT_COMPLEX128;
        c.fnc = e->fn;
        for (int k = 0; k < AO_MAX_ATTRS; k++)
            c.dattrs[k] = plan->attrs[k];
    } else if (plan->compute == AO_DT_DOUBLE) {
        if (plan->kernel < 0 || plan->kernel >= AO_NWIDE ||
            strcmp(ao_wide_kernels[plan->kernel].name, ao_kernel_name(plan->kernel)))
            return -1; /* the two tables come from one list: this never differs */
        c.carrier = AO_DT_DOUBLE;
        c.fn64 = ao_wide_kernels[plan->kernel].fn;
        for (int k = 0; k < AO_MAX_ATTRS; k++)
            c.dattrs[k] = plan->attrs[k];
    } else {
        const ao_int_entry *e = ao_int_find(ao_kernel_name(plan->kernel));
        const int slot = ao_int_slot(plan->compute);
        if (!e || slot < 0 || e->nin != nin)
            return -1;
        c.carrier = plan->compute;
        c.fni = e->fn[slot];
    }
    const int64_t nb = t->block_dim;
    int nt = ao_effective_threads(nthreads);
    if (nt > 1 && numel >= AO_WPAR_MIN_NUMEL)
        ao_parallel_for(nb, nt, ao_wide_block, &c);
    else
        for (int64_t b = 0; b < nb; b++)
            ao_wide_block(&c, b);
    return 0;
}
