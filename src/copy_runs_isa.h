/* The run copy of one ISA region (copy_runs.h instances this header per region through
 * isa_instances.h: AO_SUFFIX, AO_ISA_LEVEL). ao_copy_runs_<isa>(dst, dst_pitch, src,
 * src_pitch, width, count) copies `count` runs of `width` bytes, run i from
 * src + i * src_pitch to dst + i * dst_pitch (no run's destination overlaps another run
 * or any source). The copy is chosen by the width once per call: a run under 64 bytes by
 * two overlapping moves of the largest size that fits, one under AO_CR_MEMCPY_MIN bytes
 * by 32-byte moves and a last one ending at the run's end (overlapping bytes are written
 * twice with the same value), a run of AO_CR_MEMCPY_MIN bytes or more by memcpy. No byte
 * outside a run is read or written. The avx512 region uses the same 32-byte moves: 64-byte
 * moves split a 1000-byte run's lines unevenly on Zen 4 (below); the baseline region is
 * memcpy's throughout. */
#ifndef AO_CR_SFX
/* Runs of at least this many bytes: memcpy's, whose copies of several times the cache
 * take non-temporal stores. Shorter runs are the 32-byte loop's: 4 x 1000 runs of 1000
 * bytes into rows of 4000 (a concatenation along dim 1), one thread, Zen 4 KVM guest,
 * best of 200: 89 us by the loop, 95 us by glibc's memcpy (__memmove_avx512_unaligned_erms),
 * 116 us by unaligned 64-byte moves; 4 x 4000 runs (16 MB, past the L3): 598 us and
 * 1418 us; runs of 2000 bytes 200 and 236 us; from 4 KiB to 256 KiB runs within 3% of
 * each other. */
#define AO_CR_MEMCPY_MIN 65536
#define AO_CR_SFX_CAT2(a, b) a##_##b
#define AO_CR_SFX_CAT(a, b) AO_CR_SFX_CAT2(a, b)
#define AO_CR_SFX(name) AO_CR_SFX_CAT(name, AO_SUFFIX)
#endif

#if AO_ISA_LEVEL >= 1
/* n < 64 bytes: two overlapping moves of the largest size that fits (both ends of the run) */
static inline void AO_CR_SFX(ao_copy_short)(char *restrict d, const char *restrict s, int64_t n)
{
    if (n >= 32) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)s);
        const __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + n - 32));
        _mm256_storeu_si256((__m256i *)(void *)d, a);
        _mm256_storeu_si256((__m256i *)(void *)(d + n - 32), b);
    } else if (n >= 16) {
        const __m128i a = _mm_loadu_si128((const __m128i *)(const void *)s);
        const __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + n - 16));
        _mm_storeu_si128((__m128i *)(void *)d, a);
        _mm_storeu_si128((__m128i *)(void *)(d + n - 16), b);
    } else if (n >= 8) {
        uint64_t a, b;
        memcpy(&a, s, 8);
        memcpy(&b, s + n - 8, 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else if (n >= 2) {
        uint16_t a, b;
        memcpy(&a, s, 2);
        memcpy(&b, s + n - 2, 2);
        memcpy(d, &a, 2);
        memcpy(d + n - 2, &b, 2);
    } else if (n == 1) {
        *d = *s;
    }
}

/* 64 <= n bytes: 32-byte moves, the last one ending at the run's end */
static inline void AO_CR_SFX(ao_copy_mid)(char *restrict d, const char *restrict s, int64_t n)
{
    int64_t i = 0;
    for (; i + 64 <= n; i += 64) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
        const __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 32));
        _mm256_storeu_si256((__m256i *)(void *)(d + i), a);
        _mm256_storeu_si256((__m256i *)(void *)(d + i + 32), b);
    }
    if (i < n)
        AO_CR_SFX(ao_copy_short)(d + i, s + i, n - i);
}
#endif

/* one run of n bytes, by the copy its width takes */
static inline void AO_CR_SFX(ao_copy_run)(char *restrict d, const char *restrict s, int64_t n)
{
#if AO_ISA_LEVEL >= 1
    if (n < 64)
        AO_CR_SFX(ao_copy_short)(d, s, n);
    else if (n < AO_CR_MEMCPY_MIN)
        AO_CR_SFX(ao_copy_mid)(d, s, n);
    else
#endif
        memcpy(d, s, (size_t)n);
}

static void AO_CR_SFX(ao_copy_seg_rows)(const ao_copy_seg *segs, int64_t nsegs, int64_t dst_pitch, int64_t r0,
                                        int64_t r1)
{
    for (int64_t r = r0; r < r1; r++)
        for (int64_t k = 0; k < nsegs; k++)
            AO_CR_SFX(ao_copy_run)(segs[k].dst + r * dst_pitch, segs[k].src + r * segs[k].src_pitch, segs[k].width);
}

static void AO_CR_SFX(ao_copy_runs)(char *dst, int64_t dst_pitch, const char *src, int64_t src_pitch,
                                    int64_t width, int64_t count)
{
#if AO_ISA_LEVEL >= 1
    if (width < 64) {
        for (int64_t i = 0; i < count; i++)
            AO_CR_SFX(ao_copy_short)(dst + i * dst_pitch, src + i * src_pitch, width);
        return;
    }
    if (width < AO_CR_MEMCPY_MIN) {
        for (int64_t i = 0; i < count; i++)
            AO_CR_SFX(ao_copy_mid)(dst + i * dst_pitch, src + i * src_pitch, width);
        return;
    }
#endif
    for (int64_t i = 0; i < count; i++)
        memcpy(dst + i * dst_pitch, src + i * src_pitch, (size_t)width);
}

