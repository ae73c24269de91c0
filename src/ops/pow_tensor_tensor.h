/* PowTensorTensor: out = self ^ exponent (ascendops/ops/pow_tensor_tensor.py). CANN's
 * l0op::Pow runs in the promoted dtype (hicann/ops-math math/pow/op_api/pow.cpp):
 * floats through ao_powf (fp32, C99 pow's special cases: torch.pow's), DOUBLE through
 * libm pow, integers in their dtype. */
AO_EW_OP2(pow_tensor_tensor, a, b, {
    return ao_powf(a, b);
})
/* Integers: a^b by squaring in T, wrapping (AO_IMUL), as torch; a negative b gives
 * 1 for a == 1, +-1 for a == -1, else 0 (torch's integer powi). */
#ifndef AO_IPOW_
#define AO_IPOW_(a, b) ({                                                          \
    T base_ = (a), r_ = (T)1;                                                      \
    int64_t e_ = (int64_t)(b);                                                     \
    uint64_t n_ = e_ < 0 ? 0u : (uint64_t)e_;                                      \
    while (n_) {                                                                   \
        r_ = (n_ & 1u) ? AO_IMUL(r_, base_) : r_;                                  \
        base_ = AO_IMUL(base_, base_);                                             \
        n_ >>= 1;                                                                  \
    }                                                                              \
    T neg_ = base_ == (T)1 ? (T)1 : (base_ == (T)-1 ? ((e_ & 1) ? (T)-1 : (T)1) : (T)0); \
    e_ < 0 ? neg_ : r_; })
#endif
AO_EW_INT2(pow_tensor_tensor, a, b, {
    return AO_IPOW_(a, b);
})
