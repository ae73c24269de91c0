/* The baseline ISA region: region.h compiled with the build's own flags (SSE2 on x86-64,
 * NEON on arm64). Every CPU runs it; src/kernels.c falls back to it. */
#include "regions.h"

#define AO_SUFFIX baseline
#define AO_ISA_LEVEL 0
#include "region.h"
