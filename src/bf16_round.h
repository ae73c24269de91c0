/* float32 -> bfloat16 rounding in vector registers, compiled once per ISA region (no
 * include guard: src/region.h and src/quant_math.h include it under each region's
 * AO_SUFFIX and AO_ISA_LEVEL). The scalar rule is region.h's ao_f2b: round to nearest
 * even as u + 0x7fff + (bit 16 of u), a NaN quietened as u | 0x00400000. The vector forms
 * leave the rounded bfloat16 in the HIGH half of each 32-bit lane (the low half is
 * garbage): a shift right by 16 gives the 16-bit value, a mask of 0xffff0000 the float
 * that holds it exactly, a word permute the packed halves, whichever the caller needs. */
#ifndef AO_SFX
#define AO_SFX_CAT2(a, b) a##_##b
#define AO_SFX_CAT(a, b) AO_SFX_CAT2(a, b)
#define AO_SFX(name) AO_SFX_CAT(name, AO_SUFFIX)
#endif

#if AO_ISA_LEVEL >= 2
static inline __attribute__((always_inline)) __m512i AO_SFX(ao_bf16_rne_hi16)(__m512 v)
{
    const __m512i u = _mm512_castps_si512(v);
    const __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    const __m512i r = _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), lsb);
    return _mm512_mask_or_epi32(r, _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q), u, _mm512_set1_epi32(0x00400000));
}
#endif

#if AO_ISA_LEVEL >= 1
static inline __attribute__((always_inline)) __m256i AO_SFX(ao_bf16_rne_hi8)(__m256 v)
{
    const __m256i u = _mm256_castps_si256(v);
    const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
    const __m256i r = _mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7fff)), lsb);
    return _mm256_blendv_epi8(r, _mm256_or_si256(u, _mm256_set1_epi32(0x00400000)),
                              _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)));
}
#endif
