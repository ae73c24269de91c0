/* ClippedSwigluGrad: the two halves of gradXOut (ascendops/ops/clipped_swiglu_grad.py), in
 * the step order of CANN's kernel (ops-nn activation/clipped_swiglu_grad/op_kernel/
 * clipped_swiglu_grad.h: ComputeMasks, ComputeSigmoid, ComputeDb, ComputeDa), fp32:
 *   A = min(a, limit); s = 1 / (exp(A * -alpha) + 1)
 *   da = ((((1 - s) * A * alpha + 1) * s) * (clamp(b, -limit, limit) + bias)) * dy  where a <= limit, else 0
 *   db = (A * s) * dy                                               where -limit <= b <= limit, else 0
 * The masks test a and b themselves (CompareScalar LE / GE, inclusive: at a == limit the
 * gradient is A's, at |b| == limit B's); a NaN compares false, so its gradient is 0 (the
 * kernel's Select). attrs: alpha, limit, bias. */
AO_EW_OP3_2OUT(clipped_swiglu_grad, dy, a, b, grad_a, grad_b, {
    const float lim = attrs[1];
    const float x = a > lim ? lim : a;
    float e = x * -attrs[0];
    e = ao_expf(e);
    e = e + 1.0f;
    const float s = 1.0f / e;
    float gb = x * s;
    gb = gb * dy;
    grad_b = (b <= lim && b >= -lim) ? gb : 0.0f;
    float bc = b > lim ? lim : b;
    bc = bc < -lim ? -lim : bc;
    bc = bc + attrs[2];
    float t = s * -1.0f;
    t = t + 1.0f;
    t = t * x;
    t = t * attrs[0];
    t = t + 1.0f;
    t = t * s;
    t = t * bc;
    t = t * dy;
    grad_a = a <= lim ? t : 0.0f;
})
