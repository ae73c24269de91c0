/* aclnnLogSigmoid: out = log(sigmoid(self)) */
#ifndef ACLNNOP_ACLNN_LOG_SIGMOID_H_
#define ACLNNOP_ACLNN_LOG_SIGMOID_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(LogSigmoid,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
