# cython: language_level=3, auto_pickle=False
# auto_pickle=False: Cython's generated __reduce__ copies C fields by value (a char *
# as b'', addresses as ints), which makes copies that point at freed or foreign memory;
# classes that can be pickled define __reduce__ themselves (Tensor, DType, OpDef).
"""The ascendops core: dtypes, device memory, Tensor, streams, the two-stage
dispatcher and its executor cache. One extension module, one file per concern:

  _dtypes.pxi    aclDataType / aclFormat
  _memory.pxi    the CPU device's caching allocator, copies, aclError
  _tensor.pxi    Tensor (aclTensor), views, numpy interop, creation
  _dlpack.pxi    DLPack exchange
  _runtime.pxi   streams, worker threads, SoC profiles
  _dispatch.pxi  op definitions, phase 1 / phase 2, executor cache, registry
  _reduce.pxi    plans for kernels that are not elementwise; SoftmaxBackwardOp
  _cast.pxi      CastOp (dtype conversion in C, used by Tensor.astype)
  _capi.pxi      `cdef api` entry points for the C API (libascendops.so, docs/c-api.md)
"""
include "_dtypes.pxi"
include "_memory.pxi"
include "_tensor.pxi"
include "_dlpack.pxi"
include "_runtime.pxi"
include "_dispatch.pxi"
include "_reduce.pxi"
include "_cast.pxi"
include "_capi.pxi"
