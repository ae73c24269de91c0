/* aclnnHardsigmoidBackward: out = gradOutput * Hardsigmoid'(self) */
#ifndef ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H_
#define ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(HardsigmoidBackward,
         (const aclTensor *gradOutput, const aclTensor *self, aclTensor *out),
         (gradOutput, self, out))

#endif
