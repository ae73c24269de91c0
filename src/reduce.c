/* The arithmetic reductions and the scan on the axis-reduction kind (axis_kernels.h;
 * driven by src/axis.c's ao_axis_run on the engine's worker pool): a sum, a mean and
 * an argmax of each row's block, and a running sum along it. Unlike the norms they
 * load every real dtype of the table.
 *
 * Operands: 0 the output, 1 self. attrs[0]: the compute dtype's aclDataType code
 * (CANN casts self to it first, then reduces in it); the output takes the result by
 * the Cast kernel's conversion (src/cast.c's rules).
 *
 *   sum     a float compute dtype: each element rounded to it, summed in AO_NM_LANES
 *           double lanes per chunk of AO_AX_CHUNK elements, the chunks' lanes added in
 *           order, the lanes in one fixed tree (ao_axis_lanes), rounded once. A FLOAT,
 *           FLOAT16 or BFLOAT16 self to a FLOAT, FLOAT16 or BFLOAT16 compute dtype
 *           that holds its elements (the fp32 path) sums in the grouped order, as
 *           CANN's kernel sums float32 in float32: the row in groups of AO_NM_GROUP
 *           (64) elements from element 0; in group g, lane l's float32 partial
 *           (x[64g + l] + x[64g + 16 + l]) + (x[64g + 32 + l] + x[64g + 48 + l])
 *           (elements past the row's end +0), then lane l += (double)partial
 *           (norm_math.h's sum_groups; within 4 * 2^-24 of sum |x|). Other selfs and
 *           DOUBLE: element i into lane i % AO_NM_LANES, in double. An integer
 *           compute dtype: exact, wrapping in its width (two's complement, as torch);
 *           BOOL: any non-zero (CANN's ReduceAny).
 *   mean    the float sum / n, rounded once to the compute dtype; n = 0: NaN.
 *   argmax  the block index of the first maximum (torch: NaN is the maximum, the
 *           first NaN wins); floats compare as double, integers as 64-bit; the index
 *           is stored into the output's dtype (attrs unused).
 *   cumsum  out[i] = the running sum of elements 0..i in block order: in double for a
 *           float compute dtype (each element rounded to it first, each output rounded
 *           once), wrapping for an integer one.
 * A row's result does not depend on the thread count (rows are independent; a long
 * row's chunks add in one order). Beside the row functions: the rows functions (up to
 * AO_AX_NR neighbouring rows at once: a reduction or scan over outer dims, vectorised
 * across the rows; over the last dim, several contiguous rows' chains interleaved, as
 * one row's lanes wait on the add latency) and the parts of a long row (ao_axis_run's
 * chunks on several threads), each with the row function's bits. */
#include <math.h>
#include <string.h>

#include "axis_kernels.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

typedef union { double d; int64_t i; uint64_t u; } ao_rd_val;

/* Element i (an element offset) of a tensor of dtype dt as its exact carrier: double
 * for the floats, int64 for the signed integers and bool, uint64 for the unsigned. */
static inline ao_rd_val ao_rd_load(int dt, const char *base, int64_t i)
{
    ao_rd_val v;
    switch (dt) {
    case AO_DT_FLOAT: v.d = ((const float *)base)[i]; break;
    case AO_DT_FLOAT16: v.d = ao_s_f16_to_f32(((const uint16_t *)base)[i]); break;
    case AO_DT_BF16: v.d = ao_s_bf16_to_f32(((const uint16_t *)base)[i]); break;
    case AO_DT_DOUBLE: v.d = ((const double *)base)[i]; break;
    case AO_DT_INT8: v.i = ((const int8_t *)base)[i]; break;
    case AO_DT_INT16: v.i = ((const int16_t *)base)[i]; break;
    case AO_DT_INT32: v.i = ((const int32_t *)base)[i]; break;
    case AO_DT_INT64: v.i = ((const int64_t *)base)[i]; break;
    case AO_DT_BOOL: v.i = ((const uint8_t *)base)[i] != 0; break;
    case AO_DT_UINT8: v.u = ((const uint8_t *)base)[i]; break;
    case AO_DT_UINT16: v.u = ((const uint16_t *)base)[i]; break;
    case AO_DT_UINT32: v.u = ((const uint32_t *)base)[i]; break;
    default: v.u = ((const uint64_t *)base)[i]; break;
    }
    return v;
}

/* A carrier of class cls as a double (integers: one rounding). */
static inline double ao_rd_as_double(int cls, ao_rd_val v)
{
    return cls == AO_DTC_FLOAT ? v.d : cls == AO_DTC_INT ? (double)v.i : (double)v.u;
}

/* A carrier's integer bits (floats truncate toward zero; NaN, inf and out-of-range
 * values give INT64_MIN's bits, as the Cast kernel stores them). */
static inline uint64_t ao_rd_bits(int cls, ao_rd_val v)
{
    if (cls != AO_DTC_FLOAT)
        return v.u;
    if (v.d > -9223372036854775808.0 && v.d < 9223372036854775808.0)
        return (uint64_t)(int64_t)v.d;
    if (v.d >= 0.0 && v.d < 18446744073709551616.0)
        return (uint64_t)v.d;
    return (uint64_t)INT64_MIN;
}

/* A double rounded to the float dtype cd (the Cast kernel's conversion), as a double. */
static inline double ao_rd_round(int cd, double d)
{
    switch (cd) {
    case AO_DT_FLOAT: return (double)(float)d;
    case AO_DT_FLOAT16: return (double)ao_s_f16_to_f32(ao_s_f64_to_f16(d));
    case AO_DT_BF16: return (double)ao_s_bf16_to_f32(ao_s_f32_to_bf16((float)d));
    default: return d;
    }
}

/* Element i of self cast to the float compute dtype cd, as a double. Integers convert
 * to a 32-bit or narrower float through float, as the Cast kernel does. */
static inline double ao_rd_float_elem(int sdt, int cd, const char *base, int64_t i)
{
    const int cls = ao_dtype_class(sdt);
    const ao_rd_val v = ao_rd_load(sdt, base, i);
    if (cls == AO_DTC_FLOAT)
        return sdt == cd ? v.d : ao_rd_round(cd, v.d);
    if (cd == AO_DT_DOUBLE)
        return ao_rd_as_double(cls, v);
    const float f = cls == AO_DTC_INT ? (float)v.i : (float)v.u;
    return ao_rd_round(cd, (double)f);
}

/* The low bits of x as the integer dtype cd (sign- or zero-extended to 64 bits). */
static inline uint64_t ao_rd_wrap(int cd, uint64_t x)
{
    switch (cd) {
    case AO_DT_INT8: return (uint64_t)(int64_t)(int8_t)x;
    case AO_DT_INT16: return (uint64_t)(int64_t)(int16_t)x;
    case AO_DT_INT32: return (uint64_t)(int64_t)(int32_t)x;
    case AO_DT_UINT8: return (uint8_t)x;
    case AO_DT_UINT16: return (uint16_t)x;
    case AO_DT_UINT32: return (uint32_t)x;
    default: return x;
    }
}

/* Stores a value of the compute dtype cd (v: its carrier, cls its class) into the
 * output element p of dtype dt (the Cast kernel's conversion). */
static void ao_rd_store(int dt, char *p, int cls, ao_rd_val v)
{
    double d = ao_rd_as_double(cls, v);
    switch (dt) {
    case AO_DT_DOUBLE: *(double *)p = d; return;
    case AO_DT_FLOAT: *(float *)p = cls == AO_DTC_FLOAT ? (float)d : cls == AO_DTC_INT ? (float)v.i : (float)v.u;
        return;
    case AO_DT_FLOAT16:
        *(uint16_t *)p = ao_s_f64_to_f16(cls == AO_DTC_FLOAT ? d : (double)(cls == AO_DTC_INT ? (float)v.i
                                                                                                 : (float)v.u));
        return;
    case AO_DT_BF16:
        *(uint16_t *)p = ao_s_f32_to_bf16(cls == AO_DTC_FLOAT ? (float)d : cls == AO_DTC_INT ? (float)v.i
                                                                                              : (float)v.u);
        return;
    case AO_DT_BOOL: *(uint8_t *)p = cls == AO_DTC_FLOAT ? d != 0.0 : v.u != 0; return;
    default: break;
    }
    const uint64_t b = ao_rd_bits(cls, v);
    switch (ao_dtype_itemsize(dt)) {
    case 1: *(uint8_t *)p = (uint8_t)b; break;
    case 2: *(uint16_t *)p = (uint16_t)b; break;
    case 4: *(uint32_t *)p = (uint32_t)b; break;
    default: *(uint64_t *)p = b; break;
    }
}

static inline int64_t ao_rd_cnt(int64_t n, int64_t lo)
{
    return n - lo < AO_AX_BLOCK ? n - lo : AO_AX_BLOCK;
}

/* Whether self's fp32 blocks (ao_axis_view) hold its elements cast to cd exactly. */
static inline int ao_rd_fp32_path(int sdt, int cd)
{
    return (sdt == AO_DT_FLOAT || sdt == AO_DT_FLOAT16 || sdt == AO_DT_BF16) &&
           (cd == sdt || cd == AO_DT_FLOAT || cd == AO_DT_DOUBLE);
}

_Static_assert(AO_AX_BLOCK % AO_NM_GROUP == 0 && AO_AX_CHUNK % AO_NM_GROUP == 0,
               "blocks and chunks start on a group of the grouped order");

/* Whether a row's float sum runs in the grouped order (norm_math.h's sum_groups): the
 * fp32 path to a 32-bit or narrower float compute dtype. DOUBLE keeps its double lanes. */
static inline int ao_rd_grouped(int sdt, int cd)
{
    return cd != AO_DT_DOUBLE && ao_rd_fp32_path(sdt, cd);
}

/* The lanes of elements [lo, lo + cnt) of a row's block cast to the float dtype cd, from
 * zero (lo a multiple of AO_NM_GROUP: element i into lane i % AO_NM_LANES, and on the
 * fp32 path to a narrower-than-double cd, in the grouped order's groups). */
static void ao_rd_fsum_part(const ao_axis_plan *p, const char *x, const ao_norm_math *m, float *scratch, int cd,
                            int64_t lo, int64_t cnt, double *acc)
{
    const int sdt = p->dtype[1];
    for (int l = 0; l < AO_NM_LANES; l++)
        acc[l] = 0.0;
    if (ao_rd_fp32_path(sdt, cd)) {
        for (int64_t b = 0; b < cnt; b += AO_AX_BLOCK) {
            const int64_t c = cnt - b < AO_AX_BLOCK ? cnt - b : AO_AX_BLOCK;
            const float *v = ao_axis_view(p, 1, x, lo + b, c, scratch);
            if (ao_rd_grouped(sdt, cd))
                m->sum_groups(acc, v, c);
            else
                m->sum(acc, v, c);
        }
    } else if (cnt > 0) {
        /* i0 + j is the element's index from lo: its lane is (i0 + j) % lanes */
        AO_AX_WALK(p, 1, lo, cnt, {
            for (int64_t j = 0; j < run; j++)
                acc[(i0 + j) % AO_NM_LANES] += ao_rd_float_elem(sdt, cd, x, off + j * step);
        });
    }
}

/* The double lanes of a row's block cast to the float dtype cd: chunks of AO_AX_CHUNK
 * elements, each summed from zero, added in chunk order (ao_axis_run may sum a long
 * row's chunks on several threads: the same bits). */
static double ao_rd_fsum(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch, int cd)
{
    double tot[AO_NM_LANES] = {0}, acc[AO_NM_LANES];
    for (int64_t lo = 0; lo < p->n; lo += AO_AX_CHUNK) {
        ao_rd_fsum_part(p, base[1], m, scratch, cd, lo, p->n - lo < AO_AX_CHUNK ? p->n - lo : AO_AX_CHUNK, acc);
        for (int l = 0; l < AO_NM_LANES; l++)
            tot[l] = lo ? tot[l] + acc[l] : acc[l];
    }
    return ao_axis_lanes(tot);
}

/* The wrapping integer sum of a row's block cast to the integer dtype cd (BOOL: any). */
static uint64_t ao_rd_isum(const ao_axis_plan *p, char *const *base, int cd)
{
    const int sdt = p->dtype[1], cls = ao_dtype_class(sdt);
    uint64_t s = 0;
    if (cd == AO_DT_BOOL) {
        AO_AX_WALK(p, 1, 0, p->n, {
            for (int64_t j = 0; j < run; j++) {
                const ao_rd_val v = ao_rd_load(sdt, base[1], off + j * step);
                s |= cls == AO_DTC_FLOAT ? v.d != 0.0 : v.u != 0;
            }
        });
        return s;
    }
    AO_AX_WALK(p, 1, 0, p->n, {
        for (int64_t j = 0; j < run; j++)
            s += ao_rd_bits(cls, ao_rd_load(sdt, base[1], off + j * step));
    });
    return ao_rd_wrap(cd, s);
}

void ao_sum_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    const int cd = (int)p->attrs[0];
    ao_rd_val v;
    if (ao_dtype_class(cd) == AO_DTC_FLOAT) {
        v.d = ao_rd_round(cd, ao_rd_fsum(p, base, m, scratch, cd));
        ao_rd_store(p->dtype[0], base[0], AO_DTC_FLOAT, v);
    } else {
        v.u = ao_rd_isum(p, base, cd);
        ao_rd_store(p->dtype[0], base[0], ao_dtype_class(cd), v);
    }
}

void ao_mean_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    const int cd = (int)p->attrs[0];
    ao_rd_val v;
    v.d = p->n ? ao_rd_round(cd, ao_rd_fsum(p, base, m, scratch, cd) / (double)p->n) : NAN;
    ao_rd_store(p->dtype[0], base[0], AO_DTC_FLOAT, v);
}

void ao_argmax_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    const int sdt = p->dtype[1], cls = ao_dtype_class(sdt);
    int64_t best = 0;
    int found = 0, nan = 0;
    ao_rd_val bv;
    bv.u = 0;
    (void)scratch;
    if (sdt == AO_DT_FLOAT && p->indim == 1 && p->istrides[1][0] == 1 && p->n > 0) {
        /* a contiguous FLOAT row: the region's loop, the same index */
        ao_rd_val r;
        r.i = m->argmax_f32((const float *)base[1], p->n);
        ao_rd_store(p->dtype[0], base[0], AO_DTC_INT, r);
        return;
    }
    AO_AX_WALK(p, 1, 0, p->n, {
        for (int64_t j = 0; j < run && !nan; j++) {
            const ao_rd_val v = ao_rd_load(sdt, base[1], off + j * step);
            int better;
            if (cls == AO_DTC_FLOAT)
                better = v.d != v.d ? (nan = 1) : !found || v.d > bv.d;
            else if (cls == AO_DTC_INT)
                better = !found || v.i > bv.i;
            else
                better = !found || v.u > bv.u;
            if (better) {
                bv = v;
                best = i0 + j;
                found = 1;
            }
        }
        if (nan)
            break;
    });
    ao_rd_val r;
    r.i = best;
    ao_rd_store(p->dtype[0], base[0], AO_DTC_INT, r);
}

void ao_cumsum_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    const int cd = (int)p->attrs[0], sdt = p->dtype[1], odt = p->dtype[0], scls = ao_dtype_class(sdt);
    const int ccls = ao_dtype_class(cd);
    const int64_t osz = ao_dtype_itemsize(odt);
    const int64_t *ost = p->istrides[0];
    double fs = 0.0;
    uint64_t is = 0;
    (void)m;
    (void)scratch;
    if (sdt == AO_DT_FLOAT && odt == AO_DT_FLOAT && cd == AO_DT_FLOAT && p->indim == 1) {
        /* FLOAT to FLOAT along one dim: the loop below without its conversions */
        const float *x = (const float *)base[1];
        float *o = (float *)base[0];
        const int64_t xs = p->istrides[1][0], ys = ost[0];
        for (int64_t i = 0; i < p->n; i++) {
            fs += (double)x[i * xs];
            o[i * ys] = (float)fs;
        }
        return;
    }
    AO_AX_WALK(p, 1, 0, p->n, {
        for (int64_t j = 0; j < run; j++) {
            /* the output's element of block index i0 + j */
            const int64_t oi = p->indim == 1 ? (i0 + j) * ost[0]
                                             : ao_walk_offset(p->indim, p->ishape, ost, i0 + j);
            ao_rd_val v;
            if (ccls == AO_DTC_FLOAT) {
                fs += ao_rd_float_elem(sdt, cd, base[1], off + j * step);
                v.d = ao_rd_round(cd, fs);
            } else if (cd == AO_DT_BOOL) {
                const ao_rd_val e = ao_rd_load(sdt, base[1], off + j * step);
                is |= scls == AO_DTC_FLOAT ? e.d != 0.0 : e.u != 0;
                v.u = is;
            } else {
                is += ao_rd_bits(scls, ao_rd_load(sdt, base[1], off + j * step));
                v.u = ao_rd_wrap(cd, is);
            }
            ao_rd_store(odt, base[0] + oi * osz, ccls, v);
        }
    });
}

#if defined(__x86_64__) || defined(__i386__)
#define AO_RD_X86 1
#else
#define AO_RD_X86 0
#endif

/* a[r] += x[r] (a DOUBLE compute dtype's lanes): the same adds in every region (no
 * reassociation, nothing to contract) */
static void ao_rd_add_cols(double *restrict a, const float *restrict x, int64_t nr)
{
    for (int64_t r = 0; r < nr; r++)
        a[r] += (double)x[r];
}

#if AO_RD_X86
__attribute__((target("avx2,avx512f,avx512vl,avx512dq"))) static void
ao_rd_add_cols_avx512(double *restrict a, const float *restrict x, int64_t nr)
{
    for (int64_t r = 0; r < nr; r++)
        a[r] += (double)x[r];
}
#endif

/* The grouped order's lanes of elements [lo, lo + cnt) (lo on a group) of nr rows
 * vectorised across the rows (neighbouring floats): for each group, the offsets of its
 * elements, then lane l's partials of every row at once (norm_math.h's sum_groups_cols). */
static void ao_rd_group_cols(const ao_axis_plan *p, const float *x, int64_t lo, int64_t cnt, int64_t nr,
                             const ao_norm_math *m, double (*acc)[AO_AX_NR])
{
    static const float zero[AO_AX_NR];
    int64_t offs[AO_NM_GROUP];
    for (int64_t g = lo; g < lo + cnt; g += AO_NM_GROUP) {
        const int64_t gc = lo + cnt - g < AO_NM_GROUP ? lo + cnt - g : AO_NM_GROUP;
        AO_AX_WALK(p, 1, g, gc, {
            for (int64_t j = 0; j < run; j++)
                offs[i0 + j] = off + j * step;
        });
        for (int l = 0; l < AO_NM_LANES; l++) {
            const float *c[4];
            for (int k = 0; k < 4; k++)
                c[k] = l + 16 * k < gc ? x + offs[l + 16 * k] : zero;
            m->sum_groups_cols(acc[l], c[0], c[1], c[2], c[3], nr);
        }
    }
}

/* Several rows of a FLOAT self with unit stride between neighbouring rows (a reduction
 * over outer dims: the columns of a matrix), summed together: lane l of row r in
 * acc[l][r], the block's elements into the lanes as the row function sums them (a FLOAT
 * compute dtype in the grouped order, DOUBLE element i into lane i % AO_NM_LANES), the
 * lanes added in ao_axis_lanes' tree: the same bits, vectorised over r. */
static int ao_rd_fsum_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m,
                           double *res)
{
    const int cd = (int)p->attrs[0];
    if (p->dtype[1] != AO_DT_FLOAT || (cd != AO_DT_FLOAT && cd != AO_DT_DOUBLE) ||
        p->ostrides[1][p->ondim - 1] != 1)
        return 0;
    double acc[AO_NM_LANES][AO_AX_NR], tot[AO_NM_LANES][AO_AX_NR];
    const float *x = (const float *)base[1];
    const int wide = AO_RD_X86 && ao_isa_current()->level >= 2;
    memset(tot, 0, sizeof tot);
    for (int64_t lo = 0; lo < p->n; lo += AO_AX_CHUNK) {
        /* the row function's chunks: each from zero, added in order */
        const int64_t cnt = p->n - lo < AO_AX_CHUNK ? p->n - lo : AO_AX_CHUNK;
        memset(acc, 0, sizeof acc);
        if (cd == AO_DT_FLOAT)
            ao_rd_group_cols(p, x, lo, cnt, nr, m, acc);
        else
            AO_AX_WALK(p, 1, lo, cnt, {
                for (int64_t j = 0; j < run; j++) {
                    const float *xr = x + off + j * step;
                    double *a = acc[(i0 + j) % AO_NM_LANES];
#if AO_RD_X86
                    if (wide) {
                        ao_rd_add_cols_avx512(a, xr, nr);
                        continue;
                    }
#endif
                    ao_rd_add_cols(a, xr, nr);
                }
            });
        for (int l = 0; l < AO_NM_LANES; l++)
            for (int64_t r = 0; r < nr; r++)
                tot[l][r] = lo ? tot[l][r] + acc[l][r] : acc[l][r];
    }
    for (int64_t r = 0; r < nr; r++) {
        double t[AO_NM_LANES];
        for (int l = 0; l < AO_NM_LANES; l++)
            t[l] = tot[l][r];
        res[r] = ao_axis_lanes(t);
    }
    return 1;
}

static int ao_rd_store_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const double *res, int mean)
{
    const int cd = (int)p->attrs[0], odt = p->dtype[0];
    const int64_t os = p->ondim > 0 ? p->ostrides[0][p->ondim - 1] * ao_dtype_itemsize(odt) : 0;
    if (odt == cd && (cd == AO_DT_FLOAT || cd == AO_DT_FLOAT16 || cd == AO_DT_BF16) && p->n) {
        /* out in the compute dtype: one rounding (the loop below's rounding to cd, then
         * its store, rounds twice to the same value) */
        for (int64_t r = 0; r < nr; r++) {
            const double d = mean ? res[r] / (double)p->n : res[r];
            char *o = base[0] + r * os;
            if (cd == AO_DT_FLOAT)
                *(float *)o = (float)d;
            else if (cd == AO_DT_FLOAT16)
                *(uint16_t *)o = ao_s_f64_to_f16(d);
            else
                *(uint16_t *)o = ao_s_f32_to_bf16((float)d);
        }
        return 1;
    }
    for (int64_t r = 0; r < nr; r++) {
        ao_rd_val v;
        v.d = mean ? (p->n ? ao_rd_round(cd, res[r] / (double)p->n) : NAN) : ao_rd_round(cd, res[r]);
        ao_rd_store(odt, base[0] + r * os, AO_DTC_FLOAT, v);
    }
    return 1;
}

/* The float sums of nr neighbouring rows into res (0: no rows path for the plan). */
static int ao_rd_fsum_any_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m,
                               double *res)
{
    const int cd = (int)p->attrs[0];
    if (ao_dtype_class(cd) != AO_DTC_FLOAT)
        return 0;
    return ao_rd_fsum_rows(p, base, nr, m, res) ||
           (ao_rd_fp32_path(p->dtype[1], cd) &&
            ao_axis_sum_rows(p, 1, base[1], nr, m, ao_rd_grouped(p->dtype[1], cd) ? AO_NM_GROUPED : 0, NULL,
                             AO_AX_CHUNK, res));
}

int ao_sum_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m)
{
    double res[AO_AX_NR];
    return ao_rd_fsum_any_rows(p, base, nr, m, res) && ao_rd_store_rows(p, base, nr, res, 0);
}

int ao_mean_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m)
{
    double res[AO_AX_NR];
    return ao_rd_fsum_any_rows(p, base, nr, m, res) && ao_rd_store_rows(p, base, nr, res, 1);
}

/* Rows scanned together, elements per block (the blocks' fp32 and double copies fit L1). */
#define AO_RD_SCAN_ROWS 8
#define AO_RD_SCAN_BLOCK 128

/* The scan of G rows' block [0, cnt): s[r] runs on over xr[r] into d[r] (G a constant:
 * the rows' independent chains in one loop, where one row waits on each add). */
static inline __attribute__((always_inline)) void ao_rd_scan_block(double *s, const float *const *xr,
                                                                  double (*d)[AO_RD_SCAN_BLOCK], int64_t cnt,
                                                                  const int G)
{
    for (int64_t i = 0; i < cnt; i++)
        for (int r = 0; r < G; r++) {
            s[r] += (double)xr[r][i];
            d[r][i] = s[r];
        }
}

/* The running sums of neighbouring contiguous rows (a scan along the last dim: row j at
 * ostrides[k][ondim - 1] elements from row j - 1) of a FLOAT, FLOAT16 or BFLOAT16 self
 * whose elements the compute dtype cd holds exactly, into an output of dtype cd: the row
 * function's double sums, each rounded once to cd, AO_RD_SCAN_ROWS rows at a time, a
 * block of each converted to fp32 and its sums to cd by the region's array loops. */
static int ao_rd_cumsum_rows_inner(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m)
{
    const int sdt = p->dtype[1], odt = p->dtype[0], cd = (int)p->attrs[0];
    if (p->indim != 1 || p->istrides[1][0] != 1 || p->istrides[0][0] != 1 || odt != cd ||
        cd == AO_DT_DOUBLE || !ao_rd_fp32_path(sdt, cd))
        return 0;
    const ao_isa_impl *isa = ao_isa_current();
    const int64_t isz = ao_dtype_itemsize(sdt), osz = ao_dtype_itemsize(odt);
    const int64_t xrs = p->ostrides[1][p->ondim - 1] * isz, ors = p->ostrides[0][p->ondim - 1] * osz;
    float xb[AO_RD_SCAN_ROWS][AO_RD_SCAN_BLOCK], fb[AO_RD_SCAN_BLOCK];
    double db[AO_RD_SCAN_ROWS][AO_RD_SCAN_BLOCK], s[AO_RD_SCAN_ROWS];
    const float *xr[AO_RD_SCAN_ROWS];
    for (int64_t g = 0; g < nr; g += AO_RD_SCAN_ROWS) {
        const int k = nr - g < AO_RD_SCAN_ROWS ? (int)(nr - g) : AO_RD_SCAN_ROWS;
        for (int r = 0; r < k; r++)
            s[r] = 0.0;
        for (int64_t lo = 0; lo < p->n; lo += AO_RD_SCAN_BLOCK) {
            const int64_t cnt = p->n - lo < AO_RD_SCAN_BLOCK ? p->n - lo : AO_RD_SCAN_BLOCK;
            for (int r = 0; r < k; r++) {
                const char *src = base[1] + (g + r) * xrs + lo * isz;
                if (sdt == AO_DT_FLOAT16)
                    isa->f16_to_f32(xb[r], (const uint16_t *)src, cnt);
                else if (sdt == AO_DT_BF16)
                    isa->bf16_to_f32(xb[r], (const uint16_t *)src, cnt);
                xr[r] = sdt == AO_DT_FLOAT ? (const float *)src : xb[r];
            }
            if (k == AO_RD_SCAN_ROWS)
                ao_rd_scan_block(s, xr, db, cnt, AO_RD_SCAN_ROWS);
            else
                for (int r = 0; r < k; r++)
                    ao_rd_scan_block(s + r, xr + r, db + r, cnt, 1);
            for (int r = 0; r < k; r++) {
                char *dst = base[0] + (g + r) * ors + lo * osz;
                if (odt == AO_DT_FLOAT16) {
                    m->f64_to_f16((uint16_t *)dst, db[r], cnt);
                } else if (odt == AO_DT_BF16) {     /* the Cast kernel's bf16: through fp32 */
                    m->f64_to_f32(fb, db[r], cnt);
                    isa->f32_to_bf16((uint16_t *)dst, fb, cnt);
                } else {
                    m->f64_to_f32((float *)dst, db[r], cnt);
                }
            }
        }
    }
    return 1;
}

/* The running sums of several rows: along the last dim (ao_rd_cumsum_rows_inner), or of
 * FLOAT rows into FLOAT with unit stride between neighbouring rows in self and out (a
 * scan along an outer dim): the row function's double sums. */
int ao_cumsum_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m)
{
    if (ao_rd_cumsum_rows_inner(p, base, nr, m))
        return 1;
    if (p->dtype[1] != AO_DT_FLOAT || p->dtype[0] != AO_DT_FLOAT || (int)p->attrs[0] != AO_DT_FLOAT ||
        p->ostrides[1][p->ondim - 1] != 1 || p->ostrides[0][p->ondim - 1] != 1 || p->indim != 1)
        return 0;
    double s[AO_AX_NR];
    const float *x = (const float *)base[1];
    float *o = (float *)base[0];
    const int64_t xs = p->istrides[1][0], ys = p->istrides[0][0];
    for (int64_t r = 0; r < nr; r++)
        s[r] = 0.0;
    for (int64_t i = 0; i < p->n; i++) {
        const float *restrict xr = x + i * xs;
        float *restrict yr = o + i * ys;
        for (int64_t r = 0; r < nr; r++) {
            s[r] += (double)xr[r];
            yr[r] = (float)s[r];
        }
    }
    return 1;
}

/* A long row's chunk (ao_axis_run's parts of one row on several threads): its lanes;
 * cnt = 0 asks whether the plan has this path (a float compute dtype). */
static int ao_rd_part(const ao_axis_plan *p, char *const *base, int64_t lo, int64_t cnt, const ao_norm_math *m,
                      float *scratch, double *lanes)
{
    const int cd = (int)p->attrs[0];
    if (ao_dtype_class(cd) != AO_DTC_FLOAT)
        return 0;
    if (cnt > 0)
        ao_rd_fsum_part(p, base[1], m, scratch, cd, lo, cnt, lanes);
    return 1;
}

int ao_sum_part(const ao_axis_plan *p, char *const *base, int64_t lo, int64_t cnt, const ao_norm_math *m,
                float *scratch, double *lanes)
{
    return ao_rd_part(p, base, lo, cnt, m, scratch, lanes);
}

int ao_mean_part(const ao_axis_plan *p, char *const *base, int64_t lo, int64_t cnt, const ao_norm_math *m,
                 float *scratch, double *lanes)
{
    return ao_rd_part(p, base, lo, cnt, m, scratch, lanes);
}

void ao_sum_finish(const ao_axis_plan *p, char *const *base, const double *lanes)
{
    double res = ao_axis_lanes(lanes);
    ao_rd_store_rows(p, base, 1, &res, 0);
}

void ao_mean_finish(const ao_axis_plan *p, char *const *base, const double *lanes)
{
    double res = ao_axis_lanes(lanes);
    ao_rd_store_rows(p, base, 1, &res, 1);
}
