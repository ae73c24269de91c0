/* GeluBackward, erf form: dx = dy * (0.5 + 0.5 erf(x / sqrt 2) + x exp(-x^2 / 2) / sqrt(2 pi)).
 * Used by aclnnGeluBackward and by aclnnGeluBackwardV2 with approximate="none". */
AO_EW_GRAD(gelu_backward, dy, x, {
    float cdf = 0.5f + 0.5f * ao_erff(x * 0.70710678118654752f);
    AO_STAGE(cdf);
    float pdf = ao_expf(-0.5f * x * x) * 0.39894228040143268f;
    return cdf + x * pdf;
})
