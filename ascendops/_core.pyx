# cython: language_level=3, auto_pickle=False
# auto_pickle=False: Cython's generated __reduce__ copies C fields by value (a char *
# as b'', addresses as ints), which makes copies that point at freed or foreign memory;
# classes that can be pickled define __reduce__ themselves (Tensor, DType, OpDef).
"""The ascendops core: dtypes, device memory, Tensor, streams, the two-stage
dispatcher and its executor cache. One extension module, one file per concern,
included bottom-up: a file uses only what it or an earlier file defines (upward
calls go through a hook the upper layer sets: Tensor.astype's _astype_kernel, set by
_api.pxi; tests/core/test_layers.py checks this):

  _dtypes.pxi    aclDataType / aclFormat
  _memory.pxi    devices (cpu, cpu:strict, the npu hooks), a caching allocator per
                 device, copies, aclError
  _tensor.pxi    Tensor (aclTensor), views, numpy interop, creation
  _dlpack.pxi    DLPack exchange (one layer with _tensor.pxi: each uses the other)
  _runtime.pxi   streams (cpu:strict's run on their own threads), events, worker
                 threads, SoC profiles
  _errors.pxi    aclnnStatus codes and the exceptions that carry them
  _opdef.pxi     OpDef: an op declared as data, the CANN checks it applies; the registry
  _plan.pxi      the operand layout every op kind uses, and Plan: what phase 1
                 computes once per cache key
  _elementwise.pxi ElementwiseOp: one fp32 C kernel per element
  _reduce.pxi    plans for kernels that are not elementwise; RowReduceOp (a C row
                 kernel named by the declaration: the softmax family), ChannelReduceOp,
                 AxisReduceOp (a reduction over a block of dims: the norms)
  _cast.pxi      CastOp (dtype conversion in C, used by Tensor.astype), CopyOp (copy/fill into a tensor), ArangeOp
  _layout.pxi    LayoutOp (Permute, ConstantPadNd, Repeat, Slice, ReflectionPad1d, Roll: pieces of copies and fills)
  _concat.pxi    ConcatOp: a TensorList input written piece by piece (Cat)
  _mask.pxi      MaskOp: a copy that keeps one column range per row (Tril, Triu)
  _random.pxi    ops with a counter-based random generator (RReluWithNoiseOp, Philox)
  _linalg.pxi    MatrixOp: batches of matrices, batch dims broadcast (TriangularSolve)
  _window.pxi    windowed ops (WindowOp, Window: Im2col, the 2-d pools, UpsampleNearest2d)
  _conv.pxi      ConvolutionOp: 1-d and 2-d convolutions, transposed and grouped
  _quant_matmul.pxi QuantMatmulOp: weight-quantised products (WeightQuantBatchMatmulV2)
  _index.pxi     gathers and scatters along one dim (IndexOp: GatherV2, IndexSelect, IndexCopy)
  _rope.pxi      RotaryOp: rotary position embedding along the last dim (RotaryPositionEmbedding)
  _executor.pxi  the executor cache, Executor, phase 1 / phase 2
  _npu.pxi       the npu backend: CANN loaded at run time, op calls through its symbols
  _api.pxi       register(), ascendops.aclnn's two-stage functions, the numpy-like call
  _capi.pxi      `cdef api` entry points for the C API (libascendops.so, docs/c-api.md)
"""
include "_dtypes.pxi"
include "_memory.pxi"
include "_tensor.pxi"
include "_dlpack.pxi"
include "_runtime.pxi"
include "_errors.pxi"
include "_checks.pxi"
include "_opdef.pxi"
include "_plan.pxi"
include "_elementwise.pxi"
include "_reduce.pxi"
include "_cast.pxi"
include "_layout.pxi"
include "_concat.pxi"
include "_mask.pxi"
include "_random.pxi"
include "_linalg.pxi"
include "_window.pxi"
include "_conv.pxi"
include "_nz.pxi"
include "_matmul.pxi"
include "_quant_matmul.pxi"
include "_attention.pxi"
include "_index.pxi"
include "_rope.pxi"
include "_executor.pxi"
include "_npu.pxi"
include "_api.pxi"
include "_capi.pxi"
