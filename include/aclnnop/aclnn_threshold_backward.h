/* aclnnThresholdBackward: out = gradOutput where self > threshold, else 0 */
#ifndef ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_
#define ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(ThresholdBackward,
         (const aclTensor *gradOutput, const aclTensor *self, const aclScalar *threshold, aclTensor *out),
         (gradOutput, self, threshold, out))

#endif
