/* Rotary position embedding's row loops (src/rope.c), compiled once per ISA region
 * (src/isa_instances.h: AO_SUFFIX and AO_ISA_LEVEL defined and, for AVX2 / AVX-512, the
 * region's #pragma GCC target): the contiguous 16-bit rows widened and narrowed in the
 * region's vectors, and the row's products and sum in its width. Each gives rope.c's
 * scalar bits: F16C's conversions round to nearest even as scalar_cvt.h does, a NaN
 * narrowed to FLOAT16 is made sign | 0x7e00 (ao_s_f64_to_f16's) and one widened keeps its
 * payload, quietened (ao_s_f16_to_f32's); the products and the sum are rounded each
 * (-ffp-contract=off). */
#ifndef AO_SFX
#define AO_SFX_CAT2(a, b) a##_##b
#define AO_SFX_CAT(a, b) AO_SFX_CAT2(a, b)
#define AO_SFX(name) AO_SFX_CAT(name, AO_SUFFIX)
#endif

#ifndef AO_RM_COMMON
#define AO_RM_COMMON
typedef struct ao_rope_math {
    void (*h2f)(float *dst, const uint16_t *src, int64_t n);    /* FLOAT16 -> fp32 */
    void (*b2f)(float *dst, const uint16_t *src, int64_t n);    /* BFLOAT16 -> fp32 */
    void (*f2h)(uint16_t *dst, const float *src, int64_t n);    /* fp32 -> FLOAT16 */
    void (*f2b)(uint16_t *dst, const float *src, int64_t n);    /* fp32 -> BFLOAT16 */
    /* y[j] = x[j] * c[j] + r[j] * s[j], each product rounded, then the sum */
    void (*combine)(float *y, const float *x, const float *c, const float *r, const float *s, int64_t n);
} ao_rope_math;
#endif

static void AO_SFX(ao_rope_h2f_row)(float *dst, const uint16_t *src, int64_t n)
{
    int64_t j = 0;
#if AO_ISA_LEVEL >= 2
    for (; j + 16 <= n; j += 16)
        _mm512_storeu_ps(dst + j, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(src + j))));
#endif
#if AO_ISA_LEVEL >= 1
    for (; j + 8 <= n; j += 8)
        _mm256_storeu_ps(dst + j, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + j))));
#endif
    for (; j < n; j++)
        dst[j] = ao_s_f16_to_f32(src[j]);
}

static void AO_SFX(ao_rope_b2f_row)(float *dst, const uint16_t *src, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        const uint32_t u = (uint32_t)src[j] << 16;
        memcpy(&dst[j], &u, 4);
    }
}

static void AO_SFX(ao_rope_f2h_row)(uint16_t *dst, const float *src, int64_t n)
{
    int64_t j = 0;
#if AO_ISA_LEVEL >= 2
    for (; j + 16 <= n; j += 16) {
        const __m512 v = _mm512_loadu_ps(src + j);
        __m256i h = _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        const __mmask16 nan = _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        if (nan) {
            const __m256i q = _mm256_or_si256(_mm256_and_si256(h, _mm256_set1_epi16((short)0x8000)),
                                              _mm256_set1_epi16(0x7e00));
            h = _mm256_mask_blend_epi16(nan, h, q);
        }
        _mm256_storeu_si256((__m256i *)(dst + j), h);
    }
#endif
#if AO_ISA_LEVEL >= 1
    for (; j + 8 <= n; j += 8) {
        const __m256 v = _mm256_loadu_ps(src + j);
        __m128i h = _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        _mm_storeu_si128((__m128i *)(dst + j), h);
        if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)))
            for (int l = 0; l < 8; l++)      /* the NaN lanes as the scalar tail makes them */
                if (src[j + l] != src[j + l])
                    dst[j + l] = ao_s_f64_to_f16((double)src[j + l]);
    }
#endif
    for (; j < n; j++)
        dst[j] = ao_s_f64_to_f16((double)src[j]);
}

static void AO_SFX(ao_rope_f2b_row)(uint16_t *dst, const float *src, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        uint32_t u;
        memcpy(&u, &src[j], 4);
        const uint32_t r = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16, q = (u >> 16) | 0x40u;
        dst[j] = (uint16_t)((u & 0x7fffffffu) > 0x7f800000u ? q : r);
    }
}

static void AO_SFX(ao_rope_combine)(float *restrict y, const float *restrict x, const float *restrict c,
                                    const float *restrict r, const float *restrict s, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        const float a = x[j] * c[j];
        const float t = r[j] * s[j];
        y[j] = a + t;
    }
}

static const ao_rope_math AO_SFX(ao_rope_math) = {AO_SFX(ao_rope_h2f_row), AO_SFX(ao_rope_b2f_row),
                                                  AO_SFX(ao_rope_f2h_row), AO_SFX(ao_rope_f2b_row),
                                                  AO_SFX(ao_rope_combine)};
