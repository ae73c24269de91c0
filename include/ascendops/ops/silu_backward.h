/* SiluBackward (CANN SiluGrad): dx = dy * s * (1 + x * (1 - s)), s = 1 / (1 + exp(-x)).
 * CANN's op order on the vector unit (aclnn-facts.md section 4), all in fp32, each
 * step rounded. exp's result is only ever added to 1, so ao_expf_addend (vmath.h)
 * gives the same results as ao_expf, cheaper. */
AO_EW_OP2(silu_backward, dy, x, {
    float t1 = -x;
    t1 = ao_expf_addend(t1);
    t1 = t1 + 1.0f;
    float t2 = 1.0f / t1;
    t1 = 1.0f - t2;
    t1 = x * t1;
    t1 = t1 + 1.0f;
    t1 = t2 * t1;
    return dy * t1;
})
