/* Runs of bytes at fixed pitches copied by the vector moves of the ISA region the engine
 * chose (copy_runs_isa.h, one instance per region): the same-dtype copies of the gathers
 * (src/index.c) and of the concatenation (src/concat.c), whose runs are often short (a
 * row's segment of a few hundred bytes), where a memcpy call per run would cost more
 * than the bytes it moves. */
#ifndef ASCENDOPS_COPY_RUNS_H
#define ASCENDOPS_COPY_RUNS_H

#include <stdint.h>
#include <string.h>
#include "ao_internal.h"

#if defined(__x86_64__) || defined(__i386__)
#define AO_CR_X86 1
#include <immintrin.h>
#else
#define AO_CR_X86 0
#endif

/* A piece's runs, one per row: row r's from src + r * src_pitch to the caller's row r of
 * out at dst (a concatenation's piece, concat.c) */
typedef struct ao_copy_seg {
    char *dst;
    const char *src;
    int64_t src_pitch;      /* bytes between its rows */
    int64_t width;          /* bytes of a run */
} ao_copy_seg;

#define AO_ISA_INSTANCE "copy_runs_isa.h"
#include "isa_instances.h"

/* count runs of width bytes: run i from src + i * src_pitch to dst + i * dst_pitch */
typedef void (*ao_copy_runs_fn)(char *dst, int64_t dst_pitch, const char *src, int64_t src_pitch,
                                int64_t width, int64_t count);

/* rows [r0, r1) of nsegs pieces, row by row, each row's runs in order: segs[k]'s run of
 * row r to segs[k].dst + r * dst_pitch */
typedef void (*ao_copy_seg_rows_fn)(const ao_copy_seg *segs, int64_t nsegs, int64_t dst_pitch, int64_t r0,
                                    int64_t r1);

/* The ISA region's copies, chosen together by the running region's level. */
typedef struct ao_copy_fns {
    ao_copy_runs_fn runs;
    ao_copy_seg_rows_fn seg_rows;
} ao_copy_fns;

static inline ao_copy_fns ao_copy_fns_current(void)
{
#if AO_CR_X86
    const int level = ao_isa_current()->level;
    if (level >= 2)
        return (ao_copy_fns){ao_copy_runs_avx512, ao_copy_seg_rows_avx512};
    if (level == 1)
        return (ao_copy_fns){ao_copy_runs_avx2, ao_copy_seg_rows_avx2};
#endif
    return (ao_copy_fns){ao_copy_runs_baseline, ao_copy_seg_rows_baseline};
}

#endif
