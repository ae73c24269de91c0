/* GtScalar: out = self > other (attrs[0], the scalar in the compute dtype), 1 or 0; a NaN
 * compares false (ascendops/ops/gt_scalar.py; hicann/ops-math math/greater: l0op::Greater
 * in the promoted dtype, then Cast to out). */
AO_EW_OP1(gt_scalar, x, {
    return x > attrs[0] ? 1.0f : 0.0f;
})
/* Integer promoted dtypes: the comparison in the dtype (iattrs[0]: other as the dtype). */
AO_EW_INT1(gt_scalar, x, {
    return x > (T)iattrs[0] ? (T)1 : (T)0;
})
