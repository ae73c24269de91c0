/* aclnnFastGeluBackward: gradInput = gradOutput * FastGelu'(self) */
#ifndef ACLNNOP_ACLNN_FAST_GELU_BACKWARD_H_
#define ACLNNOP_ACLNN_FAST_GELU_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(FastGeluBackward,
         (const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput),
         (gradOutput, self, gradInput))

#endif
