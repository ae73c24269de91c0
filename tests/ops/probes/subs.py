"""Probes of ascendops/ops/subs.py: aclnnSubs and aclnnInplaceSubs (math/sub/op_api/aclnn_sub.cpp: the
same CheckParamsScalar as aclnnAdds, probes.adds)."""
from probes.adds import probes

SOURCE = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214", "math/sub/op_api/aclnn_sub.cpp")
OP = "Subs"
PROBES = probes(OP, "InplaceSubs", "aclnnSubs")
