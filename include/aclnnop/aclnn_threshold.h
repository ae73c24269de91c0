/* aclnnThreshold: out = self > threshold ? self : value.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_THRESHOLD_H_
#define ACLNNOP_ACLNN_THRESHOLD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Threshold,
         (const aclTensor *self, const aclScalar *threshold, const aclScalar *value, aclTensor *out),
         (self, threshold, value, out))

ACLNN_OP(InplaceThreshold,
         (aclTensor *selfRef, const aclScalar *threshold, const aclScalar *value),
         (selfRef, threshold, value))

#endif
