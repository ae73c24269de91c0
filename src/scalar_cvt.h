/* Scalar conversions between fp32/fp64 and the 16-bit float formats, for the kernels
 * that are not elementwise (softmax.c, cast.c). Narrowing rounds to nearest even. */
#ifndef ASCENDOPS_SCALAR_CVT_H
#define ASCENDOPS_SCALAR_CVT_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "dtypes.h"

/* A NaN comes out quiet, sign and payload kept (the quiet bit set), as F16C's vcvtph2ps
 * and region.h's ao_h2f give it: the scalar tails of the softmax rows (softmax.c
 * ao_s_load_f32) then carry the same NaN as their vector bodies. */
static inline float ao_s_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu, u;
    float f;
    if (e == 0) {                               /* zero or subnormal: m * 2^-24, exact */
        f = (float)m * 5.9604644775390625e-08f;
        return sign ? -f : f;
    }
    u = e == 31 ? (sign | 0x7f800000u | (m << 13) | (m ? 0x00400000u : 0))
                : (sign | ((e + 112u) << 23) | (m << 13));
    memcpy(&f, &u, 4);
    return f;
}

/* Rounds the double once (no double rounding), like numpy's npy_double_to_half. */
static inline uint16_t ao_s_f64_to_f16(double d)
{
    uint16_t sign = signbit(d) ? 0x8000u : 0;
    double a = fabs(d);
    if (a != a)
        return sign | 0x7e00u;
    if (a >= 65520.0)                           /* rounds past the largest half, 65504 */
        return sign | 0x7c00u;
    if (a < 6.103515625e-05) {                  /* subnormal (or zero): units of 2^-24 */
        double m = rint(a * 16777216.0);        /* 1024 encodes the smallest normal */
        return sign | (uint16_t)m;
    }
    int e;
    double fr = frexp(a, &e);                   /* a = fr 2^e, fr in [0.5, 1) */
    double m = rint((fr * 2.0 - 1.0) * 1024.0); /* exact scaling, one rounding */
    return sign | (uint16_t)(((e + 14) << 10) + (int)m);   /* m == 1024 carries */
}

static inline float ao_s_bf16_to_f32(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline uint16_t ao_s_f32_to_bf16(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((u >> 16) | 0x40u);  /* quiet NaN, sign kept */
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

/* Element i of a FLOAT, FLOAT16 or BFLOAT16 array as fp32, and an fp32 value stored into
 * one (rounded once): the strided paths of the row and axis kernels. */
static inline float ao_s_load_f32(int dt, const char *base, int64_t i)
{
    switch (dt) {
    case AO_DT_FLOAT16: return ao_s_f16_to_f32(((const uint16_t *)base)[i]);
    case AO_DT_BF16: return ao_s_bf16_to_f32(((const uint16_t *)base)[i]);
    default: return ((const float *)base)[i];
    }
}

static inline void ao_s_store_f32(int dt, char *base, int64_t i, float v)
{
    switch (dt) {
    case AO_DT_FLOAT16: ((uint16_t *)base)[i] = ao_s_f64_to_f16((double)v); break;
    case AO_DT_BF16: ((uint16_t *)base)[i] = ao_s_f32_to_bf16(v); break;
    default: ((float *)base)[i] = v;
    }
}

#endif
