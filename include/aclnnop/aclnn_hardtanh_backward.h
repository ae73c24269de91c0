/* aclnnHardtanhBackward: out = gradOutput where min < self < max, else 0 */
#ifndef ACLNNOP_ACLNN_HARDTANH_BACKWARD_H_
#define ACLNNOP_ACLNN_HARDTANH_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(HardtanhBackward,
         (const aclTensor *gradOutput, const aclTensor *self, const aclScalar *min, const aclScalar *max, aclTensor *out),
         (gradOutput, self, min, max, out))

#endif
