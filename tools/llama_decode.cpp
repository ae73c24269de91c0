// Greedy decoding with llama.cpp's public API (include/llama.h), on one backend: ggml's CPU
// backend alone, or a ggml device (CANN0) holding every layer. tools/llama_cpp.py builds it
// against the pinned llama.cpp and compares the two runs.
//
//   llama_decode MODEL.gguf DEVICE N_PREDICT PROMPT_IDS LOGITS_OUT [-t N_THREADS] [--force IDS] [-fa] [-v]
//
// DEVICE: "cpu" (no device: n_gpu_layers = 0, no op offload) or a ggml device name such as
// CANN0 (all layers, the output layer and the KV cache on it). Flash attention (ggml's
// FLASH_ATTN_EXT) only with -fa; else KQ, soft-max and KQV as separate ops. The
// weights left on the CPU are in plain CPU buffers (no repacking).
// PROMPT_IDS: comma-separated token ids, decoded as one batch. Then N_PREDICT tokens are
// decoded one at a time, each the argmax of the previous step's logits, or with --force the
// given tokens (another run's choices: both runs then see the same inputs at every step).
// Printed on stdout: one line "token <argmax>" per step, then "prompt_ms <ms>" and
// "token_ms <ms per generated token>". LOGITS_OUT receives the float32 logits of every
// step, the prompt's last position first: (N_PREDICT + 1) rows of n_vocab.
#include "llama.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static bool g_verbose = false;

static void log_cb(enum ggml_log_level level, const char * text, void *) {
    if (g_verbose || level == GGML_LOG_LEVEL_ERROR || level == GGML_LOG_LEVEL_WARN) {
        fputs(text, stderr);
    }
}

int main(int argc, char ** argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s MODEL.gguf cpu|DEVICE N_PREDICT PROMPT_IDS LOGITS_OUT [N_THREADS] [-v]\n", argv[0]);
        return 2;
    }
    const char * model_path = argv[1];
    const std::string device = argv[2];
    const int n_predict = atoi(argv[3]);
    std::vector<llama_token> prompt;
    for (const char * p = argv[4]; *p;) {
        char * end;
        const long id = strtol(p, &end, 10);
        if (end == p || (*end && *end != ',')) {
            fprintf(stderr, "bad prompt ids: %s\n", argv[4]);
            return 2;
        }
        prompt.push_back((llama_token) id);
        p = *end ? end + 1 : end;
    }
    const char * logits_path = argv[5];
    int n_threads = 1;
    bool flash_attn = false;
    std::vector<llama_token> forced;
    for (int i = 6; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            g_verbose = true;
        } else if (strcmp(argv[i], "-fa") == 0) {
            flash_attn = true;
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            n_threads = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--force") == 0 && i + 1 < argc) {
            for (const char * p = argv[++i]; *p;) {
                char * end;
                const long id = strtol(p, &end, 10);
                if (end == p || (*end && *end != ',')) {
                    fprintf(stderr, "bad forced ids: %s\n", argv[i]);
                    return 2;
                }
                forced.push_back((llama_token) id);
                p = *end ? end + 1 : end;
            }
        } else {
            fprintf(stderr, "unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (prompt.empty() || n_predict < 0 || n_threads < 1 || (!forced.empty() && (int) forced.size() < n_predict)) {
        fprintf(stderr, "an empty prompt, a negative N_PREDICT or N_THREADS, or fewer forced tokens than N_PREDICT\n");
        return 2;
    }

    llama_log_set(log_cb, nullptr);
    llama_backend_init();

    llama_model_params mp = llama_model_default_params();
    ggml_backend_dev_t devices[2] = {nullptr, nullptr};
    if (device == "cpu") {
        mp.n_gpu_layers = 0;      // an empty device list: ggml's CPU backend alone
    } else {
        devices[0] = ggml_backend_dev_by_name(device.c_str());
        if (!devices[0]) {
            fprintf(stderr, "no ggml device %s (%zu devices)\n", device.c_str(), ggml_backend_dev_count());
            return 1;
        }
        mp.n_gpu_layers = -1;     // every layer and the output layer
    }
    mp.devices = devices;
    // no extra CPU buffer types: the weights left on the CPU are not repacked for AMX (ggml
    // compiled with -march=native enables it on Sapphire Rapids, where a VM may lack the
    // tile state: SIGILL) nor for other repacked kernels; ggml's plain CPU kernels compute
    mp.use_extra_bufts = false;
    llama_model * model = llama_model_load_from_file(model_path, mp);
    if (!model) {
        fprintf(stderr, "cannot load %s\n", model_path);
        return 1;
    }

    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = (uint32_t) (prompt.size() + n_predict + 1);
    cp.n_batch = cp.n_ubatch = (uint32_t) prompt.size();
    cp.n_threads = cp.n_threads_batch = n_threads;
    cp.flash_attn_type = flash_attn ? LLAMA_FLASH_ATTN_TYPE_ENABLED : LLAMA_FLASH_ATTN_TYPE_DISABLED;
    cp.offload_kqv = device != "cpu";
    cp.op_offload = device != "cpu";
    cp.no_perf = true;
    llama_context * ctx = llama_init_from_model(model, cp);
    if (!ctx) {
        fprintf(stderr, "cannot create a context\n");
        return 1;
    }
    const int n_vocab = llama_vocab_n_tokens(llama_model_get_vocab(model));

    FILE * out = fopen(logits_path, "wb");
    if (!out) {
        fprintf(stderr, "cannot write %s\n", logits_path);
        return 1;
    }
    using clock = std::chrono::steady_clock;
    double prompt_ms = 0, gen_ms = 0;
    std::vector<llama_token> batch = prompt;
    for (int step = 0; step <= n_predict; step++) {
        const auto t0 = clock::now();
        const int rc = llama_decode(ctx, llama_batch_get_one(batch.data(), (int32_t) batch.size()));
        if (rc != 0) {
            fprintf(stderr, "llama_decode returned %d at step %d\n", rc, step);
            return 1;
        }
        // the logits, once llama_get_logits_ith has waited for the backend: an asynchronous
        // device's llama_decode returns with the graph queued
        const float * logits = llama_get_logits_ith(ctx, -1);
        (step == 0 ? prompt_ms : gen_ms) += std::chrono::duration<double, std::milli>(clock::now() - t0).count();
        if (!logits) {
            fprintf(stderr, "no logits at step %d\n", step);
            return 1;
        }
        fwrite(logits, sizeof(float), (size_t) n_vocab, out);
        if (step == n_predict) break;
        int best = 0;
        for (int i = 1; i < n_vocab; i++) {
            if (logits[i] > logits[best]) best = i;
        }
        printf("token %d\n", best);
        fflush(stdout);
        batch.assign(1, forced.empty() ? best : forced[step]);
    }
    fclose(out);
    printf("prompt_ms %.3f\n", prompt_ms);
    printf("token_ms %.3f\n", n_predict ? gen_ms / n_predict : 0.0);

    llama_free(ctx);
    llama_model_free(model);
    llama_backend_free();
    return 0;
}
