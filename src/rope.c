/* Rotary position embedding (ascendops/_rope.pxi RotaryOp: aclnnRotaryPositionEmbedding):
 *   out[..., j] = x[..., j] * cos[..., j] + r[..., j] * sin[..., j]
 * over the last dim (length d), r the rotation of x's row named by the plan's mode:
 *   AO_ROPE_HALF (mode 0):       r = cat(-x[d/2:], x[:d/2])
 *   AO_ROPE_INTERLEAVE (mode 1): r[2i] = -x[2i + 1], r[2i + 1] = x[2i]
 * cos and sin broadcast over x's other dims (stride 0). Every dtype (FLOAT, FLOAT16,
 * BFLOAT16) is computed in fp32, each product rounded and then the sum (CANN's kernel:
 * Cast to fp32, Mul, Mul, Add, Cast back with CAST_RINT), stored rounded to nearest even.
 * Contiguous 16-bit rows are widened and narrowed, and every row's products summed, in
 * the vectors of the ISA region (src/rope_math.h: the same bits as the scalar paths here).
 * A row is read whole before it is written, so out may be x itself (an exact alias).
 * Rows are split over the engine's worker pool. */
#include <stdint.h>
#include <string.h>

#include "ao_internal.h"
#include "plan_fn.h"
#include "scalar_cvt.h"
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#define AO_ISA_INSTANCE "rope_math.h"
#include "isa_instances.h"

static const ao_rope_math *ao_rope_math_current(void)
{
#if defined(__x86_64__) || defined(__i386__)
    const ao_isa_impl *isa = ao_isa_current();
    if (isa->level >= 2)
        return &ao_rope_math_avx512;
    if (isa->level == 1)
        return &ao_rope_math_avx2;
#endif
    return &ao_rope_math_baseline;
}

typedef struct ao_rope_job {
    const ao_rope_plan *p;
    char *const *data;
    int64_t chunk;
    const ao_rope_math *rm;
} ao_rope_job;

/* fp32 -> FLOAT16, rounded to nearest even: the same bits as scalar_cvt.h's
 * ao_s_f64_to_f16 of the (exactly widened) float, without its double arithmetic. */
static inline uint16_t ao_rope_f2h(float f)
{
    uint32_t x, a, sign;
    memcpy(&x, &f, 4);
    sign = (x >> 16) & 0x8000u;
    a = x & 0x7fffffffu;
    if (a > 0x7f800000u)
        return (uint16_t)(sign | 0x7e00u);              /* NaN */
    if (a >= 0x477ff000u)
        return (uint16_t)(sign | 0x7c00u);              /* rounds past 65504: infinity */
    if (a < 0x38800000u) {                              /* below 2^-14: subnormal units of 2^-24 */
        float af, t;
        uint32_t tb;
        memcpy(&af, &a, 4);
        t = af * 16777216.0f + 8388608.0f;              /* exact scaling, one rounding (RNE) */
        memcpy(&tb, &t, 4);
        return (uint16_t)(sign | (tb - 0x4b000000u));
    }
    a -= 0x38000000u;                                   /* rebias 127 -> 15 */
    return (uint16_t)(sign | ((a + 0xfffu + ((a >> 13) & 1u)) >> 13));
}

/* FLOAT16 -> fp32 without branches (selects; gcc vectorises the loop): the same bits as
 * scalar_cvt.h's ao_s_f16_to_f32, a NaN quietened with its payload (the multiply quiets it). */
static inline float ao_rope_h2f(uint16_t h)
{
    const uint32_t w = (uint32_t)h << 16, sign = w & 0x80000000u, two_w = w + w;
    uint32_t nb = (two_w >> 4) + (0xe0u << 23), db = (two_w >> 17) | (126u << 23), r;
    float n, d;
    memcpy(&n, &nb, 4);
    memcpy(&d, &db, 4);
    n *= 0x1.0p-112f;                   /* normal (and inf, NaN): rebias by scaling */
    d -= 0.5f;                          /* subnormal: exact in fp32 */
    memcpy(&nb, &n, 4);
    memcpy(&db, &d, 4);
    r = sign | (two_w < (1u << 27) ? db : nb);
    memcpy(&n, &r, 4);
    return n;
}

/* A strided row of n elements of dtype dt as fp32 (the dtype switch outside the loops;
 * contiguous 16-bit rows in the ISA region's vectors). */
static void ao_rope_load(const ao_rope_math *rm, int dt, const char *base, int64_t stride, int64_t n, float *dst)
{
    if (stride == 1 && dt != AO_DT_FLOAT) {
        (dt == AO_DT_BF16 ? rm->b2f : rm->h2f)(dst, (const uint16_t *)base, n);
    } else if (dt == AO_DT_FLOAT) {
        const float *b = (const float *)base;
        if (stride == 1)
            memcpy(dst, b, (size_t)n * sizeof(float));
        else
            for (int64_t j = 0; j < n; j++)
                dst[j] = b[j * stride];
    } else if (dt == AO_DT_BF16) {
        const uint16_t *b = (const uint16_t *)base;
        for (int64_t j = 0; j < n; j++) {
            const uint32_t u = (uint32_t)b[j * stride] << 16;
            memcpy(&dst[j], &u, 4);
        }
    } else {
        const uint16_t *b = (const uint16_t *)base;
        for (int64_t j = 0; j < n; j++)
            dst[j] = ao_rope_h2f(b[j * stride]);
    }
}

static void ao_rope_store(const ao_rope_math *rm, int dt, char *base, int64_t stride, int64_t n, const float *src)
{
    if (stride == 1 && dt != AO_DT_FLOAT) {
        (dt == AO_DT_BF16 ? rm->f2b : rm->f2h)((uint16_t *)base, src, n);
    } else if (dt == AO_DT_FLOAT) {
        float *b = (float *)base;
        if (stride == 1)
            memcpy(b, src, (size_t)n * sizeof(float));
        else
            for (int64_t j = 0; j < n; j++)
                b[j * stride] = src[j];
    } else if (dt == AO_DT_BF16) {
        uint16_t *b = (uint16_t *)base;
        for (int64_t j = 0; j < n; j++)
            b[j * stride] = ao_s_f32_to_bf16(src[j]);
    } else {
        uint16_t *b = (uint16_t *)base;
        for (int64_t j = 0; j < n; j++)
            b[j * stride] = ao_rope_f2h(src[j]);
    }
}

static void ao_rope_rows(void *arg, int64_t c)
{
    const ao_rope_job *jb = (const ao_rope_job *)arg;
    const ao_rope_plan *p = jb->p;
    const int64_t lo_r = c * jb->chunk, hi_r = lo_r + jb->chunk < p->batch ? lo_r + jb->chunk : p->batch;
    const int64_t d = p->d, h = d / 2;
    const int dt = p->dtype, is = ao_dtype_itemsize(p->dtype);
    const ao_rope_math *rm = jb->rm;
    float xf[AO_ROPE_MAX_D], cf[AO_ROPE_MAX_D], sf[AO_ROPE_MAX_D], rf[AO_ROPE_MAX_D], yf[AO_ROPE_MAX_D];
    for (int64_t r = lo_r; r < hi_r; r++) {
        int64_t off[4] = {0, 0, 0, 0}, b = r;
        for (int q = p->nbatch - 1; q >= 0; q--) {
            const int64_t k = b % p->bshape[q];
            b /= p->bshape[q];
            for (int o = 0; o < 4; o++)
                off[o] += k * p->bstrides[o][q];
        }
        ao_rope_load(rm, dt, jb->data[1] + off[1] * is, p->dstride[1], d, xf);
        ao_rope_load(rm, dt, jb->data[2] + off[2] * is, p->dstride[2], d, cf);
        ao_rope_load(rm, dt, jb->data[3] + off[3] * is, p->dstride[3], d, sf);
        if (p->mode == AO_ROPE_HALF) {
            for (int64_t j = 0; j < h; j++) {
                rf[j] = -xf[j + h];
                rf[j + h] = xf[j];
            }
        } else {
            for (int64_t j = 0; j < h; j++) {
                rf[2 * j] = -xf[2 * j + 1];
                rf[2 * j + 1] = xf[2 * j];
            }
        }
        rm->combine(yf, xf, cf, rf, sf, d);
        ao_rope_store(rm, dt, jb->data[0] + off[0] * is, p->dstride[0], d, yf);
    }
}

int ao_rope_run(const void *plan, char *const *data, int nthreads)
{
    const ao_rope_plan *p = (const ao_rope_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || !data[2] || !data[3] || p->nbatch < 0 || p->nbatch > AO_MAX_DIMS ||
        p->batch <= 0 || p->d <= 0 || p->d > AO_ROPE_MAX_D || p->d % 2 ||
        (p->mode != AO_ROPE_HALF && p->mode != AO_ROPE_INTERLEAVE) ||
        (p->dtype != AO_DT_FLOAT && p->dtype != AO_DT_FLOAT16 && p->dtype != AO_DT_BF16))
        return -1;
    /* about 16 KiB of x per chunk */
    int64_t per = 4096 / p->d;
    if (per < 1)
        per = 1;
    const int64_t nchunks = (p->batch + per - 1) / per;
    int nt = ao_effective_threads(nthreads);
    if (nchunks < 2)
        nt = 1;
    ao_rope_job job = {p, data, per, ao_rope_math_current()};
    ao_parallel_for(nchunks, nt, ao_rope_rows, &job);
    return 0;
}
