/* aclnnSiluBackward: gradInput = gradOutput * sigmoid(self) * (1 + self * (1 - sigmoid(self))) */
#ifndef ACLNNOP_ACLNN_SILU_BACKWARD_H_
#define ACLNNOP_ACLNN_SILU_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SiluBackward,
         (const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput),
         (gradOutput, self, gradInput))

#endif
