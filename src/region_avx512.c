/* The AVX-512 (F, BW, VL, DQ) region: region.h compiled for it (x86 only; src/kernels.c
 * chooses it at run time when the CPU has it). */
#include "regions.h"

#if AO_ISA_LEVEL_MAX >= 2
#pragma GCC target("avx2,avx512f,avx512bw,avx512vl,avx512dq,fma,f16c,bmi2")
#define AO_SUFFIX avx512
#define AO_ISA_LEVEL 2
#include "region.h"
#else
typedef int ao_region_avx512_not_built; /* not x86, or capped below it: an empty unit */
#endif
