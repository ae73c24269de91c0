/* Glu: out = a * sigmoid(b), a and b the halves of self along dim (ascendops/ops/glu.py);
 * CANN's order: Sigmoid(b), then Mul (ops-nn activation/glu/op_host/op_api/aclnn_glu.cpp). */
AO_EW_OP2(glu, a, b, {
    return a * ao_sigmoidf(b);
})
