/* The memory traffic of a transposed operand's 2-D tiles (src/engine.c, AO_TILE_R x
 * AO_TILE_C) without the op: what bounds x.T in the bench (float32 4096 x 4096,
 * silu_backward(dy, x.T, out=)). Per band of R rows and per tile of C columns it reads the
 * tile's C strips of R floats of the transposed operand (16 KiB apart), then R runs of C
 * floats of dy, and writes R runs of C floats of out, as the engine's tiles do with dy and
 * out in place; against the same three arrays read and written in memory order. Arrays
 * on 2 MiB pages, 16 bytes into a cache line as numpy's are; least of 5 runs per shape.
 *
 *   cc -O2 -mavx512f -pthread benchmarks/tile_pattern.c -o /tmp/tile_pattern
 *   /tmp/tile_pattern [threads] [prefetch]
 *
 * prefetch 1: the next tile's strips prefetched into L2 before each tile (as the engine
 * does while the kernel runs). Built with -mavx512f it moves a zmm at a time; built with
 * -mavx2 instead (a CPU without AVX-512), a ymm at a time, the width of the engine's AVX2
 * region. Results: docs/performance.md, "Per-CPU choices" (tile sizes). */
#define _GNU_SOURCE
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define SIDE 4096

#if defined(__AVX512F__)
typedef __m512 vec;
#define VW 16
#define vzero _mm512_setzero_ps
#define vload _mm512_loadu_ps
#define vstore _mm512_storeu_ps
#define vadd _mm512_add_ps
#define vsum _mm512_reduce_add_ps
#elif defined(__AVX__)
typedef __m256 vec;
#define VW 8
#define vzero _mm256_setzero_ps
#define vload _mm256_loadu_ps
#define vstore _mm256_storeu_ps
#define vadd _mm256_add_ps
static float vsum(vec v)
{
    float l[8], s = 0;
    _mm256_storeu_ps(l, v);
    for (int i = 0; i < 8; i++)
        s += l[i];
    return s;
}
#else
#error "build with -mavx512f or -mavx2"
#endif

static float *xt, *dy, *out;
static int tile_rows, tile_cols, threads, prefetch;
static volatile float sink;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* participant k's bands of tile_rows rows, tile by tile */
static void *tiles(void *arg)
{
    const int k = *(const int *)arg, bands = SIDE / tile_rows;
    vec acc = vzero();
    for (int b = bands * k / threads; b < bands * (k + 1) / threads; b++) {
        const int i0 = b * tile_rows;
        for (int j0 = 0; j0 < SIDE; j0 += tile_cols) {
            if (prefetch && j0 + tile_cols < SIDE)
                for (int j = j0 + tile_cols; j < j0 + 2 * tile_cols; j++)
                    for (int l = 0; l < tile_rows * 4; l += 64)
                        _mm_prefetch((const char *)(xt + (size_t)j * SIDE + i0) + l, _MM_HINT_T1);
            for (int j = j0; j < j0 + tile_cols; j++)
                for (int i = 0; i < tile_rows; i += VW)
                    acc = vadd(acc, vload(xt + (size_t)j * SIDE + i0 + i));
            for (int i = i0; i < i0 + tile_rows; i++)
                for (int j = 0; j < tile_cols; j += VW) {
                    const size_t o = (size_t)i * SIDE + j0 + j;
                    vstore(out + o, vadd(vload(dy + o), acc));
                }
        }
    }
    sink = vsum(acc);
    return NULL;
}

/* participant k's share of the arrays in memory order */
static void *linear(void *arg)
{
    const int k = *(const int *)arg;
    const size_t n = (size_t)SIDE * SIDE, lo = n * k / threads, hi = n * (k + 1) / threads;
    for (size_t i = lo; i < hi; i += VW)
        vstore(out + i, vadd(vload(xt + i), vload(dy + i)));
    return NULL;
}

/* the least wall time of 5 runs of f on `threads` threads */
static double least(void *(*f)(void *))
{
    double best = 1e9;
    for (int r = 0; r < 5; r++) {
        pthread_t th[64];
        int ids[64];
        const double t = now();
        for (int k = 0; k < threads; k++) {
            ids[k] = k;
            pthread_create(&th[k], NULL, f, &ids[k]);
        }
        for (int k = 0; k < threads; k++)
            pthread_join(th[k], NULL);
        const double elapsed = now() - t;
        best = elapsed < best ? elapsed : best;
    }
    return best;
}

/* a SIDE x SIDE float array on 2 MiB pages, 16 bytes into a line */
static float *array(void)
{
    const size_t bytes = (size_t)SIDE * SIDE * 4 + 64, huge = (size_t)2 << 20;
    char *m = mmap(NULL, bytes + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    m = (char *)(((uintptr_t)m + huge - 1) & ~(uintptr_t)(huge - 1));
    madvise(m, bytes, MADV_HUGEPAGE);
    memset(m, 1, bytes);
    return (float *)(m + 16);
}

int main(int argc, char **argv)
{
    static const int rows[] = {32, 64, 128, 256}, cols[] = {128, 256, 512, 1024};
    threads = argc > 1 ? atoi(argv[1]) : 2;
    prefetch = argc > 2 ? atoi(argv[2]) : 0;
    if (threads < 1 || threads > 64)
        threads = 2;
    xt = array();
    dy = array();
    out = array();
    const double base = least(linear);
    printf("in memory order: %.2f ms (%d threads)\ntiles R x C: ms (x memory order)\n", base * 1e3, threads);
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            tile_rows = rows[a];
            tile_cols = cols[b];
            const double t = least(tiles);
            printf("  %3d x %-4d %6.2f (%.2fx)", tile_rows, tile_cols, t * 1e3, t / base);
        }
        printf("\n");
    }
    return 0;
}
