/* PowTensorTensor: out = self ^ exponent (ascendops/ops/pow_tensor_tensor.py). CANN's
 * l0op::Pow runs in the promoted dtype (hicann/ops-math math/pow/op_api/pow.cpp):
 * floats through ao_powf (fp32, C99 pow's special cases: torch.pow's), DOUBLE through
 * libm pow, integers in their dtype. */
AO_EW_OP2(pow_tensor_tensor, a, b, {
    return ao_powf(a, b);
})
/* Integers: a^b by squaring in T, wrapping, as torch (src/wide.c's AO_IPOW). */
AO_EW_INT2(pow_tensor_tensor, a, b, {
    return AO_IPOW(a, b);
})
