/* aclnnSwishBackward: gradInput = gradOutput * Swish'(self), beta 1 when betaOptional is null */
#ifndef ACLNNOP_ACLNN_SWISH_BACKWARD_H_
#define ACLNNOP_ACLNN_SWISH_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SwishBackward,
         (const aclTensor *gradOutput, const aclTensor *self, const aclScalar *betaOptional, aclTensor *gradInput),
         (gradOutput, self, betaOptional, gradInput))

#endif
