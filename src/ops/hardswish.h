/* Hardswish: out = x * relu6(x + 3) / 6. NaN propagates (through x * t).
 * relu6 by ao_relu6f, on integer bits: the same bits as the float clamp
 * (t < 0 ? 0 : t, then t > 6 ? 6 : t) for all 2^32 inputs but NaN payloads (x + 3 is
 * never -0; where x is NaN, x * t is NaN whatever t is, and ew_op.h's NaN rule sets its
 * payload), in 2 instructions instead of 7 (0.83x torch at 1e6 before).
 * The division by 6 stays: x * t * (1 / 6) differs from it for a third of all floats,
 * the FMA-corrected product fma(y, RN(1/6), y * RN(1/6 - RN(1/6))) for 14 million
 * (both checked over every float). */
AO_EW_OP1(hardswish, x, {
    float t = x + 3.0f;
    t = ao_relu6f(t);
    t = x * t;
    return t / 6.0f;
})
