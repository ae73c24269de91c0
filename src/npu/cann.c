/* The CANN loader: see cann.h. */
#include "npu/cann.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

ao_cann ao_cann_api;

static int g_state;              /* 0 not tried, 1 loaded, -1 failed */
static char g_error[8192];
static int g_dlopen_attempts;
static __thread int32_t g_thread_device = -1;   /* aclrtSetDevice done on this thread */

static void append(char *buf, size_t len, const char *fmt, ...) {
    size_t used = strlen(buf);
    if (used + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

static int is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* dlopen of <lib64>/<name>; NULL with the reason appended to `why`. RTLD_LOCAL: CANN's
 * symbols are resolved through this table only, never interposed on anything else in
 * the process; the libraries' own DT_NEEDED on each other are satisfied by soname from
 * the ones loaded before them (runtime, then nnopbase, then the op libraries). */
static void *open_lib(const char *lib64, const char *name, char *why, size_t whylen) {
    char path[AO_CANN_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", lib64, name);
    if (!is_file(path)) {
        append(why, whylen, "\n    %s: not found", path);
        return NULL;
    }
    g_dlopen_attempts++;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        const char *e = dlerror();
        append(why, whylen, "\n    %s: dlopen failed: %s", path, e ? e : "unknown error");
    }
    return h;
}

/* Opens <lib64>/<name> into c's op libraries: 1 if it did. A library that is not there is
 * a reason in `why` only where it is `required` (a failed dlopen always is). */
static int add_oplib(ao_cann *c, const char *lib64, const char *name, int required, char *why, size_t whylen) {
    char path[AO_CANN_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", lib64, name);
    if (c->n_oplibs >= AO_CANN_MAX_OPLIBS || (!required && !is_file(path)))
        return 0;
    void *h = open_lib(lib64, name, why, whylen);
    if (h == NULL)
        return 0;
    snprintf(c->oplib_names[c->n_oplibs], sizeof c->oplib_names[0], "%s", name);
    c->oplibs[c->n_oplibs++] = h;
    return 1;
}

static void read_version_file(const char *home) {
    /* What CANN installs beside its libraries: runtime/version.info ("Version=8.0.0"),
     * <arch>-linux/ascend_toolkit_install.info ("version=8.0.RC1"). */
    static const char *files[] = {"runtime/version.info", "version.info",
                                  "x86_64-linux/ascend_toolkit_install.info",
                                  "aarch64-linux/ascend_toolkit_install.info"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[AO_CANN_PATH_MAX];
        int n = snprintf(path, sizeof path, "%s/%s", home, files[i]);
        if (n < 0 || (size_t)n >= sizeof path) continue;   /* a truncated path would name another file */
        FILE *f = fopen(path, "r");
        if (f == NULL) continue;
        char line[512];
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "Version=", 8) == 0 || strncmp(line, "version=", 8) == 0) {
                char *v = line + 8;
                v[strcspn(v, "\r\n")] = '\0';
                if (*v) {
                    /* a longer version string is cut to the field: it is only shown */
                    if (snprintf(ao_cann_api.version, sizeof ao_cann_api.version, "%s", v) < 0)
                        ao_cann_api.version[0] = '\0';
                    fclose(f);
                    return;
                }
            }
        }
        fclose(f);
    }
}

static void find_version(void) {
    ao_cann *c = &ao_cann_api;
    if (c->aclsysGetCANNVersion) {
        ao_aclCANNPackageVersion v;
        memset(&v, 0, sizeof v);
        if (c->aclsysGetCANNVersion(0 /* ACL_PKG_NAME_CANN */, &v) == ACL_SUCCESS && v.version[0]) {
            v.version[sizeof v.version - 1] = '\0';
            snprintf(c->version, sizeof c->version, "%s", v.version);
            return;
        }
    }
    read_version_file(c->home);
    if (c->version[0]) return;
    if (c->aclrtGetVersion) {
        int32_t major = 0, minor = 0, patch = 0;
        if (c->aclrtGetVersion(&major, &minor, &patch) == ACL_SUCCESS) {
            snprintf(c->version, sizeof c->version, "unknown (AscendCL interface %d.%d.%d)", major, minor, patch);
            return;
        }
    }
    snprintf(c->version, sizeof c->version, "unknown (no aclsysGetCANNVersion, no version file)");
}

/* Resolves `name` from `h` into *slot; a missing required one is an error. */
static int resolve(void *h, const char *lib, const char *name, void **slot, int required, char *why,
                   size_t whylen) {
    dlerror();
    *slot = dlsym(h, name);
    if (*slot == NULL && required) {
        append(why, whylen, "\n    %s has no %s", lib, name);
        return -1;
    }
    return 0;
}

#define RESOLVE(h, lib, field, required) \
    resolve((h), (lib), #field, (void **)&c->field, (required), why, sizeof why)

int ao_cann_load(char *err, size_t errlen) {
    if (g_state == 0) {
        ao_cann *c = &ao_cann_api;
        char why[6144] = "";
        const char *sources[4][2];
        int n = 0;
        const char *env_home = getenv("ASCEND_HOME_PATH");
        const char *env_toolkit = getenv("ASCEND_TOOLKIT_HOME");
        const char *user_home = getenv("HOME");
        char user_path[AO_CANN_PATH_MAX] = "";
        if (env_home && *env_home) { sources[n][0] = env_home; sources[n++][1] = "$ASCEND_HOME_PATH"; }
        if (env_toolkit && *env_toolkit) { sources[n][0] = env_toolkit; sources[n++][1] = "$ASCEND_TOOLKIT_HOME"; }
        sources[n][0] = "/usr/local/Ascend/ascend-toolkit/latest";
        sources[n++][1] = "the standard install prefix";
        if (user_home && *user_home) {
            snprintf(user_path, sizeof user_path, "%s/Ascend/ascend-toolkit/latest", user_home);
            sources[n][0] = user_path;
            sources[n++][1] = "a user install ($HOME/Ascend)";
        }
        const char *home = NULL;
        for (int i = 0; i < n; i++) {
            char lib64[AO_CANN_PATH_MAX];
            snprintf(lib64, sizeof lib64, "%s/lib64", sources[i][0]);
            if (is_dir(lib64)) {
                if (home == NULL) home = sources[i][0];
                append(why, sizeof why, "\n  %s (%s): lib64/ found%s", sources[i][0], sources[i][1],
                       home == sources[i][0] ? ", used" : "");
            } else {
                append(why, sizeof why, "\n  %s (%s): no lib64/ there", sources[i][0], sources[i][1]);
            }
        }
        int ok = 0;
        if (home != NULL) {
            char lib64[AO_CANN_PATH_MAX];
            snprintf(c->home, sizeof c->home, "%s", home);
            snprintf(lib64, sizeof lib64, "%s/lib64", home);
            ok = 1;
            /* the runtime: libascendcl.so, or libacl_rt.so (newer CANN) */
            const char *rt_name = "libascendcl.so";
            c->runtime = open_lib(lib64, rt_name, why, sizeof why);
            if (c->runtime == NULL) {
                rt_name = "libacl_rt.so";
                c->runtime = open_lib(lib64, rt_name, why, sizeof why);
            }
            if (c->runtime && snprintf(c->runtime_path, sizeof c->runtime_path, "%s/%s", lib64, rt_name) < 0)
                c->runtime_path[0] = '\0';    /* only shown: dlopen already had the full path */
            c->nnopbase = c->runtime ? open_lib(lib64, "libnnopbase.so", why, sizeof why) : NULL;
            if (c->runtime == NULL || c->nnopbase == NULL) ok = 0;
            if (ok) {
                /* the op libraries: libopapi.so (every repository's ops, up to CANN 8.0), or
                 * one per repository, libopapi_nn.so + libopapi_math.so required; either way
                 * libopapi_cv.so and libopapi_transformer.so where present (hicann/ops-cv
                 * and ops-transformer build their aclnn APIs into those: UpsampleNearest2d,
                 * RotaryPositionEmbedding; their examples link -lopapi_cv,
                 * -lopapi -lopapi_transformer) */
                if (!add_oplib(c, lib64, "libopapi.so", 0, why, sizeof why)) {
                    int nn = add_oplib(c, lib64, "libopapi_nn.so", 1, why, sizeof why);
                    int math = add_oplib(c, lib64, "libopapi_math.so", 1, why, sizeof why);
                    if (!nn || !math) ok = 0;
                }
                if (ok) {
                    add_oplib(c, lib64, "libopapi_cv.so", 0, why, sizeof why);
                    add_oplib(c, lib64, "libopapi_transformer.so", 0, why, sizeof why);
                }
            }
            if (ok) {
                const char *rt = rt_name, *nb = "libnnopbase.so";
                int bad = 0;
                bad |= RESOLVE(c->runtime, rt, aclInit, 1);
                bad |= RESOLVE(c->runtime, rt, aclGetRecentErrMsg, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtSetDevice, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtGetDeviceCount, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtSynchronizeDevice, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtCreateStream, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtDestroyStream, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtSynchronizeStream, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtMalloc, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtFree, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtMemcpy, 1);
                bad |= RESOLVE(c->runtime, rt, aclrtMemcpyAsync, 1);
                RESOLVE(c->runtime, rt, aclrtCreateEvent, 0);
                RESOLVE(c->runtime, rt, aclrtDestroyEvent, 0);
                RESOLVE(c->runtime, rt, aclrtRecordEvent, 0);
                RESOLVE(c->runtime, rt, aclrtSynchronizeEvent, 0);
                RESOLVE(c->runtime, rt, aclrtEventElapsedTime, 0);
                RESOLVE(c->runtime, rt, aclsysGetCANNVersion, 0);
                RESOLVE(c->runtime, rt, aclrtGetVersion, 0);
                bad |= RESOLVE(c->nnopbase, nb, aclCreateTensor, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclDestroyTensor, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclCreateScalar, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclDestroyScalar, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclCreateIntArray, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclDestroyIntArray, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclCreateFloatArray, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclDestroyFloatArray, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclCreateBoolArray, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclDestroyBoolArray, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclSetAclOpExecutorRepeatable, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclDestroyAclOpExecutor, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclSetInputTensorAddr, 1);
                bad |= RESOLVE(c->nnopbase, nb, aclSetOutputTensorAddr, 1);
                if (bad) ok = 0;
            }
            if (ok) {
                aclError rc = c->aclInit(NULL);
                /* 100002: already initialised by someone else in this process: fine */
                if (rc != ACL_SUCCESS && rc != ACL_ERROR_REPEAT_INITIALIZE) {
                    const char *m = c->aclGetRecentErrMsg();
                    append(why, sizeof why, "\n    aclInit(NULL) failed: aclError %d%s%s", rc, m && *m ? ": " : "",
                           m ? m : "");
                    ok = 0;
                }
            }
            if (ok) find_version();
        }
        if (ok) {
            c->loaded = 1;
            g_state = 1;
        } else {
            for (int i = 0; i < c->n_oplibs; i++) dlclose(c->oplibs[i]);
            if (c->nnopbase) dlclose(c->nnopbase);
            if (c->runtime) dlclose(c->runtime);
            memset(c, 0, sizeof *c);
            snprintf(g_error, sizeof g_error,
                     "CANN not found or not usable. Looked for its lib64/ (the runtime libascendcl.so or "
                     "libacl_rt.so, libnnopbase.so, and libopapi.so or libopapi_nn.so + libopapi_math.so) "
                     "under, in order:%s\nSource CANN's set_env.sh (it sets ASCEND_HOME_PATH), e.g. "
                     ". /usr/local/Ascend/ascend-toolkit/set_env.sh",
                     why);
            g_state = -1;
        }
    }
    if (g_state < 0 && err && errlen) snprintf(err, errlen, "%s", g_error);
    return g_state > 0 ? 0 : -1;
}

int ao_cann_dlopen_attempts(void) { return g_dlopen_attempts; }

void *ao_cann_op_symbol(const char *name) {
    for (int i = 0; i < ao_cann_api.n_oplibs; i++) {
        void *p = dlsym(ao_cann_api.oplibs[i], name);
        if (p) return p;
    }
    return NULL;
}

aclError ao_cann_use_device(int32_t device) {
    if (g_thread_device == device) return ACL_SUCCESS;
    aclError rc = ao_cann_api.aclrtSetDevice(device);
    if (rc == ACL_SUCCESS) g_thread_device = device;
    return rc;
}
