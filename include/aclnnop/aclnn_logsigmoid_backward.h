/* aclnnLogSigmoidBackward: gradInput = gradOutput / (1 + exp(self)), the gradient of
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H_
#define ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(LogSigmoidBackward,
         (const aclTensor *gradOutput, const aclTensor *self, const aclTensor *buffer, aclTensor *gradInput),
         (gradOutput, self, buffer, gradInput))

#endif
