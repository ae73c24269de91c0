/* Mish: out = x tanh(softplus(x)), in CANN's kernel form (hicann/ops-nn
 * activation/mish/op_kernel/arch35/mish_dag.h), tanh(log(1 + e^x)) written two ways:
 *   x >= 0: (2 e^-x + 1) / (2 e^-x + 1 + 2 e^-2x);  x < 0: (e^2x + 2 e^x) / (e^2x + 2 e^x + 2)
 * (each without overflow on its side), then times x. */
AO_EW_XFUNC(mish, x, {
    float en = ao_expf(-x);
    float en2 = ao_expf(x * -2.0f);
    en = en * 2.0f;
    en = en + 1.0f;
    en2 = en2 * 2.0f;
    en2 = en + en2;
    float pos = en / en2;
    float ep2 = ao_expf(x * 2.0f);
    float ep = ao_expf(x);
    ep = ep * 2.0f;
    ep2 = ep + ep2;
    float d = ep2 + 2.0f;
    float neg = ep2 / d;
    float t = x < 0.0f ? neg : pos;
    return t * x;
})
