/*
 * Out-of-memory message forms. Each is matched case-insensitively on the
 * message with line breaks removed, since terminals hard-wrap long CUDA
 * messages in the middle of words.
 */
#include "oom.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text.h"

typedef struct oom_form {
	const char *needle; /* case-insensitive substring of the message */
	gg_oom_device device;
	const char *form;
} oom_form;

/* First match wins: the specific forms come before the generic ones. */
static const oom_form oom_forms[] = {
	{ "HIP out of memory", GG_OOM_DEVICE_HIP, "HIP out of memory" },
	{ "hipErrorOutOfMemory", GG_OOM_DEVICE_HIP, "hipErrorOutOfMemory" },
	{ "HIP error: out of memory", GG_OOM_DEVICE_HIP, "HIP error: out of memory" },
	{ "MPS backend out of memory", GG_OOM_DEVICE_MPS, "MPS backend out of memory" },
	/*
	 * MPS refuses one buffer longer than the Metal device's maximum buffer
	 * length before it asks for memory at all: "Invalid buffer size: 635.13
	 * GB". No memory words, but it is one request too large for the GPU.
	 */
	{ "Invalid buffer size: ", GG_OOM_DEVICE_MPS, GG_OOM_FORM_MPS_BUFFER },
	/* MLX on the same Metal device: its allocator names the same per-buffer limit. */
	{ "[metal::malloc] Attempting to allocate", GG_OOM_DEVICE_MPS, GG_OOM_FORM_MPS_BUFFER },
	{ "total bytes of NDArray > 2**32", GG_OOM_DEVICE_MPS, GG_OOM_FORM_MPS_NDARRAY },
	{ "XPU out of memory", GG_OOM_DEVICE_XPU, "XPU out of memory" },
	/* torch_npu's caching allocator, CUDA's message with NPU for CUDA and GPU ("(NPU 3; ... total capacity; ...)"). */
	{ "NPU out of memory", GG_OOM_DEVICE_NPU, "NPU out of memory" },
	{ "OUT_OF_DEVICE_MEMORY", GG_OOM_DEVICE_XPU, "UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY" },
	/*
	 * The SYCL runtime's own sentence for that status, raised as a bare
	 * RuntimeError by Intel's extensions ("Allocation is out of device
	 * memory on current platform."): no "XPU out of memory" in it, but
	 * only Intel's GPU runtime writes it.
	 */
	{ "out of device memory on current platform", GG_OOM_DEVICE_XPU, "SYCL: out of device memory" },
	/*
	 * Ascend's CANN runtime under torch_npu: its driver's reason in the
	 * error block ("reason=[driver error:out of memory]"), no Python
	 * exception line of its own.
	 */
	{ "driver error:out of memory", GG_OOM_DEVICE_NPU, "Ascend driver: out of memory" },
	{ "PI_ERROR_OUT_OF_RESOURCES", GG_OOM_DEVICE_XPU, "PI_ERROR_OUT_OF_RESOURCES" },
	{ "Cuda failure 2 'out of memory", GG_OOM_DEVICE_CUDA, GG_OOM_FORM_NCCL },
	{ "Cuda failure 'out of memory", GG_OOM_DEVICE_CUDA, GG_OOM_FORM_NCCL }, /* NCCL 2.x before the error number; the closing quote may be taken as a quote's */
	{ "CUDA out of memory", GG_OOM_DEVICE_CUDA, "CUDA out of memory" },
	/* The caching allocator under set_per_process_memory_fraction: "Allocation on device 0 would exceed allowed memory." */
	{ "would exceed allowed memory", GG_OOM_DEVICE_CUDA, "CUDA allocation over the memory fraction" },
	{ "CUDA error: out of memory", GG_OOM_DEVICE_CUDA, "CUDA error: out of memory" },
	/*
	 * The caching allocator asks NVML what each process holds only to
	 * write its out-of-memory message; where NVML cannot answer (a MIG
	 * slice, a container, some drivers) the assert is what surfaces: the
	 * allocation had already failed.
	 */
	{ "NVML_SUCCESS == r INTERNAL ASSERT FAILED", GG_OOM_DEVICE_CUDA, GG_OOM_FORM_NVML_REPORT },
	/*
	 * A serving engine's start-up (vLLM): after the weights and a profiling
	 * run, the share of the device it may use leaves nothing, or too little
	 * for one sequence, for the KV cache. The device is not said.
	 */
	{ "No available memory for the cache blocks", GG_OOM_DEVICE_UNKNOWN, GG_OOM_FORM_KV_CACHE },
	{ "larger than the available KV cache memory", GG_OOM_DEVICE_UNKNOWN, GG_OOM_FORM_KV_CACHE },
	/*
	 * A serving engine's warm-up (TGI's router): it runs one prefill of
	 * the largest token budget it is set to accept, and the device had no
	 * room for it after the weights. Its own words, no allocator's.
	 */
	{ "Not enough memory to handle", GG_OOM_DEVICE_UNKNOWN, GG_OOM_FORM_WARMUP },
	/*
	 * TensorRT's logger while it builds an engine or its execution context:
	 * its allocator's failure, the request it could not place (in bytes),
	 * its OutOfMemory error code. No Python exception need follow.
	 */
	{ "Cuda Runtime (out of memory)", GG_OOM_DEVICE_CUDA, GG_OOM_FORM_TENSORRT },
	{ "Requested amount of GPU memory (", GG_OOM_DEVICE_CUDA, GG_OOM_FORM_TENSORRT },
	{ "Error Code 2: OutOfMemory", GG_OOM_DEVICE_CUDA, GG_OOM_FORM_TENSORRT },
	{ "cuda runtime error (2)", GG_OOM_DEVICE_CUDA, "cuda runtime error (2) : out of memory" },
	{ "cudaErrorMemoryAllocation", GG_OOM_DEVICE_CUDA, "cudaErrorMemoryAllocation" },
	{ "CUBLAS_STATUS_ALLOC_FAILED", GG_OOM_DEVICE_CUDA, "CUBLAS_STATUS_ALLOC_FAILED" },
	{ "CUDNN_STATUS_ALLOC_FAILED", GG_OOM_DEVICE_CUDA, "CUDNN_STATUS_ALLOC_FAILED" },
	{ "Unable to find a valid cuDNN algorithm to run convolution", GG_OOM_DEVICE_CUDA, GG_OOM_FORM_CUDNN_NO_ALGO },
	{ "CUSOLVER_STATUS_ALLOC_FAILED", GG_OOM_DEVICE_CUDA, "CUSOLVER_STATUS_ALLOC_FAILED" },
	{ "CUFFT_ALLOC_FAILED", GG_OOM_DEVICE_CUDA, "CUFFT_ALLOC_FAILED" },
	{ "CUSPARSE_STATUS_ALLOC_FAILED", GG_OOM_DEVICE_CUDA, "CUSPARSE_STATUS_ALLOC_FAILED" },
	/*
	 * Windows' own memory errors, whatever the language of the text after
	 * them: 1455, the paging file (commit limit) is exhausted, typically by
	 * DataLoader workers that each load torch's CUDA libraries; 8 and 14,
	 * not enough memory.
	 */
	{ "WinError 1455", GG_OOM_DEVICE_CPU, GG_OOM_FORM_PAGING_FILE },
	{ "error code 1455", GG_OOM_DEVICE_CPU, GG_OOM_FORM_PAGING_FILE },
	{ "os error 1455", GG_OOM_DEVICE_CPU, GG_OOM_FORM_PAGING_FILE }, /* Rust libraries (safetensors) */
	/*
	 * 1455's English text without its number: Python before 3.8 raised a
	 * DLL that could not be committed as "ImportError: DLL load failed: The
	 * paging file is too small ...", and 3.8+ as "DLL load failed while
	 * importing _C: ..."; neither says WinError. Windows writes this text for
	 * nothing but its commit limit.
	 */
	{ "paging file is too small", GG_OOM_DEVICE_CPU, GG_OOM_FORM_PAGING_FILE },
	{ "WinError 8]", GG_OOM_DEVICE_CPU, "WinError 8: not enough memory" },
	{ "WinError 14]", GG_OOM_DEVICE_CPU, "WinError 14: not enough memory" },
	{ "DefaultCPUAllocator: can't allocate memory", GG_OOM_DEVICE_CPU, "DefaultCPUAllocator: can't allocate memory" },
	{ "DefaultCPUAllocator: not enough memory", GG_OOM_DEVICE_CPU, "DefaultCPUAllocator: not enough memory" },
	{ "not enough memory: you tried to allocate", GG_OOM_DEVICE_CPU, "Torch: not enough memory" },
	{ "Unable to allocate", GG_OOM_DEVICE_CPU, "numpy: Unable to allocate" },
	{ "Cannot allocate memory", GG_OOM_DEVICE_CPU, "Cannot allocate memory (ENOMEM)" },
	{ "posix_memalign", GG_OOM_DEVICE_CPU, "CPUAllocator: posix_memalign failed" },
	/* Intel MKL's own allocator (a CPU build of CTranslate2, numpy linked with MKL). */
	{ "mkl_malloc: failed to allocate memory", GG_OOM_DEVICE_CPU, "mkl_malloc: failed to allocate memory" },
	/* Signal 9 to a worker: the kernel's OOM killer ("Bus error" is /dev/shm, "Segmentation fault" a crash: neither counts). */
	{ "is killed by signal: Killed", GG_OOM_DEVICE_CPU, GG_OOM_FORM_WORKER_KILLED },
	{ "killed by SIGKILL by OOM killer", GG_OOM_DEVICE_CPU, GG_OOM_FORM_WORKER_LOST },
	/* Before the type check: the monitor's exception is named OutOfMemoryError too, but no device ran out. */
	{ "node running low on memory", GG_OOM_DEVICE_CPU, GG_OOM_FORM_NODE_MEMORY }, /* 1.x: "posix_memalign(&data, ...) == 0. 12 vs 0" */
	/* The raylet's summary of the same monitor's kills: "2 Workers (tasks / actors) killed due to memory pressure (OOM)". */
	{ "killed due to memory pressure (OOM)", GG_OOM_DEVICE_CPU, GG_OOM_FORM_NODE_MEMORY },
};

const char *gg_oom_device_name(gg_oom_device d)
{
	switch (d) {
	case GG_OOM_DEVICE_CUDA: return "cuda";
	case GG_OOM_DEVICE_HIP: return "hip";
	case GG_OOM_DEVICE_MPS: return "mps";
	case GG_OOM_DEVICE_XPU: return "xpu";
	case GG_OOM_DEVICE_CPU: return "cpu";
	case GG_OOM_DEVICE_TPU: return "tpu";
	case GG_OOM_DEVICE_NPU: return "npu";
	case GG_OOM_DEVICE_UNKNOWN: break;
	}
	return NULL;
}

double gg_oom_parse_size(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	if (i >= n || !((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
		return -1;
	char num[64];
	size_t k = 0;
	while (i < n && k + 1 < sizeof num && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
		num[k++] = s[i++];
	num[k] = '\0';
	double v = strtod(num, NULL);
	while (i < n && s[i] == ' ')
		i++;
	static const struct { const char *unit; double scale; } units[] = {
		{ "TiB", 1099511627776.0 }, { "GiB", 1073741824.0 }, { "MiB", 1048576.0 }, { "KiB", 1024.0 },
		{ "TB", 1e12 }, { "GB", 1e9 }, { "MB", 1e6 }, { "KB", 1e3 }, { "kB", 1e3 },
		{ "bytes", 1.0 }, { "B", 1.0 },
	};
	for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
		if (gg_text_starts(s + i, n - i, units[u].unit))
			return v * units[u].scale;
	/* A binary unit a hard-wrapped paste split, its lines joined with a space ("356.88 Mi B is free"). */
	for (size_t u = 0; u < 4; u++) {
		const char *w = units[u].unit;
		char split[2][5] = { { w[0], ' ', w[1], w[2], '\0' }, { w[0], w[1], ' ', w[2], '\0' } };
		for (size_t k = 0; k < 2; k++)
			if (gg_text_starts(s + i, n - i, split[k]))
				return v * units[u].scale;
	}
	/*
	 * XLA prints its sizes with one letter and binary steps ("3.95G",
	 * "180.59M", "4.0K"); only as a word's end, so "2 Mask" is no size.
	 */
	static const struct { char unit; double scale; } letters[] = {
		{ 'T', 1099511627776.0 }, { 'G', 1073741824.0 }, { 'M', 1048576.0 }, { 'K', 1024.0 },
	};
	bool word_end = i + 1 >= n || !((s[i + 1] >= 'a' && s[i + 1] <= 'z') || (s[i + 1] >= 'A' && s[i + 1] <= 'Z'));
	for (size_t u = 0; i < n && word_end && u < sizeof letters / sizeof letters[0]; u++)
		if (s[i] == letters[u].unit)
			return v * letters[u].scale;
	return -1;
}

/* The size right after the first occurrence of key (case-insensitive), or -1. */
static double oom_size_after(const char *s, size_t n, const char *key)
{
	const char *p = gg_text_find_ci(s, n, key);
	if (!p)
		return -1;
	p += strlen(key);
	return gg_oom_parse_size(p, n - (size_t)(p - s));
}

/*
 * A field of a report laid out in columns ("Requested               :
 * 3.00 GiB", "Free (according to CUDA): 8.00 MiB"): the size after key, any
 * spaces and a colon; -1 when absent.
 */
static double oom_field(const char *s, size_t n, const char *key)
{
	const char *p = gg_text_find_ci(s, n, key);
	if (!p)
		return -1;
	p += strlen(key);
	while (p < s + n && *p == ' ')
		p++;
	if (p >= s + n || *p != ':')
		return -1;
	p++;
	return gg_oom_parse_size(p, (size_t)(s + n - p));
}

/* The size right before key ("9.20 GiB already allocated"), or -1. */
static double oom_size_before(const char *s, size_t n, const char *key)
{
	const char *p = gg_text_find_ci(s, n, key);
	if (!p)
		return -1;
	/* Walk back over "<number> <unit> ". */
	const char *q = p;
	while (q > s && q[-1] == ' ')
		q--;
	/* The unit, perhaps split in two by a hard-wrapped paste joined with a space ("12.84 Gi B already allocated"). */
	for (int part = 0; part < 2 && q > s && ((q[-1] >= 'A' && q[-1] <= 'Z') || (q[-1] >= 'a' && q[-1] <= 'z')); part++) {
		while (q > s && ((q[-1] >= 'A' && q[-1] <= 'Z') || (q[-1] >= 'a' && q[-1] <= 'z')))
			q--;
		while (q > s && q[-1] == ' ')
			q--;
	}
	while (q > s && ((q[-1] >= '0' && q[-1] <= '9') || q[-1] == '.'))
		q--;
	return gg_oom_parse_size(q, (size_t)(p - q));
}

/*
 * The capacity figure of a message cut inside its field's name, the
 * message's last words ("... 31.75 GiB total capacit", "... total"): the
 * size before " total", or -1.
 */
static double oom_total_cut(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '.'))
		n--;
	const char *last = NULL;
	for (const char *p = s; (p = gg_text_find(p, (size_t)(s + n - p), " total")) != NULL; p++)
		last = p;
	if (!last)
		return -1;
	size_t rest = (size_t)(s + n - (last + 6));
	if (rest > 9 || memcmp(last + 6, " capacity", rest) != 0)
		return -1;
	return oom_size_before(s, (size_t)(last + 1 - s) + 5, "total");
}

/*
 * 2.x lists the device's other users: "Process 4711 has 10.50 GiB memory in
 * use." (once per process; "this process has" is ours). Sums them.
 */
static void oom_other_processes(const char *s, size_t n, gg_oom_info *info)
{
	const char *end = s + n;
	for (const char *p = s; (p = gg_text_find(p, (size_t)(end - p), "Process ")) != NULL; p++) {
		const char *q = p + 8;
		if (q >= end || *q < '0' || *q > '9')
			continue;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		if (!gg_text_starts(q, (size_t)(end - q), " has "))
			continue;
		double v = gg_oom_parse_size(q + 5, (size_t)(end - q - 5));
		if (v < 0)
			continue;
		info->others_in_use = (info->others_in_use < 0 ? 0 : info->others_in_use) + v;
		if (v > info->others_max)
			info->others_max = v;
		if (info->others_min < 0 || v < info->others_min)
			info->others_min = v;
		info->others++;
	}
}

static int oom_device_index(const char *s, size_t n)
{
	static const char *const keys[] = { "(GPU ", "GPU ", "cuda:", "device ", "xpu:", "(NPU ", "npu:", NULL };
	for (const char *const *k = keys; *k; k++) {
		const char *p = gg_text_find(s, n, *k);
		if (!p)
			continue;
		p += strlen(*k);
		if (p < s + n && *p >= '0' && *p <= '9') {
			int v = 0;
			while (p < s + n && *p >= '0' && *p <= '9' && v < 100000)
				v = v * 10 + (*p++ - '0');
			return v;
		}
	}
	return -1;
}

/* key as a word of its own (case-insensitive): "mps" in "on mps:0", not in "jumps". */
static bool oom_word(const char *s, size_t n, const char *key)
{
	size_t k = strlen(key);
	for (const char *p = s; (p = gg_text_find_ci(p, (size_t)(s + n - p), key)) != NULL; p++) {
		bool before = p == s || !((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z'));
		bool after = p + k >= s + n || !((p[k] >= 'a' && p[k] <= 'z') || (p[k] >= 'A' && p[k] <= 'Z'));
		if (before && after)
			return true;
	}
	return false;
}

/*
 * XLA's runtime out of memory, under torch_xla, JAX or TensorFlow: the TPU
 * allocator's "Attempting to reserve 5.10G at the bottom of memory. That
 * was not possible. There are 2.40G free", its "Attempting to allocate N.
 * That was not possible", the TPU compiler's "Ran out of memory in memory
 * space hbm", XLA's "Out of memory while trying to allocate N" (a GPU's, or
 * a TPU's), and its RESOURCE_EXHAUSTED status beside memory words. That
 * status alone is no memory error: Google's APIs and gRPC use it for a
 * quota or an oversized message.
 */
static bool oom_xla(const char *s, size_t n, gg_oom_info *info)
{
	bool status = gg_text_find(s, n, "RESOURCE_EXHAUSTED") || gg_text_find(s, n, "Resource exhausted");
	bool tpu_allocator = gg_text_find(s, n, "That was not possible") &&
			     (gg_text_find(s, n, "Attempting to reserve") || gg_text_find(s, n, "Attempting to allocate"));
	bool tpu_compiler = gg_text_find_ci(s, n, "out of memory in memory space hbm") != NULL;
	/* Any other memory space is a core's own ("vmem", "smem", "sflag"): one kernel's scratch, not the device's. */
	const char *space = gg_text_find_ci(s, n, "out of memory in memory space ");
	info->onchip = space && !tpu_compiler;
	bool allocator = status && gg_text_find_ci(s, n, "Out of memory while trying to allocate");
	/* "From /job:worker/replica:0/task:0:" is XLA's distributed runtime (XRT) passing on a worker's status: its memory. */
	bool words = status && (gg_text_find_ci(s, n, "memory") || gg_text_find(s, n, "llocat") || gg_text_find(s, n, "OOM") ||
				gg_text_find_ci(s, n, "hbm") || gg_text_find(s, n, "TPU") || gg_text_find(s, n, "From /job:"));
	bool other = gg_text_find_ci(s, n, "quota") || gg_text_find(s, n, "larger than max") || gg_text_find_ci(s, n, "rate limit");
	if (!(tpu_allocator || tpu_compiler || info->onchip || allocator || (words && !other))) {
		info->onchip = false;
		return false;
	}
	info->is_oom = true;
	info->xla = true;
	info->form = tpu_allocator ? "XLA TPU allocator: That was not possible"
		   : tpu_compiler ? "XLA:TPU: ran out of memory in memory space hbm"
		   : info->onchip ? "XLA:TPU: ran out of a core's on-chip memory (vmem)"
		   : allocator ? "XLA: Out of memory while trying to allocate" : "XLA: RESOURCE_EXHAUSTED";
	/*
	 * The TPU runtime's own words; a GPU under XLA says "GPU" or "cuda".
	 * "Failed to allocate request for N on device ordinal K" is the TPU
	 * runtime's refusal of one buffer (a GPU's BFC allocator words it
	 * "Out of memory while trying to allocate").
	 */
	bool request = status && gg_text_find(s, n, "Failed to allocate request for ") && gg_text_find(s, n, "device ordinal");
	if (request || tpu_allocator || tpu_compiler || info->onchip || gg_text_find(s, n, "TPU") || gg_text_find(s, n, "HBM") || gg_text_find(s, n, "hbm"))
		info->device = GG_OOM_DEVICE_TPU;
	return true;
}

/* XLA's figures: what it tried, what was free, the device's HBM, a compiled program against it. */
static void oom_xla_figures(const char *s, size_t n, gg_oom_info *info)
{
	static const char *const tried[] = { "Attempting to reserve ", "Attempting to allocate ", "trying to allocate ",
					     "Failed to allocate request for ", NULL };
	for (const char *const *k = tried; *k && info->tried < 0; k++)
		info->tried = oom_size_after(s, n, *k);
	if (info->free < 0)
		info->free = oom_size_after(s, n, "There are ");
	if (info->total < 0)
		info->total = oom_size_after(s, n, "HBM capacity ");
	info->xla_reservable = oom_size_before(s, n, " reservable");
	/* "Used 21.95G of 15.48G hbm": the compiled program against the whole device. */
	const char *u = gg_text_find(s, n, "Used ");
	const char *of = u ? gg_text_find(u, (size_t)(s + n - u), " of ") : NULL;
	if (of && of - u < 32) {
		double used = gg_oom_parse_size(u + 5, (size_t)(of - u - 5));
		double whole = gg_oom_parse_size(of + 4, (size_t)(s + n - of - 4));
		if (used > 0 && whole > 0 && info->onchip) {
			info->onchip_used = used;
			info->onchip_limit = whole;
		} else if (used > 0 && whole > 0) {
			info->tried = used;
			info->total = whole;
			info->program = used > whole;
		}
	}
	/* The runtime's "on device ordinal 0": the core's index on the host. */
	const char *ord = gg_text_find(s, n, "on device ordinal ");
	if (ord && info->device_index < 0 && ord + 18 < s + n && ord[18] >= '0' && ord[18] <= '9') {
		int v = 0;
		for (const char *p = ord + 18; p < s + n && *p >= '0' && *p <= '9' && v < 100000; p++)
			v = v * 10 + (*p - '0');
		info->device_index = v;
	}
	/* torch_xla's process label ("Exception in device=TPU:2"), the TPU's ordinal. */
	const char *t = gg_text_find(s, n, "TPU:");
	if (info->device == GG_OOM_DEVICE_TPU && info->device_index < 0 && t && t + 4 < s + n && t[4] >= '0' && t[4] <= '9') {
		int v = 0;
		for (const char *p = t + 4; p < s + n && *p >= '0' && *p <= '9' && v < 100000; p++)
			v = v * 10 + (*p - '0');
		info->device_index = v;
	}
}

/*
 * Triton's resource check (see oom.h): "out of resource: shared memory,
 * Required: 98304, Hardware limit: 65536", or Inductor's re-raise of it
 * under the name OutOfMemoryError with the kernel's name after the colon.
 * "out of resource" with its figures or its exception's name, never with
 * the allocators' own words (a HIP or XPU "out of resources" status is
 * memory, and oom_forms reads it).
 */
static bool oom_out_of_resource(const char *type, const char *s, size_t n)
{
	if (!gg_text_find_ci(s, n, "out of resource:") || gg_text_find_ci(s, n, "out of memory") ||
	    gg_text_find(s, n, "PI_ERROR_OUT_OF_RESOURCES"))
		return false;
	size_t t = type ? strlen(type) : 0;
	bool triton_type = t >= 14 && strcmp(type + t - 14, "OutOfResources") == 0;
	return triton_type || gg_text_find_ci(s, n, "Hardware limit") || gg_text_find_ci(s, n, "shared memory") ||
	       gg_text_find(s, n, "num_stages") || gg_text_find(s, n, "triton_");
}

bool gg_oom_out_of_resource(const char *type, const char *message, size_t len)
{
	return oom_out_of_resource(type, message, len);
}

const char *gg_oom_handle_init_failed(const char *message, size_t len)
{
	if (gg_text_find(message, len, "CUBLAS_STATUS_NOT_INITIALIZED"))
		return "cuBLAS";
	if (gg_text_find(message, len, "CUDNN_STATUS_NOT_INITIALIZED"))
		return "cuDNN";
	return NULL;
}

const char *gg_oom_handle_alloc_failed(const char *form, const char *message)
{
	static const struct { const char *status, *name; } libs[] = {
		{ "CUBLAS_STATUS_ALLOC_FAILED", "cuBLAS" }, { "CUDNN_STATUS_ALLOC_FAILED", "cuDNN" },
		{ "CUSOLVER_STATUS_ALLOC_FAILED", "cuSOLVER" }, { "CUFFT_ALLOC_FAILED", "cuFFT" },
		{ "CUSPARSE_STATUS_ALLOC_FAILED", "cuSPARSE" },
	};
	if (!form || !message || !strstr(message, "Create("))
		return NULL;
	for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++)
		if (strcmp(form, libs[i].status) == 0)
			return libs[i].name;
	return NULL;
}

bool gg_oom_match_text(const char *text, size_t len, gg_oom_info *info)
{
	if (!gg_oom_match(NULL, text, len, info))
		return false;
	/* Prose says "out of memory" about anything; only the allocator's own wording counts here. */
	/*
	 * A runtime's own sentence counts (CTranslate2's "CUDA failed with error
	 * out of memory", a glog CHECK's "Check failed: error == cudaSuccess
	 * (2 vs. 0)  out of memory").
	 */
	if (info->form && strcmp(info->form, "out of memory") == 0 && !gg_text_find_ci(text, len, "CUDA error: out of memory") &&
	    !gg_text_find(text, len, "failed with error out of memory") && !gg_text_find(text, len, "Check failed: ") &&
	    !gg_text_find(text, len, "RuntimeError") && !gg_text_find(text, len, "Error:"))
		info->is_oom = false;
	return info->is_oom;
}

static bool oom_type_is(const char *type, const char *name)
{
	if (!type)
		return false;
	size_t t = strlen(type), n = strlen(name);
	/* A wrapper naming the class it carries ("RayTaskError(OutOfMemoryError)"): that class decides. */
	if (t > 2 && type[t - 1] == ')') {
		const char *open = strrchr(type, '(');
		if (open) {
			size_t k = (size_t)(type + t - 1 - open - 1);
			return k >= n && strncmp(type + t - 1 - n, name, n) == 0 && (k == n || type[t - 2 - n] == '.');
		}
	}
	/* "OutOfMemoryError", "torch.OutOfMemoryError", "torch.cuda.OutOfMemoryError". */
	return t >= n && strcmp(type + t - n, name) == 0 && (t == n || type[t - n - 1] == '.');
}

/*
 * A node memory monitor's sentence: "... (..., memory used=40.10GB) was
 * running was 120.50GB / 125.00GB (0.964), which exceeds the memory usage
 * threshold of 0.95". The node's pair is the last "A / B" in it; the
 * task's own figure is its "memory used=".
 */
static void oom_node_figures(const char *s, size_t n, gg_oom_info *info)
{
	info->task_used = oom_size_after(s, n, "memory used=");
	const char *slash = NULL;
	for (const char *q = s; (q = gg_text_find(q, (size_t)(s + n - q), " / ")); q++)
		slash = q;
	if (slash) {
		info->node_total = gg_oom_parse_size(slash + 3, (size_t)(s + n - slash - 3));
		const char *q = slash;
		while (q > s && q[-1] != ' ')
			q--;
		info->node_used = gg_oom_parse_size(q, (size_t)(slash - q));
	}
	const char *t = gg_text_find(s, n, "threshold of ");
	if (t) {
		t += strlen("threshold of ");
		char *end;
		char num[32];
		size_t k = 0;
		while (t < s + n && k + 1 < sizeof num && ((*t >= '0' && *t <= '9') || *t == '.'))
			num[k++] = *t++;
		num[k] = '\0';
		double v = strtod(num, &end);
		if (k && end != num && v > 0 && v <= 1)
			info->node_threshold = v;
	}
}

/*
 * PyTorch's MPS allocator formats its sizes in steps of 1024 but labels
 * them "GB", "MB", "KB" ("max allowed: 12.00 GB" is 12 GiB): *s rewritten
 * with the binary labels after a number, so the sizes read as computed.
 * Owns and may replace *s. 0 or -ENOMEM.
 */
static int oom_binary_units(char **s, size_t *n)
{
	char *in = *s;
	char *out = malloc(*n + *n / 2 + 1); /* each "GB" (2 bytes) becomes 3 */
	if (!out)
		return -ENOMEM;
	size_t k = 0;
	for (size_t i = 0; i < *n; i++) {
		bool unit = i + 1 < *n && (in[i] == 'G' || in[i] == 'M' || in[i] == 'K' || in[i] == 'k') && in[i + 1] == 'B' &&
			    i > 0 && ((in[i - 1] >= '0' && in[i - 1] <= '9') || (in[i - 1] == ' ' && i > 1 && in[i - 2] >= '0' && in[i - 2] <= '9')) &&
			    (i + 2 == *n || !((in[i + 2] >= 'a' && in[i + 2] <= 'z') || (in[i + 2] >= 'A' && in[i + 2] <= 'Z')));
		if (unit) {
			out[k++] = in[i] == 'k' ? 'K' : in[i];
			out[k++] = 'i';
			continue;
		}
		out[k++] = in[i];
	}
	out[k] = '\0';
	free(in);
	*s = out;
	*n = k;
	return 0;
}

/*
 * CUDA's error number 2 without its name (see GG_OOM_FORM_CUDA_CODE_2): a
 * CUDA check's "failed with error 2" or "CUDA error 2", the number ending
 * there. Only where CUDA itself is named (the word, or a .cu source) and no
 * other library's status is: NCCL's 2 is a system error, cuDNN's 2 its own
 * ALLOC_FAILED (read by its name), and make's "*** [x.cu.o] Error 2" a
 * failed build.
 */
static bool oom_cuda_code_2(const char *s, size_t n)
{
	if (!(oom_word(s, n, "cuda") || gg_text_find(s, n, ".cu ") || gg_text_find(s, n, ".cu:")) || gg_text_find_ci(s, n, "nccl") ||
	    gg_text_find_ci(s, n, "cublas") || gg_text_find_ci(s, n, "cudnn") || gg_text_find_ci(s, n, "cusparse") ||
	    gg_text_find_ci(s, n, "cufft") || gg_text_find(s, n, "***") || gg_text_find_ci(s, n, "exit status"))
		return false;
	static const char *const keys[] = { "failed with error ", "failed with error code ", "cuda error ", "cuda error code ",
					    "cudaError ", NULL };
	for (const char *const *k = keys; *k; k++) {
		size_t kl = strlen(*k);
		for (const char *p = s; (p = gg_text_find_ci(p, (size_t)(s + n - p), *k)) != NULL; p++) {
			const char *q = p + kl;
			if (q < s + n && *q == '2' && (q + 1 >= s + n || q[1] < '0' || q[1] > '9') &&
			    (q + 1 >= s + n || (q[1] != '.' && q[1] != ',') || q + 2 >= s + n || q[2] == ' '))
				return true;
		}
	}
	return false;
}

bool gg_oom_block_limit(const char *message, size_t len)
{
	return gg_text_find_ci(message, len, "allocate memory block with size larger than") != NULL;
}

bool gg_oom_match(const char *type, const char *message, size_t len, gg_oom_info *info)
{
	memset(info, 0, sizeof *info);
	info->device_index = -1;
	info->tried = info->total = info->allocated = info->reserved = info->reserved_unallocated = info->cached =
		info->free = info->process_in_use = info->others_in_use = info->others_min = info->free_impossible =
		info->onchip_used = info->onchip_limit = info->limit = info->mps_other =
		info->node_used = info->node_total = info->node_threshold = info->task_used = info->xla_reservable = -1;

	/* Join hard-wrapped lines: remove line breaks so "out of mem\nory" reads whole. */
	char *flat = malloc(len + 1);
	if (!flat)
		return false;
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		if (message[i] == '\n')
			continue;
		/*
		 * A message printed through another language's debug format keeps
		 * its line breaks as the two characters "\n" (a Rust panic's
		 * Generation("...\nRequested : 3.00 GiB")): a break between
		 * fields. Only before a capital or a space, so a Windows path's
		 * "\nvidia" stays as it is.
		 */
		if (message[i] == '\\' && i + 1 < len && message[i + 1] == 'n' &&
		    (i + 2 == len || message[i + 2] == ' ' || (message[i + 2] >= 'A' && message[i + 2] <= 'Z'))) {
			flat[n++] = ' ';
			i++;
			continue;
		}
		flat[n++] = message[i];
	}
	flat[n] = '\0';
	/*
	 * Intel's per-allocation limit refuses a tensor for its size in one
	 * piece, not for want of memory: no out-of-memory, unless the request
	 * is larger than the whole device, which no limit lifted would hold.
	 */
	bool beyond_device = false;
	if (gg_oom_block_limit(flat, n)) {
		double tried = oom_size_after(flat, n, "Tried to allocate "), total = oom_size_before(flat, n, "total capacity");
		beyond_device = tried > 0 && total > 0 && tried > total;
	}
	if (oom_out_of_resource(type, flat, n) || (gg_oom_block_limit(flat, n) && !beyond_device)) {
		free(flat);
		return false;
	}
	if (beyond_device) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_XPU;
		info->form = "XPU: a request larger than the device";
	}

	for (size_t i = 0; i < sizeof oom_forms / sizeof oom_forms[0]; i++) {
		if (gg_text_find_ci(flat, n, oom_forms[i].needle)) {
			info->is_oom = true;
			info->device = oom_forms[i].device;
			info->form = oom_forms[i].form;
			break;
		}
	}
	if (!info->is_oom && oom_cuda_code_2(flat, n)) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_CUDA;
		info->form = GG_OOM_FORM_CUDA_CODE_2;
	}
	/*
	 * CANN's error code EL0004 is its "Failed to allocate memory" (the
	 * block's "Possible Cause: Available memory is insufficient"): the
	 * NPU's memory, whatever the driver lines under it say.
	 */
	if (!info->is_oom && gg_text_find(flat, n, "EL0004") && gg_text_find_ci(flat, n, "Failed to allocate memory")) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_NPU;
		info->form = "Ascend EL0004: failed to allocate memory";
	}
	if (!info->is_oom)
		oom_xla(flat, n, info);
	/* The tail of a 1.x CUDA message pasted without its head: "Tried to allocate 2.00 GiB (GPU 0; 11.17 GiB total capacity; ...". */
	if (!info->is_oom && gg_text_find(flat, n, "Tried to allocate ") && gg_text_find(flat, n, "total capac")) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_CUDA;
		info->form = "CUDA out of memory";
	}
	/*
	 * "Tried to allocate 96.00 MiB" followed by a size is the caching
	 * allocator's own wording, decisive alone: a retyped head ("CUDA out of
	 * the memory") or a paste cut after the request must never read as no
	 * memory error. The device only where the message names one.
	 */
	if (!info->is_oom) {
		const char *t = gg_text_find(flat, n, "Tried to allocate ");
		if (t && oom_size_after(t, (size_t)(flat + n - t), "Tried to allocate ") >= 0) {
			info->is_oom = true;
			info->form = "out of memory";
			if (oom_word(flat, n, "cuda") || oom_word(flat, n, "gpu"))
				info->device = GG_OOM_DEVICE_CUDA;
			else if (oom_word(flat, n, "hip"))
				info->device = GG_OOM_DEVICE_HIP;
			else if (oom_word(flat, n, "xpu"))
				info->device = GG_OOM_DEVICE_XPU;
		}
	}
	/*
	 * torch.OutOfMemoryError's terse message, printed without its type by
	 * apps that report str(e) ("!!! Exception during processing !!! Allocation
	 * on device"): only as the message's end, so a log line that merely
	 * mentions an allocation does not count.
	 */
	if (!info->is_oom) {
		size_t k = n;
		while (k > 0 && (flat[k - 1] == ' ' || flat[k - 1] == '.' || flat[k - 1] == '`' || flat[k - 1] == '\r'))
			k--;
		static const char terse[] = "Allocation on device";
		size_t tl = sizeof terse - 1;
		if (k >= tl && strncasecmp(flat + k - tl, terse, tl) == 0 &&
		    (k == tl || flat[k - tl - 1] == ' ' || flat[k - tl - 1] == '!' || flat[k - tl - 1] == ':')) {
			info->is_oom = true;
			info->form = "Allocation on device";
		}
	}
	/* "THCudaCheck FAIL file=... error=2 : out of memory" and other bare CUDA-era lines. */
	if (!info->is_oom && gg_text_find_ci(flat, n, "THCudaCheck FAIL") && gg_text_find_ci(flat, n, "out of memory")) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_CUDA;
		info->form = "THCudaCheck FAIL: out of memory";
	}
	/* A CUDA extension's own check of its kernel's launch ("CUDA kernel failed : out of memory"): the device's memory. */
	if (!info->is_oom && gg_text_find_ci(flat, n, "CUDA kernel failed") && gg_text_find_ci(flat, n, "out of memory")) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_CUDA;
		info->form = "CUDA kernel failed: out of memory";
	}
	if (!info->is_oom && (oom_type_is(type, "OutOfMemoryError") || oom_type_is(type, "MemoryError") ||
			      oom_type_is(type, "_ArrayMemoryError"))) {
		info->is_oom = true;
		info->form = type;
		if (oom_type_is(type, "MemoryError") || oom_type_is(type, "_ArrayMemoryError"))
			info->device = GG_OOM_DEVICE_CPU;
		/* pybind11 raises C++'s std::bad_alloc as MemoryError: native code's host allocation, no Python array. */
		if (oom_type_is(type, "MemoryError") && gg_text_find(flat, n, "std::bad_alloc"))
			info->form = "std::bad_alloc";
		else if (type && strstr(type, "cuda"))
			info->device = GG_OOM_DEVICE_CUDA;
		/*
		 * A remote task's OutOfMemoryError raised again in its caller (Ray's
		 * RayTaskError(OutOfMemoryError)): the message is the wrapper's, not
		 * the allocator's; the class is torch's, raised by its CUDA
		 * allocator (a host's memory monitor raises its own error unwrapped).
		 */
		else if (type && type[0] && type[strlen(type) - 1] == ')')
			info->device = GG_OOM_DEVICE_CUDA;
	}
	/*
	 * A DataLoader worker's MemoryError that multiprocessing could not send
	 * back ("PicklingError: Can't pickle <class 'MemoryError'>: it's not the
	 * same object as builtins.MemoryError"): the worker ran out of host
	 * memory; the pickling error only hides it.
	 */
	if (!info->is_oom && oom_type_is(type, "PicklingError") && gg_text_find(flat, n, "<class 'MemoryError'>")) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_CPU;
		info->form = GG_OOM_FORM_WORKER_MEMORY_ERROR;
	}
	/* C++'s own allocation failure (an uncaught `std::bad_alloc`, what(): std::bad_alloc): the host's memory. */
	if (!info->is_oom && type && (strcmp(type, "std::bad_alloc") == 0 || strcmp(type, "bad_alloc") == 0)) {
		info->is_oom = true;
		info->device = GG_OOM_DEVICE_CPU;
		info->form = "std::bad_alloc";
	}
	/*
	 * Rust's allocation failure, the process aborted with no exception
	 * (tokenizers, safetensors, a dataset's native reader): "memory
	 * allocation of 2097152 bytes failed", the host's memory. Processes
	 * writing at once splice their copies ("memory allocation of memory
	 * allocation of ..."): the last one is read.
	 */
	if (!info->is_oom) {
		const char *last = NULL;
		for (const char *m = gg_text_find(flat, n, "memory allocation of "); m;
		     m = gg_text_find(m + 1, (size_t)(flat + n - m - 1), "memory allocation of "))
			last = m;
		const char *d = last ? last + strlen("memory allocation of ") : NULL, *e = d;
		while (e && e < flat + n && *e >= '0' && *e <= '9')
			e++;
		if (d && e > d && (size_t)(flat + n - e) >= strlen(" bytes failed") && memcmp(e, " bytes failed", strlen(" bytes failed")) == 0) {
			info->is_oom = true;
			info->device = GG_OOM_DEVICE_CPU;
			info->form = "memory allocation failed (Rust)";
		}
	}
	if (!info->is_oom && gg_text_find_ci(flat, n, "out of memory")) {
		/* A generic "out of memory": say the device only when the message does. */
		info->is_oom = true;
		info->form = "out of memory";
		/* CUDA's own status compared in a check ("error == cudaSuccess (2 vs. 0)") names it too. */
		if (oom_word(flat, n, "cuda") || oom_word(flat, n, "cudnn") || oom_word(flat, n, "nccl") ||
		    gg_text_find(flat, n, "cudaSuccess"))
			info->device = GG_OOM_DEVICE_CUDA;
		else if (oom_word(flat, n, "hip"))
			info->device = GG_OOM_DEVICE_HIP;
		else if (oom_word(flat, n, "mps"))
			info->device = GG_OOM_DEVICE_MPS;
		else if (oom_word(flat, n, "xpu"))
			info->device = GG_OOM_DEVICE_XPU;
	}
	/* MPS prints 1024-based sizes with decimal labels: read them as they were computed. */
	if (info->is_oom && info->device == GG_OOM_DEVICE_MPS && oom_binary_units(&flat, &n) != 0) {
		free(flat);
		info->is_oom = false;
		return false;
	}
	if (info->is_oom) {
		if (info->device != GG_OOM_DEVICE_CPU && info->device != GG_OOM_DEVICE_MPS)
			info->device_index = oom_device_index(flat, n);
		info->tried = oom_size_after(flat, n, "Tried to allocate ");
		if (info->tried < 0 && gg_text_find_ci(flat, n, "Tried to allocate more than 1EB")) {
			info->tried = GG_OOM_ONE_EB;
			info->tried_beyond_print = true;
		}
		/* TH's "you tried to allocate %dGB": size / 2^30, whole gibibytes whatever the label says. */
		const char *th = gg_text_find(flat, n, "you tried to allocate ");
		if (th) {
			const char *d = th + strlen("you tried to allocate ");
			char *stop;
			long gb = d < flat + n && *d >= '0' && *d <= '9' ? strtol(d, &stop, 10) : -1;
			if (gb >= 0 && gb < 1L << 20 && stop + 2 <= flat + n && memcmp(stop, "GB", 2) == 0)
				info->tried = (double)gb * 1073741824.0;
			else
				info->tried = oom_size_after(flat, n, "you tried to allocate ");
		}
		/*
		 * Windows builds of 1.x printed that sentence's format unfilled and
		 * the gigabytes after it: "... allocate %dGB. Buy new RAM!27".
		 */
		const char *unfilled = info->tried < 0 ? gg_text_find(flat, n, "%dGB. Buy new RAM!") : NULL;
		if (unfilled) {
			const char *d = unfilled + strlen("%dGB. Buy new RAM!");
			char *stop;
			long gb = d < flat + n && *d >= '0' && *d <= '9' ? strtol(d, &stop, 10) : 0;
			if (gb > 0 && gb < 1L << 20)
				info->tried = (double)gb * 1073741824.0;
		}
		if (info->tried < 0)
			info->tried = oom_field(flat, n, "Requested"); /* the memory-fraction form */
		info->total = oom_field(flat, n, "Device limit");
		if (info->total < 0)
			info->total = oom_size_before(flat, n, "total capacity"); /* 1.x: "(GPU 0; 15.78 GiB total capacity; ..." */
		if (info->total < 0)
			info->total = oom_size_before(flat, n, "total capacty"); /* the typo some 1.x releases print */
		if (info->total < 0)
			info->total = oom_size_after(flat, n, "has a total capacity of "); /* 2.x */
		if (info->total < 0)
			info->total = oom_size_after(flat, n, "has a total capacty of ");
		/* Abbreviated by some builds and re-typed pastes: "(GPU 0; 15.77 GiB total; 15.20 GiB allocated; 2.25 MiB free)". */
		if (info->total < 0)
			info->total = oom_size_before(flat, n, " total;");
		/* A message cut inside its capacity field ("(GPU 0; 31.75 GiB total capacit"): the figure before it is whole. */
		if (info->total < 0)
			info->total = oom_total_cut(flat, n);
		info->allocated = oom_size_before(flat, n, "already allocated");
		if (info->allocated < 0)
			info->allocated = oom_size_before(flat, n, "is allocated by PyTorch");
		if (info->allocated < 0)
			info->allocated = oom_field(flat, n, "Currently allocated");
		if (info->allocated < 0)
			info->allocated = oom_size_before(flat, n, " allocated;");
		/* MPS: "(MPS allocated: 9.50 GiB, other allocations: 1.00 MiB, max allowed: 12.00 GiB)". */
		if (info->allocated < 0)
			info->allocated = oom_size_after(flat, n, "MPS allocated: ");
		info->mps_other = oom_size_after(flat, n, "other allocations: ");
		info->reserved = oom_size_before(flat, n, "reserved in total by PyTorch");
		info->reserved_unallocated = oom_size_before(flat, n, "is reserved by PyTorch but unallocated");
		info->cached = oom_size_before(flat, n, "cached)");
		info->free = oom_size_before(flat, n, "free;");
		if (info->free < 0)
			info->free = oom_size_before(flat, n, "free)");
		if (info->free < 0)
			info->free = oom_size_after(flat, n, "of which ");
		if (info->free < 0)
			info->free = oom_field(flat, n, "Free (according to CUDA)");
		info->process_in_use = oom_size_after(flat, n, "this process has ");
		/* set_per_process_memory_fraction: 2.x prints "X allowed;", its own form "would exceed allowed memory". */
		info->limit = oom_size_before(flat, n, "allowed;");
		bool exceeds = gg_text_find_ci(flat, n, "exceed allowed memory") != NULL;
		info->capped = info->limit >= 0 || exceeds;
		if (info->limit < 0 && exceeds) {
			info->limit = oom_field(flat, n, "memory fraction)");
			/* A limit as large as the device or larger (2^64 bytes unset) caps nothing: the device is the limit. */
			if (info->limit >= 0 && info->total > 0 && info->limit >= info->total) {
				info->limit_none = true;
				info->capped = false;
			}
		}
		/* MPS's high watermark: a share of the Mac's unified memory, the device's whole budget here. */
		if (info->device == GG_OOM_DEVICE_MPS && info->limit < 0)
			info->limit = oom_size_after(flat, n, "max allowed: ");
		oom_other_processes(flat, n, info);
		if (info->reserved_unallocated < 0 && info->reserved >= 0 && info->allocated >= 0 &&
		    info->reserved >= info->allocated)
			info->reserved_unallocated = info->reserved - info->allocated;
		if (info->device == GG_OOM_DEVICE_UNKNOWN && gg_text_find(flat, n, "GPU "))
			info->device = GG_OOM_DEVICE_CUDA;
		if (info->xla)
			oom_xla_figures(flat, n, info);
		/* More free than the whole device is no reading: every cause read from it would be invented. */
		if (info->free >= 0 && info->total > 0 && info->free > info->total) {
			info->free_impossible = info->free;
			info->free = -1;
		}
		info->windows = strcmp(info->form, "DefaultCPUAllocator: not enough memory") == 0 ||
				gg_text_find(flat, n, "\\alloc_cpu.cpp") || gg_text_find(flat, n, "\\c10\\") ||
				strncmp(info->form, "WinError", 8) == 0 || strcmp(info->form, GG_OOM_FORM_PAGING_FILE) == 0;
		if (strcmp(info->form, GG_OOM_FORM_MPS_BUFFER) == 0)
			info->tried = oom_size_after(flat, n, "Invalid buffer size: ");
		if (strcmp(info->form, GG_OOM_FORM_TENSORRT) == 0) {
			info->tried = oom_size_after(flat, n, "Requested amount of GPU memory (");
			if (info->tried < 0)
				info->tried = oom_size_after(flat, n, "Requested size was ");
		}
		if (strcmp(info->form, GG_OOM_FORM_NODE_MEMORY) == 0)
			oom_node_figures(flat, n, info);
		/* vLLM V1: "(4.00 GiB KV cache is needed, which is larger than the available KV cache memory (1.25 GiB)". */
		if (strcmp(info->form, GG_OOM_FORM_KV_CACHE) == 0) {
			info->tried = oom_size_before(flat, n, "KV cache is needed");
			info->free = oom_size_after(flat, n, "available KV cache memory (");
		}
		/* A CUDA error that names the pinned host allocator's file: host RAM ran out, for CUDA's page-locked copies. */
		if (info->device == GG_OOM_DEVICE_CUDA && gg_text_find_ci(flat, n, "HostAllocator")) {
			info->device = GG_OOM_DEVICE_CPU;
			info->form = GG_OOM_FORM_PINNED_HOST;
		}
	}
	free(flat);
	return info->is_oom;
}

bool gg_oom_cut_short(const char *message, size_t len)
{
	size_t n = len;
	const char *m = gg_text_trim(message, &n);
	if (n == 0)
		return true;
	static const char *const generic[] = { "out of memory", "OutOfMemoryError" };
	size_t forms = sizeof oom_forms / sizeof oom_forms[0];
	for (size_t i = 0; i < forms + 2; i++) {
		const char *needle = i < forms ? oom_forms[i].needle : generic[i - forms];
		size_t k = strlen(needle);
		/* A tail at a word start that the needle begins with, but shorter than it. */
		for (size_t t = k - 1; t >= 4; t--) {
			if (t > n)
				continue;
			const char *tail = m + n - t;
			bool word_start = tail == m || tail[-1] == ' ' || tail[-1] == ':';
			/* A short tail could end any message ("... with CUDA"): only the whole message may be that short. */
			if (word_start && (t >= 8 || tail == m) && strncasecmp(tail, needle, t) == 0)
				return true;
		}
	}
	return false;
}
