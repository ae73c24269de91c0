/* Silu: out = x * sigmoid(x) = x / (1 + exp(-x)), in fp32. */
AO_EW_XFUNC(silu, x, {
    return x * ao_sigmoidf(x);
})
