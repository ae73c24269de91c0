/* Adds / Subs: out = self + c, c = other * alpha (Adds) or -(other * alpha) (Subs), both
 * aclScalars (ascendops/ops/adds.py, subs.py). CANN's aclnnAdds / aclnnSubs (hicann/ops-math
 * math/add/op_api/aclnn_add.cpp, math/sub/op_api/aclnn_sub.cpp) convert other (and alpha)
 * to the compute dtype PromoteTypeScalar picks and run Add / Sub, Axpy or Mul then Add /
 * Sub; the engine folds other * alpha into one constant on the host (adds.py) and adds
 * it: x - p is x + (-p) in IEEE arithmetic and in wrapping integers. c is attrs[0] +
 * attrs[1] + attrs[2] (exact in double: a DOUBLE compute dtype's constant whole;
 * _scalar.py split_double), attrs[3] != 0 for a BOOL compute dtype (the result is its
 * truth: CANN's BOOL Add is a logical or). Integers in their dtype, wrapping (iattrs[0]
 * = c); COMPLEX in double complex (attrs[0] + i attrs[1]). */
AO_EW_OP1(adds, a, {
    float r = a + ((attrs[0] + attrs[1]) + attrs[2]);
    return attrs[3] != 0.0f ? (float)(r != 0.0f) : r;
})
AO_EW_INT1(adds, a, {
    return AO_IADD(a, (T)iattrs[0]);
})
AO_EW_CPLX1(adds, z, {
    return z + (attrs[0] + attrs[1] * I);
})
