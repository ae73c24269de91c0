/* Cast kernel: numpy's astype semantics between the float types (f64, f32, f16,
 * bf16), the integer types and bool, over any strides.
 *
 * Each element is loaded into one of three exact carriers, by the source's class:
 * a double (float sources: every f32/f16/bf16 value is exact in double), an int64
 * (signed integers, bool) or a uint64 (unsigned integers), then stored with C's
 * conversion for the destination:
 *   - integer <- integer: C casts (two's complement wrap-around, like numpy);
 *   - integer <- float: truncation toward zero; NaN, inf and out-of-range values
 *     (undefined in C, implementation-defined in numpy) store INT64_MIN's low bits,
 *     x86's "integer indefinite", instead of invoking undefined behaviour;
 *   - float <- integer: (float) / (double) conversion, f16/bf16 through float;
 *   - f16 <- float: one round-to-nearest-even from the double (numpy's
 *     npy_double_to_half); bf16 <- float: through float, like ml_dtypes;
 *   - bool <- anything: value != 0 (NaN is true). */
#include <stdint.h>
#include <string.h>

#include "plan_fn.h"
#include "ao_internal.h"
#include "scalar_cvt.h"

enum { AO_CL_F = AO_DTC_FLOAT, AO_CL_I = AO_DTC_INT, AO_CL_U = AO_DTC_UINT };

typedef union { double d; int64_t i; uint64_t u; } ao_val;

/* aclDataType codes: dtypes.h's table, spelled short here. */
enum {
    DT_F32 = AO_DT_FLOAT, DT_F16 = AO_DT_FLOAT16, DT_I8 = AO_DT_INT8, DT_I32 = AO_DT_INT32,
    DT_U8 = AO_DT_UINT8, DT_I16 = AO_DT_INT16, DT_U16 = AO_DT_UINT16, DT_U32 = AO_DT_UINT32,
    DT_I64 = AO_DT_INT64, DT_U64 = AO_DT_UINT64, DT_F64 = AO_DT_DOUBLE, DT_BOOL = AO_DT_BOOL,
    DT_BF16 = AO_DT_BF16,
};

/* Every dtype of the table converts. */
int ao_cast_supported(int dt)
{
    return ao_dtype_itemsize(dt) != 0;
}

static inline ao_val ao_cast_load(int dt, const char *p)
{
    ao_val v;
    switch (dt) {
    case DT_F32: v.d = *(const float *)p; break;
    case DT_F16: v.d = ao_s_f16_to_f32(*(const uint16_t *)p); break;
    case DT_BF16: v.d = ao_s_bf16_to_f32(*(const uint16_t *)p); break;
    case DT_F64: v.d = *(const double *)p; break;
    case DT_I8: v.i = *(const int8_t *)p; break;
    case DT_I16: v.i = *(const int16_t *)p; break;
    case DT_I32: v.i = *(const int32_t *)p; break;
    case DT_I64: v.i = *(const int64_t *)p; break;
    case DT_BOOL: v.i = *(const uint8_t *)p != 0; break;
    case DT_U8: v.u = *(const uint8_t *)p; break;
    case DT_U16: v.u = *(const uint16_t *)p; break;
    case DT_U32: v.u = *(const uint32_t *)p; break;
    default: v.u = *(const uint64_t *)p; break;
    }
    return v;
}

/* The integer bits an integer destination stores (its low bits are kept). */
static inline uint64_t ao_cast_int_bits(int cls, ao_val v, int unsigned64)
{
    if (cls == AO_CL_I || cls == AO_CL_U)
        return v.u;
    double d = v.d;
    if (d > -9223372036854775808.0 && d < 9223372036854775808.0)
        return (uint64_t)(int64_t)d;
    if (unsigned64 && d >= 0.0 && d < 18446744073709551616.0)
        return (uint64_t)d;
    return (uint64_t)INT64_MIN;
}

static inline double ao_cast_as_double(int cls, ao_val v)
{
    return cls == AO_CL_F ? v.d : cls == AO_CL_I ? (double)v.i : (double)v.u;
}

static inline float ao_cast_as_float(int cls, ao_val v)
{
    /* Integers convert to float directly (one rounding), not through double. */
    return cls == AO_CL_F ? (float)v.d : cls == AO_CL_I ? (float)v.i : (float)v.u;
}

static inline void ao_cast_store(int dt, char *p, int cls, ao_val v)
{
    switch (dt) {
    case DT_F64: *(double *)p = ao_cast_as_double(cls, v); break;
    case DT_F32: *(float *)p = ao_cast_as_float(cls, v); break;
    case DT_F16:
        *(uint16_t *)p = ao_s_f64_to_f16(cls == AO_CL_F ? v.d : (double)ao_cast_as_float(cls, v));
        break;
    case DT_BF16: *(uint16_t *)p = ao_s_f32_to_bf16(ao_cast_as_float(cls, v)); break;
    case DT_BOOL:
        *(uint8_t *)p = cls == AO_CL_F ? (v.d != 0.0) : (v.u != 0);
        break;
    case DT_I8: case DT_U8: *(uint8_t *)p = (uint8_t)ao_cast_int_bits(cls, v, 0); break;
    case DT_I16: case DT_U16: *(uint16_t *)p = (uint16_t)ao_cast_int_bits(cls, v, 0); break;
    case DT_I32: case DT_U32: *(uint32_t *)p = (uint32_t)ao_cast_int_bits(cls, v, 0); break;
    case DT_I64: *(uint64_t *)p = ao_cast_int_bits(cls, v, 0); break;
    default: *(uint64_t *)p = ao_cast_int_bits(cls, v, 1); break;
    }
}

/* Contiguous runs between float32 and the 16-bit floats: the ISA region's array
 * conversions (vcvtph2ps / vcvtps2ph, the vector bfloat16 RNE; region.h), which give
 * the scalar path's bits on every non-NaN value (RNE, overflow to inf, subnormals
 * exact). NaNs can differ (ao_s_f64_to_f16 stores 0x7e00 where F16C keeps the
 * payload; the scalar path's trip through double quietens a signalling bfloat16 NaN,
 * the vector shift does not), so a block whose source holds a NaN runs the scalar
 * loop, as it would without this path. The scalar path
 * spent 16 ns per element on float32 -> float16 (frexp, rint: libm calls) against
 * torch's 0.2; Zen 4, n=1e6. Returns 0 for the other pairs. */
#define AO_CAST_BLOCK 1024
/* elements the scalar loop converts from where a run's vector loop met a NaN: at least
 * the region's widest group (32) */
#define AO_CAST_NAN_SPAN 64

/* Elements [lo, hi) of a contiguous run through the scalar path. Not inlined: inlined
 * into ao_cast_fast's float16 -> float32 branch, where the pair is known, gcc folds the
 * scalar path's (float)(double)f to f, which keeps a signalling NaN signalling where
 * the scalar path (a switch over dtypes, not specialised) quietens it. */
__attribute__((noinline)) static void ao_cast_scalar_run(int src, int dst, char *po, const char *pi,
                                                         int64_t lo, int64_t hi)
{
    const int cls = ao_dtype_class(src), so = ao_dtype_itemsize(dst), si = ao_dtype_itemsize(src);
    for (int64_t j = lo; j < hi; j++)
        ao_cast_store(dst, po + j * so, cls, ao_cast_load(src, pi + j * si));
}

static int ao_cast_fast(int src, int dst, char *po, const char *pi, int64_t n)
{
    const int f32_f16 = src == DT_F32 && dst == DT_F16, f16_f32 = src == DT_F16 && dst == DT_F32;
    if (!f32_f16 && !f16_f32 && !(src == DT_F32 && dst == DT_BF16) && !(src == DT_BF16 && dst == DT_F32))
        return 0;
    const ao_isa_impl *isa = ao_isa_current();
    if (f32_f16 || f16_f32 || src == DT_BF16) {
        /* The first block ends at the output's first 64-byte line boundary, so that
         * the region's whole-register stores after it each write within one line:
         * numpy's and the bench's arrays start 16 bytes into a line, where every zmm
         * store of a float32 output (and every other one of a 16-bit output) spans
         * two lines (float16 -> float32, n=1e6, 1 thread, CPU time: see
         * docs/performance.md, "Large tensors"). The head (under 32 elements) runs through
         * the region's tail loop; same bits either way. */
        const int so = dst == DT_F16 || dst == DT_BF16 ? 2 : 4;
        int64_t head = (int64_t)((-(uintptr_t)po & 63) / (uintptr_t)so);
        if ((uintptr_t)po & (uintptr_t)(so - 1))
            head = 0; /* not element-aligned: no element boundary falls on a line's */
        /* the NaN test and the conversion in one pass (region.h's ao_cast_*), over the
         * whole run: the conversion returns where a vector holding a NaN starts, the
         * scalar loop converts the next AO_CAST_NAN_SPAN elements (same bits on the
         * non-NaN ones), and the vector loop resumes after them. A call per 1024-element
         * block cost 2-3%: f32 -> f16 n=1e6, 1 thread, Zen 4. */
        for (int64_t b = 0; b < n;) {
            /* the head (up to the output's first line boundary), then the rest in one call */
            const int64_t m = b == 0 && head > 0 && head < n ? head : n - b;
            const int64_t done =
                f32_f16 ? isa->cast_f32_f16((uint16_t *)po + b, (const float *)pi + b, m)
                : f16_f32 ? isa->cast_f16_f32((float *)po + b, (const uint16_t *)pi + b, m)
                          : isa->cast_bf16_f32((float *)po + b, (const uint16_t *)pi + b, m);
            b += done;
            if (done < m) {
                const int64_t end = m - done < AO_CAST_NAN_SPAN ? b + (m - done) : b + AO_CAST_NAN_SPAN;
                ao_cast_scalar_run(src, dst, po, pi, b, end);
                b = end;
            }
        }
        return 1;
    }
    for (int64_t b = 0; b < n; b += AO_CAST_BLOCK) {
        const int64_t m = n - b < AO_CAST_BLOCK ? n - b : AO_CAST_BLOCK;
        /* NaN test on the bits, in the ISA region (integer ops at its vector width;
         * x != x stayed one ucomiss per element: f32 -> f16 n=1e6, 1 thread, CPU
         * time: 170 -> 134 us with integer compares here, see region.h for the rest) */
        const int nan = src == DT_F32 ? isa->any_nan32((const uint32_t *)pi + b, m)
                                      : isa->any_nan16((const uint16_t *)pi + b, m, f16_f32 ? 0x7c00u : 0x7f80u);
        if (nan) {
            const int cls = ao_dtype_class(src), so = ao_dtype_itemsize(dst), si = ao_dtype_itemsize(src);
            for (int64_t j = b; j < b + m; j++)
                ao_cast_store(dst, po + j * so, cls, ao_cast_load(src, pi + j * si));
        } else if (f32_f16) {
            isa->f32_to_f16((uint16_t *)po + b, (const float *)pi + b, m);
        } else if (f16_f32) {
            isa->f16_to_f32((float *)po + b, (const uint16_t *)pi + b, m);
        } else if (src == DT_F32) {
            isa->f32_to_bf16((uint16_t *)po + b, (const float *)pi + b, m);
        } else {
            isa->bf16_to_f32((float *)po + b, (const uint16_t *)pi + b, m);
        }
    }
    return 1;
}

/* o[j] = s[2 j], j < n (ao_cast_range's step-2 runs, where the two do not overlap); not
 * inlined, so that gcc vectorises each on its own */
__attribute__((noinline)) static void ao_cast_every_other16(uint16_t *restrict o, const uint16_t *restrict s,
                                                           int64_t n)
{
    for (int64_t j = 0; j < n; j++)
        o[j] = s[2 * j];
}

__attribute__((noinline)) static void ao_cast_every_other32(uint32_t *restrict o, const uint32_t *restrict s,
                                                           int64_t n)
{
    for (int64_t j = 0; j < n; j++)
        o[j] = s[2 * j];
}

/* Elements [lo, hi) in row-major order of the plan's shape (ao_internal.h's walker). */
static void ao_cast_range(const ao_cast_plan *p, char *out, const char *in, int64_t lo, int64_t hi)
{
    static const int64_t one_shape[1] = {1}, zero_strides[1] = {0};
    const int so = ao_dtype_itemsize(p->dst), si = ao_dtype_itemsize(p->src);
    const int cls = ao_dtype_class(p->src);
    const int nd = p->ndim ? p->ndim : 1;
    const int64_t *shape = p->ndim ? p->shape : one_shape;
    const int64_t *const st[2] = {p->ndim ? p->strides[0] : zero_strides, p->ndim ? p->strides[1] : zero_strides};
    const int64_t io = st[0][nd - 1] * so, ii = st[1][nd - 1] * si;
    ao_walker w;
    ao_walk_init(&w, nd, shape, 2, st, lo, hi);
    int64_t run;
    do {
        run = ao_walk_run(&w);
        char *po = out + w.off[0] * so;
        const char *pi = in + w.off[1] * si;
        if (p->src == p->dst) {
            /* one dtype: the elements' bytes, NaN payloads and signalling NaNs kept (CANN's
             * l0op::Cast returns its input unchanged for its own dtype; InplaceCopy's ViewCopy
             * moves bytes) */
            if (io == so && ii == si) {
                memmove(po, pi, (size_t)(run * so));
                continue;
            }
            /* every other element into a contiguous run (Slice with step 2 on the last
             * dim): a loop over typed elements, which gcc vectorises (loads of two
             * registers, the even lanes packed: float16 (1000, 1000)[:, 1:100:2] was 0.64x
             * torch elementwise) */
            if (io == so && ii == 2 * si && (so == 2 || so == 4) &&
                !((uintptr_t)po & (uintptr_t)(so - 1)) && !((uintptr_t)pi & (uintptr_t)(so - 1)) &&
                (po + run * so <= pi || pi + 2 * run * si <= po)) {
                if (so == 2)
                    ao_cast_every_other16((uint16_t *)po, (const uint16_t *)pi, run);
                else
                    ao_cast_every_other32((uint32_t *)po, (const uint32_t *)pi, run);
                continue;
            }
            /* strided: one load and store per element of a fixed size (a memmove call
             * per element was 1.3x torch's permute(...).contiguous()) */
#define AO_CAST_MOVE(n)                                                                                 \
    for (int64_t j = 0; j < run; j++)                                                                   \
        memmove(po + j * io, pi + j * ii, n);                                                           \
    break;
            switch (so) {
            case 1: AO_CAST_MOVE(1)
            case 2: AO_CAST_MOVE(2)
            case 4: AO_CAST_MOVE(4)
            case 8: AO_CAST_MOVE(8)
            default: AO_CAST_MOVE((size_t)so)
            }
#undef AO_CAST_MOVE
            continue;
        }
        if (!(io == so && ii == si && ao_cast_fast(p->src, p->dst, po, pi, run)))
            for (int64_t j = 0; j < run; j++)
                ao_cast_store(p->dst, po + j * io, cls, ao_cast_load(p->src, pi + j * ii));
    } while (ao_walk_next(&w, run));
}

typedef struct ao_cast_job {
    const ao_cast_plan *p;
    char *const *data;
} ao_cast_job;

static void ao_cast_part(void *arg, int64_t lo, int64_t hi)
{
    const ao_cast_job *j = (const ao_cast_job *)arg;
    ao_cast_range(j->p, j->data[0], j->data[1], lo, hi);
}

/* Casts and Arange of more elements than this run on the worker pool (never OpenMP: see
 * ao_parallel_for), in equal parts (ao_parallel_ranges). Fixed chunks of this size left
 * the last one short: 1e6 elements are 15.3 chunks, 8 for one thread and 7.3 for the
 * other on 2 threads, and the call lasted the 8, 5% more than an even half. */
#define AO_CAST_PAR_MIN ((int64_t)65536)

static void ao_cast_parallel(int64_t numel, int nthreads, ao_range_fn fn, void *job)
{
    ao_parallel_ranges(numel, numel > AO_CAST_PAR_MIN ? nthreads : 1, AO_CAST_PAR_MIN / 4, fn, job);
}

int ao_cast_run(const void *plan, char *const *data, int nthreads)
{
    const ao_cast_plan *p = (const ao_cast_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || p->ndim < 0 || p->ndim > AO_MAX_DIMS || p->numel <= 0 ||
        !ao_cast_supported(p->src) || !ao_cast_supported(p->dst))
        return -1;
    ao_cast_job job = {p, data};
    ao_cast_parallel(p->numel, nthreads, ao_cast_part, &job);
    return 0;
}

/* ao_arange_run (plan_fn.h): element i of the output, in C order, is start + i * step. */
typedef struct ao_arange_job {
    const ao_arange_plan *p;
    char *out;
} ao_arange_job;

/* A contiguous run of a floating output, elements i0 .. i0 + n - 1: the element loop's
 * values and bits, computed a block at a time without its per-element dtype switch
 * (which cost 2.8 ns per float32 element, 0.15x torch at n=1e6, 1 thread), in the ISA
 * region (ao_arange_f32): i as a double is exact (|i| < 2^53), so start + (i0 + k) * step
 * is the element loop's double.
 * float16 is stored by the region's float32 -> float16 array conversion (RNE) from the
 * double rounded to float32 "to odd" (toward zero, then the last bit set where the
 * rounding was inexact): with 24 >= 11 + 2 bits, RNE of that float is RNE of the double
 * (ao_s_f64_to_f16's one rounding), overflow and subnormals included; bfloat16 through
 * float32, as ao_cast_store. The block conversions give the scalar path's bits on every
 * non-NaN value (ao_cast_fast); start and step finite and a run bounded by numel, no
 * element is NaN. Returns 0 where the element loop runs (integer outputs, non-finite
 * start or step). */
#define AO_ARANGE_BLOCK 512
static int ao_arange_fill(const ao_arange_plan *p, char *po, int64_t i0, int64_t n)
{
    const int dst = p->cp.dst;
    if (p->integer || !(dst == DT_F32 || dst == DT_F16 || dst == DT_BF16 || dst == DT_F64) ||
        !(p->start - p->start == 0.0) || !(p->step - p->step == 0.0))
        return 0;
    const double start = p->start, step = p->step;
    const ao_isa_impl *isa = ao_isa_current();
    float buf[AO_ARANGE_BLOCK] __attribute__((aligned(64)));
    for (int64_t b = 0; b < n; b += AO_ARANGE_BLOCK) {
        const int m = n - b < AO_ARANGE_BLOCK ? (int)(n - b) : AO_ARANGE_BLOCK;
        const double i = (double)(i0 + b);
        if (dst == DT_F64) {
            double *o = (double *)po + b;
            for (int k = 0; k < m; k++)
                o[k] = start + (i + (double)k) * step;
        } else if (dst == DT_F32) {
            isa->arange_f32((float *)po + b, start, step, i, m, 0);
        } else if (dst == DT_BF16) {
            isa->arange_f32(buf, start, step, i, m, 0);
            isa->f32_to_bf16((uint16_t *)po + b, buf, m);
        } else {
            isa->arange_f32(buf, start, step, i, m, 1);
            isa->f32_to_f16((uint16_t *)po + b, buf, m);
        }
    }
    return 1;
}

static void ao_arange_part(void *arg, int64_t lo, int64_t hi)
{
    const ao_arange_job *j = (const ao_arange_job *)arg;
    const ao_arange_plan *p = j->p;
    static const int64_t one_shape[1] = {1}, zero_strides[1] = {0};
    const int so = ao_dtype_itemsize(p->cp.dst);
    const int nd = p->cp.ndim ? p->cp.ndim : 1;
    const int64_t *shape = p->cp.ndim ? p->cp.shape : one_shape;
    const int64_t *const st[1] = {p->cp.ndim ? p->cp.strides[0] : zero_strides};
    const int64_t io = st[0][nd - 1] * so;
    ao_walker w;
    ao_walk_init(&w, nd, shape, 1, st, lo, hi);
    int64_t run, i = lo;
    do {
        run = ao_walk_run(&w);
        char *po = j->out + w.off[0] * so;
        if (io == so && ao_arange_fill(p, po, i, run)) {
            i += run;
            continue;
        }
        for (int64_t k = 0; k < run; k++, i++) {
            ao_val v;
            if (p->integer)
                v.u = (uint64_t)p->istart + (uint64_t)i * (uint64_t)p->istep; /* wrapping */
            else
                v.d = p->start + (double)i * p->step;
            ao_cast_store(p->cp.dst, po + k * io, p->integer ? AO_CL_I : AO_CL_F, v);
        }
    } while (ao_walk_next(&w, run));
}

int ao_arange_run(const void *plan, char *const *data, int nthreads)
{
    const ao_arange_plan *p = (const ao_arange_plan *)plan;
    if (p == NULL || data == NULL || p->cp.ndim < 0 || p->cp.ndim > AO_MAX_DIMS || !ao_cast_supported(p->cp.dst))
        return -1;
    ao_arange_job job = {p, data[0]};
    ao_cast_parallel(p->cp.numel, nthreads, ao_arange_part, &job);
    return 0;
}
