/* SwiGlu: out = swish(a) * b = (a * sigmoid(a)) * b, a and b the halves of x along dim
 * (ascendops/ops/swi_glu.py; CANN's formula, docs/aclnnSwiGlu.md). */
AO_EW_OP2(swi_glu, a, b, {
    const float s = a * ao_sigmoidf(a);
    return s * b;
})
