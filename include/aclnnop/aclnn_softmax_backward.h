/* aclnnSoftmaxBackward: out = gradOutput * output - sum_dim(gradOutput * output) * output */
#ifndef ACLNNOP_ACLNN_SOFTMAX_BACKWARD_H_
#define ACLNNOP_ACLNN_SOFTMAX_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SoftmaxBackward,
         (const aclTensor *gradOutput, const aclTensor *output, int64_t dim, aclTensor *out),
         (gradOutput, output, dim, out))

#endif
