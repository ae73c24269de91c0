/* SiluBackward (CANN SiluGrad): dx = dy * s * (1 + x * (1 - s)), s = 1 / (1 + exp(-x)).
 * CANN's op order on the vector unit (aclnn-facts.md section 4), all in fp32, each
 * step rounded; the last step is dy times a factor of x alone, so the op is in
 * gradient form (AO_EW_GRAD, ew_op.h: 16-bit inputs look the factor up). Exp then
 * Adds(1) is ao_expf_plus1 (vmath.h): exactly the value ao_expf(t1) + 1.0f has,
 * cheaper. The division onwards is a second stage (AO_STAGE, ew_op.h): the kernels
 * run the body as two shorter loops over L1 blocks. */
AO_EW_GRAD(silu_backward, dy, x, {
    float t1 = -x;
    t1 = ao_expf_plus1(t1);
    AO_STAGE(t1);
    float t2 = 1.0f / t1;
    t1 = 1.0f - t2;
    t1 = x * t1;
    t1 = t1 + 1.0f;
    return t2 * t1;
})
