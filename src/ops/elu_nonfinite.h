/* Elu when alpha or inputScale is inf or NaN: CANN's aclnnElu then runs
 * Threshold(x, 0, -alpha) and Muls(scale) (hicann/ops-nn activation/elu/op_api/aclnn_elu.cpp
 * ComputeEluWithInfNan): out = (x > 0 ? x : -alpha) * scale; attrs = (-alpha, scale). */
AO_EW_OP1(elu_nonfinite, x, {
    float t = x > 0.0f ? x : attrs[0];
    t = x != x ? x : t;
    return t * attrs[1];
})
