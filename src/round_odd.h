/* double -> float32 rounded to odd in the AVX2 region's registers, compiled once per ISA
 * region (no include guard: src/region.h and src/norm_math.h include it under each
 * region's AO_SUFFIX and AO_ISA_LEVEL). Rounded to odd: toward zero, then the last bit
 * set where the rounding was inexact; with 24 >= 11 + 2 bits, a second rounding to
 * float16 (to nearest even) gives the once-rounded half, overflow and subnormals
 * included. AVX2 has no conversion toward zero from double, so the float rounded to
 * nearest is stepped down in magnitude where it went away from zero (an odd step never
 * crosses zero: |d| >= the float below |back|). The scalar rule is region.h's
 * ao_arange_f32; AVX-512 converts with _MM_FROUND_TO_ZERO instead. A NaN lane comes out
 * a NaN of d's sign, its payload the caller's to set. */
#ifndef AO_SFX
#define AO_SFX_CAT2(a, b) a##_##b
#define AO_SFX_CAT(a, b) AO_SFX_CAT2(a, b)
#define AO_SFX(name) AO_SFX_CAT(name, AO_SUFFIX)
#endif

#if AO_ISA_LEVEL == 1
/* The four lanes' 64-bit compare masks as four 32-bit lanes (the low dword of each). */
static inline __attribute__((always_inline)) __m128i AO_SFX(ao_mask64_to_32)(__m256d m)
{
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(m), even));
}

static inline __attribute__((always_inline)) __m128 AO_SFX(ao_f64x4_to_f32_odd)(__m256d d)
{
    const __m256d abs = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    const __m128 f = _mm256_cvtpd_ps(d);
    const __m256d back = _mm256_cvtps_pd(f);
    const __m128i away = AO_SFX(ao_mask64_to_32)(
        _mm256_cmp_pd(_mm256_and_pd(back, abs), _mm256_and_pd(d, abs), _CMP_GT_OQ));
    const __m128i inexact = AO_SFX(ao_mask64_to_32)(_mm256_cmp_pd(back, d, _CMP_NEQ_UQ));
    const __m128i bits = _mm_add_epi32(_mm_castps_si128(f), away); /* away is -1 where set */
    return _mm_castsi128_ps(_mm_or_si128(bits, _mm_and_si128(inexact, _mm_set1_epi32(1))));
}
#endif
