/* aclnnErfinv: out = erf^-1(self), the inverse error function on [-1, 1].
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_ERFINV_H_
#define ACLNNOP_ACLNN_ERFINV_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Erfinv,
         (const aclTensor *self, aclTensor *out),
         (self, out))

ACLNN_OP(InplaceErfinv,
         (aclTensor *selfRef),
         (selfRef))

#endif
