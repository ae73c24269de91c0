/* ClippedSwiglu (clampMode 0): out = min(A, limit) * sigmoid(alpha * min(A, limit)) *
 * (clamp(B, -limit, limit) + bias), A and B the halves of x (ascendops/ops/clipped_swiglu.py).
 * attrs: alpha, limit, bias (CANN's tiling reads them as float). CANN's order (ops-nn
 * activation/clipped_swiglu/op_kernel/clipped_swiglu.hpp Compute: Mins, Maxs, Adds on B;
 * Mins, Muls(-alpha), Exp, Adds(1), Div on A; Mul), each step rounded to fp32. A NaN
 * passes the clamps (the selects keep it). */
AO_EW_OP2(clipped_swiglu, a, b, {
    float gate = b > attrs[1] ? attrs[1] : b;
    gate = gate < -attrs[1] ? -attrs[1] : gate;
    gate = gate + attrs[2];
    const float x = a > attrs[1] ? attrs[1] : a;
    float e = x * -attrs[0];
    e = ao_expf(e);
    e = e + 1.0f;
    const float s = x / e;
    return gate * s;
})
