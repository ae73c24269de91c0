/* aclnnSeluBackward: gradInput = gradOutput * SELU'(x), from the forward's result */
#ifndef ACLNNOP_ACLNN_SELU_BACKWARD_H_
#define ACLNNOP_ACLNN_SELU_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SeluBackward,
         (const aclTensor *gradOutput, const aclTensor *result, aclTensor *gradInput),
         (gradOutput, result, gradInput))

#endif
