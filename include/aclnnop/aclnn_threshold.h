/* aclnnThreshold: out = self > threshold ? self : value */
#ifndef ACLNNOP_ACLNN_THRESHOLD_H_
#define ACLNNOP_ACLNN_THRESHOLD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Threshold,
         (const aclTensor *self, const aclScalar *threshold, const aclScalar *value, aclTensor *out),
         (self, threshold, value, out))

#endif
