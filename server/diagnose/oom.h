#ifndef GG_OOM_H
#define GG_OOM_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Recognises out-of-memory errors in every form PyTorch has printed them,
 * from the 0.x THC era to 2.x, on CUDA, ROCm/HIP, Apple MPS, Intel XPU and
 * the CPU, and reads the numbers the message carries.
 */

typedef enum gg_oom_device {
	GG_OOM_DEVICE_UNKNOWN,
	GG_OOM_DEVICE_CUDA,
	GG_OOM_DEVICE_HIP,
	GG_OOM_DEVICE_MPS,
	GG_OOM_DEVICE_XPU,
	GG_OOM_DEVICE_CPU,
	GG_OOM_DEVICE_TPU, /* a TPU's HBM, as XLA's runtime reports it (torch_xla, JAX, TensorFlow) */
	GG_OOM_DEVICE_NPU, /* an Ascend NPU (torch_npu): its allocator prints CUDA's message with NPU for CUDA */
} gg_oom_device;

typedef struct gg_oom_info {
	bool is_oom;
	gg_oom_device device;
	int device_index; /* "GPU 3", "cuda:3"; -1 when not said */
	const char *form; /* static; which message form matched, e.g. "CUDA out of memory" */
	/* Bytes from the message; negative when the message does not say. */
	double tried;              /* "Tried to allocate" */
	/*
	 * "Tried to allocate more than 1EB memory": PyTorch's words for a
	 * request of 2^60 bytes or more, too large to print; tried holds that
	 * bound. No device or machine comes near it: the size is corrupt.
	 */
	bool tried_beyond_print;
	double total;              /* total capacity */
	double allocated;          /* allocated by PyTorch */
	double reserved;           /* reserved in total by PyTorch */
	double reserved_unallocated; /* reserved but unallocated (2.x) */
	double cached;             /* 1.0-1.3's "X cached": what the cache holds beyond the tensors, or -1 */
	double free;               /* free on the device */
	bool capped;               /* a per-process memory fraction caps the process ("936.00 MiB allowed") */
	/*
	 * That cap in bytes where printed: 2.x's "5.90 GiB allowed;", the
	 * fraction form's "PyTorch limit (set by user-supplied memory
	 * fraction) : X", MPS's "max allowed: X" (its high watermark); -1 when
	 * not. limit_none: the fraction form printed a limit at or above the
	 * device's (2^64 bytes, "17179869184.00 GiB", when no fraction is
	 * set): no cap at all, so capped is false.
	 */
	double limit;
	bool limit_none;
	double mps_other;          /* MPS's "other allocations: X" (this process's, outside its tensors), or -1 */
	double process_in_use;     /* "this process has X memory in use" (2.x), PyTorch's and not */
	/*
	 * The processes the message lists ("Process 4711 has X memory in use"):
	 * with "this process has" printed too, all others; without it, this
	 * process is among them (see cause.c).
	 */
	double others_in_use;      /* summed */
	double others_max;         /* the largest */
	double others_min;         /* the smallest, or -1 */
	int others;                /* how many it lists */
	/*
	 * XLA's runtime said it (torch_xla, JAX, TensorFlow on a TPU or a GPU):
	 * its "RESOURCE_EXHAUSTED" status and the TPU allocator's "Attempting to
	 * reserve N ... That was not possible. There are M free". Not PyTorch's
	 * caching allocator: no nvidia-smi, no PYTORCH_CUDA_ALLOC_CONF.
	 */
	bool xla;
	/*
	 * XLA's TPU allocator: of the free HBM, what one piece at the bottom
	 * of memory could still hold ("There are 5.50G free, 0B reserved, and
	 * 2.10G reservable"); bytes, -1 when not printed.
	 */
	double xla_reservable;
	/*
	 * XLA's compiler found the whole program larger than the device ("Used
	 * 21.95G of 15.48G hbm"): tried is the program's size, total the
	 * device's; the program is refused before it runs.
	 */
	bool program;
	/*
	 * Windows printed it: the CPU allocator's "not enough memory" (its
	 * Windows branch; Linux says "can't allocate memory"), or a Windows
	 * path in the message ("...\c10\core\impl\alloc_cpu.cpp"). Host memory
	 * there ends at the commit limit, RAM and the paging file together.
	 */
	bool windows;
	/*
	 * The message's "free" figure was larger than the device's whole
	 * capacity (17179869183.50 GiB of a 1 GiB device: 2^64 bytes, an
	 * unsigned count wrapped below zero): not a reading. free is then -1
	 * and this holds what was printed, in bytes; else -1.
	 */
	double free_impossible;
	/*
	 * XLA's compiler ran out of a core's on-chip scratch memory ("Ran out of
	 * memory in memory space vmem. Used 24.50M of 16.00M vmem"): one
	 * compiled kernel's working set, a few MiB beside the HBM, not the
	 * device's memory. Its figures are kept apart from tried and total,
	 * which are the device's: bytes, -1 when not printed.
	 */
	bool onchip;
	double onchip_used, onchip_limit;
	/*
	 * GG_OOM_FORM_NODE_MEMORY's figures, as the monitor printed them: the
	 * node's used and total RAM, its threshold (a fraction), the killed
	 * task's own use; -1 when not printed (a paste cut mid-sentence).
	 */
	double node_used, node_total, node_threshold, task_used;
} gg_oom_info;

/*
 * A CUDA call's bare error number 2 in a compiled extension's own check
 * ("indice.cu 124 cuda execution failed with error 2", "CUDA error 2"):
 * code 2 is cudaErrorMemoryAllocation in the runtime API and
 * CUDA_ERROR_OUT_OF_MEMORY in the driver's, so the number alone says it.
 */
#define GG_OOM_FORM_CUDA_CODE_2 "CUDA error code 2 (cudaErrorMemoryAllocation)"
/* The form of Windows' "paging file is too small" error (WinError 1455). */
#define GG_OOM_FORM_PAGING_FILE "WinError 1455: the paging file is too small"
/*
 * A process killed by its job's or container's memory limit: a cgroup's
 * OOM handler (SLURM's "Detected 1 oom-kill event(s) in StepId=... cgroup",
 * the kernel's "Memory cgroup out of memory: Killed process"). Host RAM,
 * as the job was granted it, not the machine's.
 */
#define GG_OOM_FORM_CGROUP "a memory limit's OOM kill (cgroup)"
/* Apple MPS refused one buffer longer than the device's maximum ("Invalid buffer size: 635.13 GB"): a request too large for the GPU. */
#define GG_OOM_FORM_MPS_BUFFER "MPS: Invalid buffer size"
/*
 * "Unable to find a valid cuDNN algorithm to run convolution": every
 * algorithm cuDNN tried for a convolution failed, most often because none
 * could get its workspace on a full device (else a cuDNN build that does
 * not match the card).
 */
#define GG_OOM_FORM_CUDNN_NO_ALGO "cuDNN: no convolution algorithm could run (its workspace)"
#define GG_OOM_FORM_WORKER_MEMORY_ERROR "a worker's MemoryError, not picklable"
/*
 * Metal Performance Shaders' native assertion that one NDArray holds over
 * 2**32 bytes ("failed assertion ... total bytes of NDArray > 2**32"):
 * the per-tensor limit of MPS kernels, 4 GiB, not memory running out; the
 * process aborts with no Python traceback.
 */
#define GG_OOM_FORM_MPS_NDARRAY "MPS: one tensor over 2**32 bytes"
/*
 * The caching allocator's NVML assert ("NVML_SUCCESS == r INTERNAL ASSERT
 * FAILED at .../CUDACachingAllocator.cpp"): raised while it wrote an
 * out-of-memory message, so an allocation failed and the report too.
 */
#define GG_OOM_FORM_NVML_REPORT "CUDA out of memory (its report failed: NVML assert)"
/* A serving engine with no device memory left for its KV cache at start-up (vLLM's "No available memory for the cache blocks"). */
#define GG_OOM_FORM_KV_CACHE "no memory left for the KV cache at engine start"
/*
 * A cluster's memory monitor killed a task because its node's RAM passed a
 * threshold (Ray's "Task was killed due to the node running low on
 * memory", its next sentence "Memory on the node ... was A / B (r), which
 * exceeds the memory usage threshold of t"): host RAM of the whole node,
 * every process on it together, not a device.
 */
/* A serving engine's warm-up found no room for the tokens it is set to batch at once ("Not enough memory to handle N prefill tokens"). */
#define GG_OOM_FORM_WARMUP "a serving engine's warm-up: not enough memory for its token budget"
/*
 * NCCL's own check of a CUDA call, logged as a warning by every rank that
 * hits it ("host:pid:tid [2] include/alloc.h:210 NCCL WARN Cuda failure 2
 * 'out of memory'"): error 2 is cudaErrorMemoryAllocation, NCCL's buffers
 * (or its communicator's) found no room on the device.
 */
#define GG_OOM_FORM_NCCL "NCCL: Cuda failure 2 'out of memory'"
/* TensorRT's logger: a request of the engine build or its execution context the device could not place. */
#define GG_OOM_FORM_TENSORRT "TensorRT: GPU memory could not be allocated"
#define GG_OOM_FORM_NODE_MEMORY "a node memory monitor's kill (host RAM)"
/* A DataLoader worker the kernel killed with SIGKILL: "DataLoader worker (pid 123) is killed by signal: Killed." */
#define GG_OOM_FORM_WORKER_KILLED "DataLoader worker killed by SIGKILL"
/*
 * A worker that died without a Python error, its scheduler naming the
 * kernel's OOM killer first among the causes (Ray's raylet: "The process
 * is killed by SIGKILL by OOM killer due to high memory usage").
 */
#define GG_OOM_FORM_WORKER_LOST "a worker died without an error (OOM killer named first)"
/* A process killed by SIGKILL, no Python error: a shell's or a launcher's report of the kill (diagnose.c). */
#define GG_OOM_FORM_SIGKILL "SIGKILL (exitcode -9)"
/*
 * CUDA's pinned host allocator (THCCachingHostAllocator.cpp, later
 * CachingHostAllocator.cpp) could not page-lock host memory: the
 * DataLoader's pin_memory copies, host RAM, not the GPU's.
 */
#define GG_OOM_FORM_PINNED_HOST "CUDA's pinned host allocator: out of memory"

/*
 * Whether an exception message (as printed, possibly empty) stops where a
 * paste was cut: nothing after the type, or a tail that is the beginning of
 * an out-of-memory message ("CUDA out of mem").
 */
bool gg_oom_cut_short(const char *message, size_t len);

/*
 * Classifies an exception (type may be NULL, e.g. for a bare log line) and
 * its message (may span lines). Returns info.is_oom.
 */
bool gg_oom_match(const char *type, const char *message, size_t len, gg_oom_info *info);

/*
 * For text that is not an exception line (a log line, prose, a fragment):
 * only the allocators' and runtimes' own wordings count, not a bare "out of
 * memory" in a sentence. Returns info.is_oom.
 */
bool gg_oom_match_text(const char *text, size_t len, gg_oom_info *info);

/*
 * Triton's "out of resource" (its OutOfResources exception, or Inductor
 * passing it on as "OutOfMemoryError: out of resource: <kernel>" with
 * "Required: N Hardware limit: M"): a compiled kernel needs more shared
 * memory (or registers) per multiprocessor than the GPU has. Found when
 * the kernel is compiled or autotuned; the device's memory is beside the
 * point, so it is no out-of-memory error.
 */
bool gg_oom_out_of_resource(const char *type, const char *message, size_t len);

/*
 * A CUDA library that could not start ("CUBLAS_STATUS_NOT_INITIALIZED when
 * calling `cublasCreate(handle)`", cuDNN's alike): no out-of-memory status,
 * but most often the library found no memory for its handle and workspace
 * on a device already full, else a driver or library mismatch. Returns the
 * library's name ("cuBLAS") or NULL.
 */
const char *gg_oom_handle_init_failed(const char *message, size_t len);
/*
 * A CUDA library's *_ALLOC_FAILED status (form, as gg_oom_match names it) at
 * its handle's creation ("CUBLAS_STATUS_ALLOC_FAILED when calling
 * `cublasCreate(handle)`"), made at its first call in the process: the
 * device full before it, or an earlier asynchronous CUDA error reported
 * late. Returns the library's name ("cuBLAS") or NULL.
 */
const char *gg_oom_handle_alloc_failed(const char *form, const char *message);
/*
 * Intel's GPU runtime refusing one allocation over its per-allocation
 * limit ("Current platform can NOT allocate memory block with size larger
 * than 4GB! Tried to allocate ..."), worded like the caching allocator's
 * message with the device's figures, but no shortage: the device may be
 * nearly empty. Not an out-of-memory error (gg_oom_match says false).
 */
bool gg_oom_block_limit(const char *message, size_t len);

/* "cuda", "hip", "mps", "xpu", "cpu", "tpu" or NULL. */
const char *gg_oom_device_name(gg_oom_device d);

/* 2^60 bytes: PyTorch's allocators refuse a request this large without printing it ("more than 1EB"). */
#define GG_OOM_ONE_EB 1152921504606846976.0

/*
 * Reads a size such as "2.00 GiB", "512 MB", "1234 bytes", XLA's "3.95G",
 * "180.59M" (binary units) at s; returns bytes or -1.
 */
double gg_oom_parse_size(const char *s, size_t n);

#endif
