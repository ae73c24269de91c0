/* PowScalarTensor: out = self ^ exponent, self an aclScalar converted to the compute
 * dtype (ascendops/ops/pow_scalar_tensor.py; hicann/ops-math math/pow/op_api/aclnn_pow.cpp:
 * ConvertToTensor(self, promoteType), l0op::Pow). The base is attrs[0] + attrs[1] +
 * attrs[2] (split_double); integers in their dtype (iattrs[0] the base). */
AO_EW_OP1(pow_scalar_tensor, e, {
    return ao_powf((attrs[0] + attrs[1]) + attrs[2], e);
})
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
AO_EW_INT1(pow_scalar_tensor, e, {
    return AO_IPOW_((T)iattrs[0], e);
})
