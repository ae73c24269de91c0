/* aclnnSoftplusBackward: gradInput = gradOutput * Softplus'(self) */
#ifndef ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H_
#define ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SoftplusBackward,
         (const aclTensor *gradOutput, const aclTensor *self, const aclScalar *beta, const aclScalar *threshold, aclTensor *gradInput),
         (gradOutput, self, beta, threshold, gradInput))

#endif
