/* aclnnSigmoid and aclnnLogSigmoid.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_SIGMOID_H_
#define ACLNNOP_ACLNN_SIGMOID_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Sigmoid,
         (const aclTensor *self, aclTensor *out),
         (self, out))

ACLNN_OP(InplaceSigmoid,
         (aclTensor *selfRef),
         (selfRef))

#endif
