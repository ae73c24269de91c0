/* aclnnSigmoidBackward: gradInput = gradOutput * output * (1 - output) */
#ifndef ACLNNOP_ACLNN_SIGMOID_BACKWARD_H_
#define ACLNNOP_ACLNN_SIGMOID_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SigmoidBackward,
         (const aclTensor *gradOutput, const aclTensor *output, aclTensor *gradInput),
         (gradOutput, output, gradInput))

#endif
