/* HardshrinkBackward and SoftshrinkBackward (CANN HardShrinkGrad, SoftShrinkGrad): the
 * same function, dx = |x| > lambd ? dy : 0, and dy where x is NaN.
 * attrs: [0] lambd. CANN's op order (hicann/ops-nn activation/soft_shrink_grad/op_kernel/
 * arch35/soft_shrink_grad.h: Abs, CompareScalar GT, Select dy or 0, then Compare x != x
 * and Select dy; activation/hard_shrink_grad/op_kernel/arch35/hard_shrink_grad.h:
 * Abs, Compares LE, Select 0 or dy, which gives dy for a NaN x as well). */
/* NaN results by the rule without the fix (ew_op.h AO_EW_NANSAFE_): results dy or 0 */
#define AO_EW_NANSAFE_shrink_backward ~, 1
/* |x| by clearing the sign (one vandps; `x < 0 ? -x : x` compiled to a compare, a
 * negation and a blend per register): only the compare below reads it, and -0 against
 * +0 or a NaN's sign cannot change that */
AO_EW_OP2(shrink_backward, dy, x, {
    float a = ao_fabsf(x);
    float r = a > attrs[0] ? dy : 0.0f;
    return x != x ? dy : r;
})
