/* aclnnEluBackward: the gradient of ELU, x = selfOrResult:
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_ELU_BACKWARD_H_
#define ACLNNOP_ACLNN_ELU_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(EluBackward,
         (const aclTensor *gradOutput, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale, bool isResult, const aclTensor *selfOrResult, aclTensor *gradInput),
         (gradOutput, alpha, scale, inputScale, isResult, selfOrResult, gradInput))

#endif
