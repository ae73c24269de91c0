/* MishBackward (CANN MishGrad): dx = dy * (t - (t^2 - 1) * x / (exp(-x) + 1)),
 * t = tanh(softplus(x)). CANN's op order (hicann/ops-nn activation/mish_grad/op_kernel/
 * arch35/mish_grad_dag.h): MishCustom computes t without tanh or log:
 *   x >= 0: a = 2 exp(-x) + 1, t = a / (2 exp(-2x) + a)
 *   x <  0: m = exp(2x) + 2 exp(x) (Axpy; 2 exp(x) is exact), t = m / (m + 2)
 * then MishGradCustom: (t * t - 1) * x, divided by exp(-x) + 1, subtracted from t;
 * Mul by dy last. Exp then Adds(1) is ao_expf_plus1 (the same value, ew_op.h). */
AO_EW_GRAD(mish_backward, dy, x, {
    float en = ao_expf(-x);
    float en2 = ao_expf(x * -2.0f);
    en = en * 2.0f;
    en = en + 1.0f;
    en2 = en2 * 2.0f;
    en2 = en2 + en;
    float tpos = en / en2;
    float mid = ao_expf(x * 2.0f);
    float ex = ao_expf(x);
    mid = mid + ex * 2.0f;
    float den = mid + 2.0f;
    float tneg = mid / den;
    float t = x < 0.0f ? tneg : tpos;
    AO_STAGE(t);
    float sq = t * t;
    sq = sq + -1.0f;
    sq = sq * x;
    float e1 = ao_expf_plus1(-x);
    sq = sq / e1;
    return t - sq;
})
