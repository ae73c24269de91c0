/* Elu, Celu and Selu: out = x > 0 ? x * attrs[1] : expm1(x * attrs[2]) * attrs[0],
 * attrs = (negcoef = alpha * scale, poscoef = scale, negiptcoef = inputScale), the
 * form torch's elu kernel computes (expm1, not exp - 1: no cancellation near 0).
 * NaN: x <= 0 is false, x * scale is NaN. */
AO_EW_OP1(elu, x, {
    float n = x * attrs[2];
    n = ao_expm1f(n);
    n = n * attrs[0];
    float p = x * attrs[1];
    return x <= 0.0f ? n : p;
})
