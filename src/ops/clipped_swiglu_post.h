/* ClippedSwigluV2, clampMode 1 (the clamp after the silu): out = min(A * sigmoid(A), limit)
 * * clamp(B, -limit, limit), A and B the halves of x; no alpha, no bias (CANN's doc and
 * its kernel agree: ops-nn activation/clipped_swiglu/op_kernel/arch35/clipped_swiglu_kernel.h
 * ComputeVfSwiglu, clampMode != 0: Muls(-1), Exp, Adds(1), Div, Mins(limit); Mins, Maxs
 * on B; Mul). attrs: alpha (unused), limit, bias (unused). */
AO_EW_OP2(clipped_swiglu_post, a, b, {
    float e = a * -1.0f;
    e = ao_expf(e);
    e = e + 1.0f;
    float s = a / e;
    s = s > attrs[1] ? attrs[1] : s;
    float gate = b > attrs[1] ? attrs[1] : b;
    gate = gate < -attrs[1] ? -attrs[1] : gate;
    return s * gate;
})
