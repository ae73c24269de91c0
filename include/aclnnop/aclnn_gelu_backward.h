/* aclnnGeluBackward: gradInput = gradOutput * GELU'(self) (erf form) */
#ifndef ACLNNOP_ACLNN_GELU_BACKWARD_H_
#define ACLNNOP_ACLNN_GELU_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(GeluBackward,
         (const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput),
         (gradOutput, self, gradInput))

#endif
