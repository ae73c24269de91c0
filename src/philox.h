/* Philox4x32-10, the counter-based generator of Salmon et al., "Parallel random
 * numbers: as easy as 1, 2, 3" (SC'11; Random123), which CANN's stateless random ops
 * (StatelessRandomUniformV2, alg 1) and PyTorch's CUDA/NPU generators use: a 128-bit
 * counter and a 64-bit key give four 32-bit outputs, with no state between calls, so
 * the numbers of element i depend only on (key, counter, i), never on which thread or
 * tile computes them.
 *
 * The layout used by ascendops (the one of TensorFlow's stateless random ops, whose
 * StatelessRandomUniformV2 CANN's op implements): key = the 64-bit seed (low word
 * first), counter = the 64-bit offset as the low half of the 128-bit counter; element i
 * takes output i % 4 of the block at counter + i / 4 (a 128-bit add); a uniform float in
 * [0, 1) is the output's low 23 bits as a mantissa: bits(0x3f800000 | (u & 0x7fffff)) - 1.
 * tests/ops/test_rrelu_with_noise.py checks the block function against Random123's
 * known-answer vectors and the uniforms against an independent numpy implementation. */
#ifndef ASCENDOPS_PHILOX_H
#define ASCENDOPS_PHILOX_H

#include <stdint.h>
#include <string.h>

#define AO_PHILOX_M0 0xD2511F53u
#define AO_PHILOX_M1 0xCD9E8D57u
#define AO_PHILOX_W0 0x9E3779B9u
#define AO_PHILOX_W1 0xBB67AE85u

/* One Philox4x32-10 block: out[0..3] of counter ctr[0..3] (ctr[0] the lowest word)
 * and key key[0..1]. */
static inline void ao_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4])
{
    uint32_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3];
    uint32_t k0 = key[0], k1 = key[1];
    for (int r = 0; r < 10; r++) {
        const uint64_t p0 = (uint64_t)AO_PHILOX_M0 * c0, p1 = (uint64_t)AO_PHILOX_M1 * c2;
        const uint32_t hi0 = (uint32_t)(p0 >> 32), lo0 = (uint32_t)p0;
        const uint32_t hi1 = (uint32_t)(p1 >> 32), lo1 = (uint32_t)p1;
        c0 = hi1 ^ c1 ^ k0;
        c1 = lo1;
        c2 = hi0 ^ c3 ^ k1;
        c3 = lo0;
        k0 += AO_PHILOX_W0;
        k1 += AO_PHILOX_W1;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
}

/* The block of elements 4g .. 4g + 3 for (seed, offset): counter = offset + g. */
static inline void ao_philox_block(uint64_t seed, uint64_t offset, uint64_t g, uint32_t out[4])
{
    const uint64_t lo = offset + g;
    const uint64_t carry = lo < offset;
    const uint32_t ctr[4] = {(uint32_t)lo, (uint32_t)(lo >> 32), (uint32_t)carry, 0u};
    const uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    ao_philox4x32_10(ctr, key, out);
}

/* A 32-bit output as a uniform float in [0, 1): 23 random mantissa bits. */
static inline float ao_philox_uniform(uint32_t u)
{
    const uint32_t bits = 0x3f800000u | (u & 0x7fffffu);
    float f;
    memcpy(&f, &bits, 4);
    return f - 1.0f;
}

#endif
