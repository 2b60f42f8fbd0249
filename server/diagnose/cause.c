/*
 * Deciding the cause (see cause.h). Each test records its evidence; the
 * cause reported is the first found in the order of what to fix first: an
 * error of its own form, then what the allocator's numbers prove, then what
 * the phase and the frames show, then what the log suggests.
 */
#include "cause.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "findings.h"
#include "phase.h"
#include "text.h"

#define GIB 1073741824.0
/*
 * One request beyond any device, when the message prints no capacity: the
 * largest accelerators have under 300 GiB, and a Mac's unified memory at
 * most 512 GiB, of which MPS may use a share; 1 TiB at once fits none.
 */
#define CAUSE_BEYOND_DEVICE (1024.0 * GIB)
/*
 * One host request that is a size computed wrong, not a shortage: the
 * largest tensors real models hold are a few GiB (an embedding table of
 * 256k tokens by 16k in bf16 is 8 GiB), and 128 GiB is a large
 * workstation's or a common cloud node's whole RAM. Even a machine with
 * more has no use for one tensor that size: it comes from an input far
 * larger than intended (a whole recording as one sequence, a video
 * decoded whole), and only a smaller input helps. (The message prints no
 * capacity for the host, so the bound stands in for one.)
 */
#define CAUSE_BEYOND_HOST (128.0 * GIB)
/* One request this large with no capacity printed is one step's item on any device (see the end of gg_cause). */
#define CAUSE_LARGE_ALONE (8.0 * GIB)
/*
 * The same bound on a device whose message prints no capacity: no tensor
 * of a real model is that large there either, and it is as much as the
 * largest accelerators hold whole (under 300 GiB), so a larger device is no
 * answer: the input is far larger than intended (an image not resized, a
 * whole recording as one sequence), or a shape is wrong. One bound for the
 * host and the device; with a capacity printed, the request against it
 * decides (half of it, a hundred times it).
 */
#define CAUSE_BEYOND_TENSOR CAUSE_BEYOND_HOST
/* A size in the unit that shows it: bytes, KiB, MiB or GiB (for "%.2f %s"). */
#define CAUSE_SIZE(b) ((b) >= GIB ? (b) / GIB : (b) >= 1048576.0 ? (b) / 1048576.0 : (b) >= 1024.0 ? (b) / 1024.0 : (b)), \
	((b) >= GIB ? "GiB" : (b) >= 1048576.0 ? "MiB" : (b) >= 1024.0 ? "KiB" : "bytes")
/* The largest single allocation some Intel GPU drivers and runtimes grant. */
#define CAUSE_XPU_ONE_ALLOC (4.0 * GIB)
/* A device this small is an integrated GPU's share of the system's memory or an old card: little model work fits. */
#define CAUSE_SMALL_DEVICE (2.0 * GIB)
/* A consumer card or a laptop's GPU: what its context and a display hold is a large share of it. */
#define CAUSE_SMALL_CARD (8.0 * GIB)
/* Another process's share of the device that is worth freeing, though not a majority (see the minority test). */
#define CAUSE_MINORITY 0.15
/* Other processes that hold this share of the device or more are the crowd the free figure races with. */
#define CAUSE_CROWDED 0.6
/* A host request refused at this size or below was not the step's own size: the machine was already at its limit. */
#define CAUSE_SMALL_HOST_REQUEST (256.0 * 1048576.0)

static bool has(const char *s, const char *needle)
{
	return s && strstr(s, needle) != NULL;
}

const char *gg_cause_name(unsigned cause)
{
	switch (cause) {
	case GG_CAUSE_ACCUMULATED: return "accumulated-outputs";
	case GG_CAUSE_BATCH: return "eval-batch-size";
	case GG_CAUSE_FRAGMENTATION: return "fragmentation";
	case GG_CAUSE_OVERSIZED: return "oversized-request";
	case GG_CAUSE_OTHER_PROCESSES: return "other-processes";
	case GG_CAUSE_GROWTH: return "growth";
	case GG_CAUSE_LOADING: return "model-loading";
	case GG_CAUSE_PAGING_FILE: return "paging-file";
	case GG_CAUSE_HOST_RAM: return "host-ram";
	case GG_CAUSE_REFUSED: return "refused-below-free";
	case GG_CAUSE_PROGRAM: return "program-larger-than-device";
	case GG_CAUSE_KV_CACHE: return "kv-cache-at-start";
	case GG_CAUSE_ONCHIP: return "on-chip-scratch";
	case GG_CAUSE_SMALL_DEVICE: return "small-device";
	case GG_CAUSE_CAP: return "memory-fraction-cap";
	case GG_CAUSE_MPS_OTHER: return "other-allocations";
	case GG_CAUSE_OWN_TENSORS: return "own-tensors";
	case GG_CAUSE_OUTSIDE: return "outside-pytorch";
	case GG_CAUSE_MPS_OWN: return "own-allocations";
	case GG_CAUSE_HOST_ARRAY: return "host-array";
	case GG_CAUSE_LARGE_REQUEST: return "large-request";
	case GG_CAUSE_CARD_TOO_SMALL: return "card-too-small";
	}
	return NULL;
}

/*
 * Records a cause and its evidence (text: owned, NULL when out of memory);
 * the caller tests causes in order of priority, so the first recorded is the
 * cause reported.
 */
static int cause_add(gg_diagnosis *d, unsigned cause, char *text)
{
	if (!text)
		return -ENOMEM;
	d->causes |= cause;
	int rc = gg_evidence_add(d, "%s", text);
	if (rc == 0 && d->cause == GG_CAUSE_NONE) {
		d->cause = cause;
		d->cause_evidence = text;
		return 0;
	}
	free(text);
	return rc;
}

/*
 * This process's own CUDA context: the driver's state and the kernels of
 * torch, cuBLAS and cuDNN, a few hundred MiB (more on CUDA before 11.7,
 * which loads every kernel at start), held outside PyTorch's allocator and
 * so outside its figures. A figure of "everything but PyTorch's" always
 * includes it, and on a small card it is a large share with no other
 * process at all.
 */
#define CAUSE_OWN_CONTEXT (0.5 * GIB)
/* What a CUDA context and a desktop's display hold at most beside a process's PyTorch, as a share of a mid-sized card. */
#define CAUSE_CONTEXT_SHARE 0.11
/* What a desktop's display takes beside the context on the card that drives it, about. */
#define CAUSE_DISPLAY (0.25 * GIB)

/*
 * The memory outside this process's PyTorch: other processes, other ranks,
 * or this process's CUDA context. *others: how many processes that is, 0
 * when the message does not list them. *with_context: the figure includes
 * this process's own context (the message gives no process's figure, only
 * what is neither free nor PyTorch's).
 */
static double cause_elsewhere(const gg_oom_info *m, int *others, bool *with_context)
{
	*others = 0;
	*with_context = false;
	/*
	 * "this process has 0 bytes memory in use" beside 48 GiB allocated: the
	 * driver could not see the process (a container's PID namespace). A
	 * process line below what its PyTorch holds says nothing: left out.
	 */
	double own = (m->allocated >= 0 ? m->allocated : 0) + (m->reserved_unallocated >= 0 ? m->reserved_unallocated : 0);
	double process = m->process_in_use >= 0 && m->process_in_use >= own ? m->process_in_use : -1;
	if (m->others_in_use >= 0 && process >= 0) {
		*others = m->others;
		return m->others_in_use;
	}
	/*
	 * Without "this process has", the list holds this process too: one
	 * holding at least what its PyTorch allocated. The smallest such (a
	 * trainer's 1 GiB beside a server's 30 GiB on the card), else the
	 * largest.
	 */
	if (m->others_in_use >= 0 && m->allocated >= 0 && m->others_max >= m->allocated) {
		double self = m->others_min >= own ? m->others_min : m->others_max;
		*others = m->others - 1;
		return m->others_in_use - self;
	}
	if (m->total > 0 && m->free >= 0 && process >= 0)
		return m->total - m->free - process;
	*with_context = true;
	if (m->total > 0 && m->free >= 0 && m->reserved >= 0)
		return m->total - m->free - m->reserved;
	/* 1.0-1.3's "X cached" is the cache beyond the tensors: the reserve is the two together. */
	if (m->total > 0 && m->free >= 0 && m->allocated >= 0 && m->cached >= 0)
		return m->total - m->free - m->allocated - m->cached;
	/* 2.x without the process line: PyTorch's reserve is what it allocated plus what it keeps unallocated. */
	if (m->total > 0 && m->free >= 0 && m->allocated >= 0 && m->reserved_unallocated >= 0)
		return m->total - m->free - m->allocated - m->reserved_unallocated;
	*with_context = false;
	return -1;
}

/* The monitor's figures in its own unit (its "GB"), so the evidence reads as the log does. NULL on OOM. */
static char *cause_node_memory(const gg_oom_info *m)
{
	char *task = m->task_used > 0 ? gg_strdup_printf(" (the killed task itself held %.2f GB)", m->task_used / 1e9) : strdup("");
	if (!task)
		return NULL;
	char *r;
	if (m->node_used > 0 && m->node_total > 0 && m->node_threshold > 0)
		r = gg_strdup_printf("the node's RAM was at %.2f GB of %.2f GB (%.0f%%), above the memory monitor's threshold of %.2f, so it killed a task%s: host RAM of every process on the node together",
				     m->node_used / 1e9, m->node_total / 1e9, 100.0 * m->node_used / m->node_total, m->node_threshold, task);
	else if (m->node_used > 0 && m->node_total > 0)
		r = gg_strdup_printf("the node's RAM was at %.2f GB of %.2f GB (%.0f%%), above the memory monitor's threshold, so it killed a task%s: host RAM of every process on the node together",
				     m->node_used / 1e9, m->node_total / 1e9, 100.0 * m->node_used / m->node_total, task);
	else
		r = gg_strdup_printf("the node's memory monitor killed a task because the node ran low on RAM%s: host RAM of every process on the node together", task);
	free(task);
	return r;
}

/* Python's MemoryError or NumPy's, raised on the host with no torch allocator's words. */
bool gg_cause_host_array(const gg_oom_info *m)
{
	if (m->device != GG_OOM_DEVICE_CPU || !m->form)
		return false;
	if (strcmp(m->form, "numpy: Unable to allocate") == 0 || strcmp(m->form, GG_OOM_FORM_WORKER_MEMORY_ERROR) == 0)
		return true;
	size_t n = strlen(m->form), k = strlen("MemoryError");
	/* The form is the exception's type here (oom.c): "MemoryError", "builtins.MemoryError", "..._ArrayMemoryError". */
	return n >= k && strcmp(m->form + n - k, "MemoryError") == 0 &&
	       (n == k || m->form[n - k - 1] == '.' || m->form[n - k - 1] == '_');
}

int gg_cause_weigh(gg_diagnosis *d, const gg_log_facts *facts, const char *framework)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	const gg_oom_info *m = &d->oom;
	int rc = 0;

	if (m->form && strcmp(m->form, GG_OOM_FORM_PAGING_FILE) == 0)
		rc = cause_add(d, GG_CAUSE_PAGING_FILE, gg_strdup_printf("Windows could not commit more virtual memory (WinError 1455, the paging file is too small): the paging file is exhausted, not the GPU"));
	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_CGROUP) == 0)
		rc = cause_add(d, GG_CAUSE_HOST_RAM, gg_strdup_printf(facts->cgroup_slurm ? "SLURM's cgroup reports an oom-kill: the job used more host RAM than its memory request (--mem)"
										   : "a memory cgroup's OOM handler killed it: the job's or container's memory limit, host RAM"));
	if (!rc && m->form && strncmp(m->form, "SIGKILL", 7) == 0)
		rc = cause_add(d, GG_CAUSE_HOST_RAM, gg_strdup_printf("killed by signal 9 without a Python error: the kernel's OOM killer, host RAM"));
	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_WORKER_KILLED) == 0)
		rc = cause_add(d, GG_CAUSE_HOST_RAM, gg_strdup_printf("a DataLoader worker was killed by signal 9 (SIGKILL): the kernel's OOM killer, host RAM"));
	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_NODE_MEMORY) == 0)
		rc = cause_add(d, GG_CAUSE_HOST_RAM, cause_node_memory(m));
	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_WORKER_LOST) == 0)
		rc = cause_add(d, GG_CAUSE_HOST_RAM, gg_strdup_printf("the worker died without a Python error and its scheduler names the kernel's OOM killer first among the causes: host RAM, most likely, not yet confirmed"));
	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_PINNED_HOST) == 0)
		rc = cause_add(d, GG_CAUSE_HOST_RAM, gg_strdup_printf("the allocator that failed is CUDA's pinned host allocator, which page-locks host RAM for the DataLoader's pin_memory copies"));
	/* ENOMEM from the OS (fork, mmap, a worker's start), not from a tensor's allocator. */
	if (!rc && m->form && strcmp(m->form, "Cannot allocate memory (ENOMEM)") == 0)
		rc = cause_add(d, GG_CAUSE_HOST_RAM, gg_strdup_printf("the operating system refused memory ([Errno 12] Cannot allocate memory): the host is out of RAM or address space, not the GPU"));

	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_KV_CACHE) == 0)
		rc = cause_add(d, GG_CAUSE_KV_CACHE, m->tried > 0 && m->free >= 0
			? gg_strdup_printf("the engine needs %.2f GiB of KV cache for one sequence of its longest length and has %.2f GiB left for it, after the weights and the profiling run, within the share of the device it may use",
					   m->tried / GIB, m->free / GIB)
			: gg_strdup_printf("the engine has no memory left for its KV cache after the weights and the profiling run, within the share of the device it may use (gpu_memory_utilization)"));
	/* Metal's limit is on one buffer, however much is free: the request is too large by itself. */
	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_MPS_BUFFER) == 0)
		rc = cause_add(d, GG_CAUSE_OVERSIZED, m->tried > 0
			? gg_strdup_printf("one buffer of %.2f GiB is longer than the largest the Apple GPU can make (MPS's \"Invalid buffer size\"): a single tensor too large, however much memory is free", m->tried / GIB)
			: gg_strdup_printf("one buffer is longer than the largest the Apple GPU can make (MPS's \"Invalid buffer size\"): a single tensor too large, however much memory is free"));
	if (!rc && m->form && strcmp(m->form, GG_OOM_FORM_MPS_NDARRAY) == 0)
		rc = cause_add(d, GG_CAUSE_OVERSIZED, gg_strdup_printf("one tensor is over 2**32 bytes (4 GiB), the most an MPS kernel takes in one array (Metal's \"total bytes of NDArray > 2**32\"): a single tensor too large, however much memory is free"));

	/*
	 * A core's on-chip scratch (XLA:TPU's vmem, 16 MiB or so) holds one
	 * kernel's working set: a kernel the compiler made too large for it
	 * (often its register allocator's spill slots) fails however much HBM
	 * is free, and neither the batch nor sharding need change it.
	 */
	if (!rc && m->onchip)
		rc = cause_add(d, GG_CAUSE_ONCHIP, m->onchip_used > 0 && m->onchip_limit > 0
			? gg_strdup_printf("XLA's compiler ran out of a core's on-chip scratch memory (vmem): one kernel needs %.2f MiB of its %.2f MiB; that is not the device's HBM",
					   m->onchip_used / 1048576.0, m->onchip_limit / 1048576.0)
			: gg_strdup_printf("XLA's compiler ran out of a core's on-chip scratch memory (vmem), not the device's HBM"));

	/*
	 * XLA compiles a whole step at once and checks it against the device
	 * before it runs: a program larger than the device fails however empty
	 * the device is.
	 */
	if (!rc && m->program)
		rc = cause_add(d, GG_CAUSE_PROGRAM, gg_strdup_printf("XLA's compiled program needs %.2f GiB of the device's %.2f GiB (\"Used ... of ... hbm\"): the program is larger than the device, before anything else is counted",
								     m->tried / GIB, m->total / GIB));

	/*
	 * A per-process memory fraction ("5.90 GiB allowed") that the request
	 * passes: the cap refused it, not the device, whatever the device has
	 * free. The fraction form's limit of 2^64 bytes is no cap (oom.c).
	 * Only a request that is most of the cap by itself: memory kept over
	 * a loop that reached the cap has its own cause, found below, and the
	 * cap is then only named.
	 */
	double held = m->allocated >= 0 ? m->allocated : 0;
	bool cap_met = m->capped && m->limit > 0 && m->tried > 0 && (m->total <= 0 || m->limit < m->total);
	if (!rc && cap_met && m->tried >= 0.5 * m->limit)
		rc = cause_add(d, GG_CAUSE_CAP, m->total > 0
			? gg_strdup_printf("a per-process memory fraction caps this process at %.2f GiB of the device's %.2f GiB: the request of %.2f GiB, with %.2f GiB allocated, reaches that cap, not the device's",
					   m->limit / GIB, m->total / GIB, m->tried / GIB, held / GIB)
			: gg_strdup_printf("a per-process memory fraction caps this process at %.2f GiB: the request of %.2f GiB, with %.2f GiB allocated, reaches it",
					   m->limit / GIB, m->tried / GIB, held / GIB));

	/*
	 * An Intel GPU refusing one request above 4 GiB with more than that
	 * free: its runtime's limit on a single allocation (some drivers and
	 * platforms), not the device's size; before the oversized rule, which
	 * would call it too large for the device.
	 */
	if (!rc && m->device == GG_OOM_DEVICE_XPU && m->tried > CAUSE_XPU_ONE_ALLOC && m->free >= m->tried)
		rc = cause_add(d, GG_CAUSE_REFUSED, gg_strdup_printf("one request of %.2f GiB, above 4 GiB, refused with %.2f GiB free: the Intel GPU runtime's limit on a single allocation (4 GiB on some drivers and platforms), not the device's memory",
								     m->tried / GIB, m->free / GIB));
	/*
	 * The same request with the message cut before the device's figures
	 * (no capacity, nothing free read): the runtime's per-allocation limit
	 * is the one reading that a request over 4 GiB shows alone, whatever
	 * the device holds; said as such, the figures not being there.
	 */
	if (!rc && m->device == GG_OOM_DEVICE_XPU && m->tried > CAUSE_XPU_ONE_ALLOC && m->free < 0 && m->total <= 0)
		rc = cause_add(d, GG_CAUSE_OVERSIZED, gg_strdup_printf("one request of %.2f GiB, above 4 GiB, on an Intel GPU, and the message is cut before the device's figures: over the runtime's limit on a single allocation (4 GiB by default on Level Zero), whatever memory is free",
								     m->tried / GIB));
	/*
	 * A small card (8 GiB or less) on which PyTorch has allocated nothing
	 * yet and reserves nothing, refusing a request of a quarter of it or
	 * more that is under what it reports free: not one request over the
	 * free memory (the figures say it fits), but the free figure is no
	 * block the request can take whole, and the first large tensor of a
	 * model on a card this small (its weights being placed, its first
	 * step) found no room. The card is too small for the model.
	 */
	if (!rc && m->device != GG_OOM_DEVICE_CPU && m->total > 0 && m->total <= CAUSE_SMALL_CARD && m->allocated == 0 &&
	    m->reserved_unallocated <= 0 && m->tried >= 0.25 * m->total && m->free >= m->tried)
		rc = cause_add(d, GG_CAUSE_CARD_TOO_SMALL, gg_strdup_printf("PyTorch has allocated nothing yet on this %.2f GiB device and a request of %.2f GiB was refused with %.2f GiB reported free: the free memory is not one block it could take, and the model's first large tensor does not fit a card this small",
									    m->total / GIB, m->tried / GIB, m->free / GIB));
	/* One request as large as the device cannot be helped by freeing anything else (a program's size is no one request). */
	if (!rc && !m->program && !(d->causes & GG_CAUSE_REFUSED) && m->tried > 0 && m->total > 0 && m->tried >= 0.5 * m->total)
		rc = cause_add(d, GG_CAUSE_OVERSIZED, m->tried >= 100 * m->total
			? gg_strdup_printf("one request of %.2f GiB is %.0f times the device's whole %.2f GiB: a size no real input needs, most likely a wrong shape",
					   m->tried / GIB, m->tried / m->total, m->total / GIB)
			: m->tried > m->total
			? gg_strdup_printf("one request of %.2f GiB is larger than the device's whole %.2f GiB: a single tensor too large, whatever else is freed",
					   m->tried / GIB, m->total / GIB)
			/* Under the whole device it fits beside a little: "whatever else is freed" would be false. */
			: gg_strdup_printf("one request of %.2f GiB is at least half of the device's whole %.2f GiB: a single tensor that fits only if everything else held is under %.2f GiB",
					   m->tried / GIB, m->total / GIB, (m->total - m->tried) / GIB));

	/* Without a capacity in the message, a request no device or machine could hold says the same. */
	if (!rc && m->tried > 0 && m->total <= 0 && m->tried_beyond_print)
		rc = cause_add(d, GG_CAUSE_OVERSIZED, gg_strdup_printf("the request is \"more than 1EB\", PyTorch's words for a size too large to print: a million times any device's memory, so the size itself is corrupt, not the memory short"));
	else if (!rc && m->tried > 0 && m->total <= 0 && m->device == GG_OOM_DEVICE_CPU && m->tried >= CAUSE_BEYOND_HOST)
		rc = cause_add(d, GG_CAUSE_OVERSIZED, gg_strdup_printf("one request of %.2f GiB of host memory: as much as a large machine's whole RAM, where the largest tensors a model holds are a few GiB",
			       m->tried / GIB));
	else if (!rc && m->tried > 0 && m->total <= 0 && m->device != GG_OOM_DEVICE_CPU && m->tried >= CAUSE_BEYOND_DEVICE)
		rc = cause_add(d, GG_CAUSE_OVERSIZED, gg_strdup_printf("one request of %.2f GiB: more than any single device's memory",
			       m->tried / GIB));
	/* TensorRT asks for a whole engine's weights or workspace at once: large, but no tensor made wrong. */
	else if (!rc && m->tried > 0 && m->total <= 0 && m->device != GG_OOM_DEVICE_CPU && m->tried >= CAUSE_BEYOND_TENSOR &&
		 !(m->form && strcmp(m->form, GG_OOM_FORM_TENSORRT) == 0))
		rc = cause_add(d, GG_CAUSE_OVERSIZED, gg_strdup_printf("one request of %.2f GiB: as much as the largest devices hold whole, where the largest tensors a model holds are a few GiB",
			       m->tried / GIB));

	/*
	 * Windows' CPU allocator says "not enough memory" (Linux's "can't
	 * allocate memory"): Windows refuses a request past its commit limit,
	 * RAM and the paging file together, whatever the request's size; a
	 * small one refused means the machine was already at the limit.
	 */
	/* Not beside a request no machine's RAM holds (oversized): its size is the fault, not the commit limit. */
	if (!rc && m->windows && m->device == GG_OOM_DEVICE_CPU && !(d->causes & (GG_CAUSE_PAGING_FILE | GG_CAUSE_OVERSIZED)))
		rc = cause_add(d, GG_CAUSE_PAGING_FILE, m->tried > 0
			? gg_strdup_printf("Windows refused %.2f MiB of host memory (DefaultCPUAllocator: not enough memory): its commit limit, RAM and the paging file together, is reached%s",
					   m->tried / 1048576.0, m->tried < CAUSE_SMALL_HOST_REQUEST ? "; a request this small means the machine was already at it" : "")
			: gg_strdup_printf("Windows refused host memory (DefaultCPUAllocator: not enough memory): its commit limit, RAM and the paging file together, is reached"));

	/*
	 * Held by others only when they hold most of the device: a real
	 * majority once this process's own context is set aside, never a share
	 * a desktop's display and that context make up alone (0.81 GiB of a
	 * 1.96 GiB card).
	 */
	/*
	 * A small request refused while the device reports many times it free
	 * did not find the device full: the driver or the runtime refused it
	 * (a card or a driver the build does not support, a container's or a
	 * MIG slice's limit). Not when a memory fraction caps the process
	 * ("X allowed"): that cap is the limit, and the fraction form says so.
	 */
	/* A wrapped-around free figure (see oom.h): said, and nothing read from it. */
	if (!rc && m->free_impossible > 0)
		rc = gg_evidence_add(d, "the message's free figure (%.2f GiB) is larger than the device's whole %.2f GiB: a count wrapped below zero, not a reading; it is left out",
				     m->free_impossible / GIB, m->total / GIB);
	if (!rc && cap_met && !(d->causes & GG_CAUSE_CAP))
		rc = gg_evidence_add(d, "a per-process memory fraction caps this process at %.2f GiB (set_per_process_memory_fraction): that cap, not the device, is the limit it reached",
				     m->limit / GIB);
	/* The fraction form's "PyTorch limit" when no fraction is set: 2^64 bytes, printed as a size. */
	if (!rc && m->limit_none)
		rc = gg_evidence_add(d, "the message's \"PyTorch limit\" (%.2f GiB) is not below the device's %.2f GiB: no memory fraction is set (2^64 bytes when unset), so no cap applies and the device is the limit",
				     m->limit / GIB, m->total / GIB);
	/*
	 * MPS's "other allocations" are Metal memory outside PyTorch's tensors
	 * (cached graphs and their buffers, other libraries' memory); holding
	 * most of the cap, more than the tensors, they are what fills it, and
	 * a smaller batch frees only a share of the smaller part.
	 */
	if (!rc && m->device == GG_OOM_DEVICE_MPS && m->limit > 0 && m->mps_other > 0 && m->allocated >= 0 &&
	    m->mps_other > m->allocated && m->mps_other >= 0.5 * m->limit)
		rc = cause_add(d, GG_CAUSE_MPS_OTHER, gg_strdup_printf("other allocations hold %.2f GiB of MPS's %.2f GiB cap (%.0f%%), more than PyTorch's own tensors (%.2f GiB): the cap is filled mostly outside them",
								       m->mps_other / GIB, m->limit / GIB, 100.0 * m->mps_other / m->limit, m->allocated / GIB));
	/*
	 * The other way round: MPS's own allocations fill the cap, other
	 * allocations a sliver, and a small request is refused. The tensors
	 * this process keeps (the weights, what each run leaves behind) are the
	 * budget's whole use: a second run failing where the first passed is
	 * what was kept growing.
	 */
	if (!rc && m->device == GG_OOM_DEVICE_MPS && m->limit > 0 && m->allocated >= 0.9 * m->limit && m->mps_other >= 0 &&
	    m->mps_other < 0.05 * m->limit && m->tried > 0 && m->tried < 0.25 * m->limit)
		rc = cause_add(d, GG_CAUSE_MPS_OWN, gg_strdup_printf("this process's own MPS allocations hold %.2f GiB of the %.2f GiB cap (%.0f%%), other allocations only %.2f MiB: its tensors fill the budget, and a request of %.2f MiB found no room",
								     m->allocated / GIB, m->limit / GIB, 100.0 * m->allocated / m->limit, m->mps_other / 1048576.0, m->tried / 1048576.0));
	/*
	 * Nothing allocated at all, by PyTorch or beside it, and a request of
	 * a few bytes refused: the budget is whole, so the Metal device gave
	 * no memory at all (a virtual machine's or a CI runner's GPU, a
	 * system out of memory), not the model or the batch.
	 */
	bool mps_none = !rc && m->device == GG_OOM_DEVICE_MPS && m->limit > 0 && m->allocated >= 0 && m->allocated < 0.01 * m->limit &&
			m->mps_other < 0.01 * m->limit && m->tried > 0 && m->tried < 1048576.0;
	if (mps_none)
		rc = cause_add(d, GG_CAUSE_REFUSED, m->tried < 1024.0
			? gg_strdup_printf("MPS refused %.0f bytes with nothing allocated (%.2f GiB of its %.2f GiB cap in use, other allocations as little): the device gave no memory at all, which is the Metal device or the machine (a virtual or CI runner's GPU, a system short of memory), not the model or the batch",
					   m->tried, m->allocated / GIB, m->limit / GIB)
			: gg_strdup_printf("MPS refused %.2f KiB with nothing allocated (%.2f GiB of its %.2f GiB cap in use, other allocations as little): the device gave no memory at all, which is the Metal device or the machine (a virtual or CI runner's GPU, a system short of memory), not the model or the batch",
					   m->tried / 1024.0, m->allocated / GIB, m->limit / GIB));
	/*
	 * MPS's high watermark is the budget: what it says is allocated
	 * against it leaves the room the request did not fit in.
	 */
	if (!rc && !mps_none && m->device == GG_OOM_DEVICE_MPS && m->limit > 0 && m->allocated >= 0 && m->tried > 0) {
		double room = m->limit - m->allocated - (m->mps_other > 0 ? m->mps_other : 0);
		/* A request of a few bytes is said in bytes: "0.00 GiB" reads as no request at all. */
		rc = gg_evidence_add(d, m->tried < 1024.0 ? "one request of %.0f %s while %.2f GiB remain under MPS's %.2f GiB cap (%.2f GiB allocated, %.2f GiB other allocations): %s"
							    : "one request of %.2f %s while %.2f GiB remain under MPS's %.2f GiB cap (%.2f GiB allocated, %.2f GiB other allocations): %s",
				     CAUSE_SIZE(m->tried), room > 0 ? room / GIB : 0, m->limit / GIB, m->allocated / GIB,
				     m->mps_other > 0 ? m->mps_other / GIB : 0,
				     m->tried > 0.25 * m->limit ? "one step's tensor is a large share of the whole budget" : "the budget is spent");
	}
	double own_all = (m->allocated >= 0 ? m->allocated : 0) + (m->reserved_unallocated > 0 ? m->reserved_unallocated : 0);
	if (!rc && m->free_impossible > 0 && m->total > 0 && m->allocated >= 0 && own_all + (m->tried > 0 ? m->tried : 0) >= 0.85 * m->total)
		rc = gg_evidence_add(d, "this process's PyTorch holds %.2f GiB of the device's %.2f GiB and asked for %.2f MiB more: the device is full with this process's own memory",
				     own_all / GIB, m->total / GIB, (m->tried > 0 ? m->tried : 0) / 1048576.0);
	/*
	 * Free several times the request (and a GiB at least) when it was
	 * refused: the figures do not add up for a full device, whichever
	 * message form printed them.
	 */
	int others;
	bool with_context;
	double elsewhere = cause_elsewhere(m, &others, &with_context);
	double outside = elsewhere - (with_context ? CAUSE_OWN_CONTEXT : 0);
	/*
	 * Several other processes the message lists, holding most of the
	 * device: each grows and frees on its own, so the free figure read
	 * when the message was printed is not the one the request met. A race
	 * between them, not a refusal below free: the majority rule below
	 * names them.
	 */
	bool crowded = others >= 2 && m->total > 0 && outside >= CAUSE_CROWDED * m->total;
	if (!rc && m->tried > 0 && m->free >= GIB && m->free >= 4 * m->tried && !m->capped && !crowded)
		rc = cause_add(d, GG_CAUSE_REFUSED, gg_strdup_printf("the request of %.2f MiB is refused while the device reports %.2f GiB free: the device is not full",
			       m->tried / 1048576.0, m->free / GIB));

	/*
	 * This process's own PyTorch holds nearly the whole device and a small
	 * request was refused: its own memory filled it, over the run (growth)
	 * or at once (too much work per step).
	 */
	if (!rc && m->free_impossible <= 0 && m->total > 0 && m->allocated >= 0 && m->tried > 0 && m->tried < 0.25 * m->total &&
	    own_all + m->tried >= 0.9 * m->total && m->device != GG_OOM_DEVICE_CPU && d->phase == GG_PHASE_LOADING)
		/* A load has no iterations: the weights themselves fill it; more than the device is the driver's spill into system memory. */
		rc = gg_evidence_add(d, "this process's PyTorch holds %.2f GiB of the device's %.2f GiB (%.0f%%) and a request of %.2f MiB was refused while the model was loaded or moved there%s",
				     own_all / GIB, m->total / GIB, 100.0 * own_all / m->total, m->tried / 1048576.0,
				     own_all > m->total ? ": more than the device has, so the driver was already spilling into shared system memory (Windows' sysmem fallback), and the model alone does not fit"
							: ": the weights alone fill the device");
	else if (!rc && m->free_impossible <= 0 && m->total > 0 && m->allocated >= 0 && m->tried > 0 && m->tried < 0.25 * m->total &&
	    own_all + m->tried >= 0.9 * m->total && m->device != GG_OOM_DEVICE_CPU)
		rc = gg_evidence_add(d, "this process's PyTorch holds %.2f GiB of the device's %.2f GiB (%.0f%%) and a request of %.2f MiB was refused: the device is full with its own memory, kept growing across iterations or too much work at once",
				     own_all / GIB, m->total / GIB, 100.0 * own_all / m->total, m->tried / 1048576.0);

	/*
	 * No frames to tell the phase (or only another rank's, lent, that
	 * tell none), and this process's live tensors hold
	 * nearly the whole device with almost nothing cached: the memory is in
	 * tensors kept alive, not in pieces, and in inference that is most
	 * often a forward's activations kept for a backward (autograd on). A
	 * cause of its own, so that the fix weighs no_grad with the input's size.
	 */
	double cached = m->reserved_unallocated >= 0 ? m->reserved_unallocated
			: m->cached >= 0		      ? m->cached
			: m->reserved >= 0 && m->allocated >= 0 ? m->reserved - m->allocated
								: -1;
	/* Another rank's frames, lent, that show evaluation with autograd off: no loop of its own to blame, the same reading. */
	bool lent_eval = d->frames_rank >= 0 && d->kind == GG_DX_OOM_EVAL && d->grad_disabled == 1;
	/* Library frames only (a layer's conv2d, no line of the user's) tell no phase either. */
	bool no_user = true;
	for (size_t i = 0; i < tb->len && no_user; i++)
		no_user = !d->frames[i].user;
	/*
	 * A context and a display take about the same whatever the card: on a
	 * small one (6 GiB, a laptop's) more than that tenth, so the allowance
	 * is never under the process's own context and a quarter GiB beside it.
	 */
	double ctx_allow = CAUSE_CONTEXT_SHARE * m->total > CAUSE_OWN_CONTEXT + CAUSE_DISPLAY ? CAUSE_CONTEXT_SHARE * m->total
											    : CAUSE_OWN_CONTEXT + CAUSE_DISPLAY;
	if (!rc && (((tb->len == 0 || d->frames_rank >= 0 || no_user) && d->kind == GG_DX_OOM && d->phase == GG_PHASE_UNKNOWN) || lent_eval) &&
	    m->device != GG_OOM_DEVICE_CPU && m->total > 0 && m->allocated >= 0.8 * m->total &&
	    /* Or tensors at 95 % with a cache smaller than the request: the cache could not have held it whole. */
	    cached >= 0 && (cached < 0.02 * m->total || (m->allocated >= 0.95 * m->total && m->allocated <= m->total && cached < m->tried)) && m->tried > 0 &&
	    m->tried < 0.5 * m->total)
		rc = cause_add(d, GG_CAUSE_OWN_TENSORS, gg_strdup_printf("this process's own tensors hold %.2f GiB of the device's %.2f GiB (%.0f%%) with only %.2f MiB cached: the memory is in tensors kept alive, not in freed pieces",
									 m->allocated / GIB, m->total / GIB, 100.0 * m->allocated / m->total, cached / 1048576.0));
	/*
	 * Tensors at 85 % of the device and its PyTorch at 90 % with the
	 * cache, a small request more than both the cache and what is free:
	 * no piece of the cache could have held it, and no one else holds the
	 * device. The tensors kept alive are the cause, frames or none, while
	 * no phase is told (a phase's own advice speaks then).
	 */
	else if (!rc && d->kind == GG_DX_OOM && d->phase == GG_PHASE_UNKNOWN && m->device != GG_OOM_DEVICE_CPU && m->total > 0 &&
		 m->allocated >= 0.85 * m->total && own_all >= 0.9 * m->total && cached >= 0 && cached < m->tried && m->free >= 0 &&
		 m->free < m->tried && m->tried > 0 && m->tried < 0.15 * m->total)
		rc = cause_add(d, GG_CAUSE_OWN_TENSORS, gg_strdup_printf("this process's own tensors hold %.2f GiB of the device's %.2f GiB (%.0f%%) and its PyTorch %.0f%% with the cache, whose %.2f MiB, like the %.2f MiB free, is less than the %.2f MiB requested: the memory is in tensors kept alive, not in freed pieces",
									 m->allocated / GIB, m->total / GIB, 100.0 * m->allocated / m->total, 100.0 * own_all / m->total,
									 cached / 1048576.0, m->free / 1048576.0, m->tried / 1048576.0));
	/*
	 * The same where the message was edited, re-laid or cut without its
	 * reserved figure: its tensors hold most of the device and what is
	 * neither free nor theirs (the cache, the context, anyone else) is a
	 * sliver, so the cache is at most that; with tensors at 90 %, up to
	 * what a CUDA context and a display take on a mid-sized card.
	 */
	else if (!rc && (tb->len == 0 || d->frames_rank >= 0 || no_user) && d->kind == GG_DX_OOM && d->phase == GG_PHASE_UNKNOWN && m->device != GG_OOM_DEVICE_CPU && m->total > 0 &&
		 cached < 0 && m->allocated >= 0.85 * m->total && m->free >= 0 &&
		 (m->total - m->free - m->allocated <= 0.05 * m->total ||
		  (m->allocated >= 0.9 * m->total && m->total - m->free - m->allocated <= CAUSE_CONTEXT_SHARE * m->total)) &&
		 m->tried > 0 && m->tried < 0.5 * m->total)
		rc = cause_add(d, GG_CAUSE_OWN_TENSORS, gg_strdup_printf("this process's own tensors hold %.2f GiB of the device's %.2f GiB (%.0f%%), and only %.2f GiB of the rest is not free (the message gives no cached figure): the memory is in tensors kept alive, not in freed pieces",
									 m->allocated / GIB, m->total / GIB, 100.0 * m->allocated / m->total, (m->total - m->free - m->allocated) / GIB));

	/*
	 * Between the two rules above and fragmentation's: this process's
	 * PyTorch holds nine tenths of the device, its tensors three quarters
	 * of it, nothing of note outside it, and a small request was refused
	 * with a cache larger than the request but under the tenth of the
	 * device that fragmentation asks (on a device this full the cache is
	 * what work left, not the cause). The tensors are the cause, the
	 * cache a second reading. Outside PyTorch a CUDA context and a
	 * display may hold up to a tenth of a mid-sized card (a gigabyte of
	 * eleven): its PyTorch then holds 85 % of the device, all the rest.
	 */
	/* 1.x's message gives the cache as reserved less allocated: the same figure. */
	else if (!rc && (tb->len == 0 || d->frames_rank >= 0 || no_user) && d->kind == GG_DX_OOM && d->phase == GG_PHASE_UNKNOWN &&
		 m->device != GG_OOM_DEVICE_CPU && m->total > 0 && m->allocated >= 0.75 * m->total && cached > m->tried &&
		 cached < 0.1 * m->total && m->tried > 0 && m->tried < 0.15 * m->total && m->free >= 0 &&
		 ((own_all >= 0.9 * m->total && m->total - m->free - own_all <= 0.05 * m->total) ||
		  (own_all >= 0.85 * m->total && m->total - m->free - own_all <= ctx_allow)))
		rc = cause_add(d, GG_CAUSE_OWN_TENSORS, gg_strdup_printf("this process's own tensors hold %.2f GiB of the device's %.2f GiB (%.0f%%) and its PyTorch %.0f%% with the cache: the memory is in tensors kept alive; the %.2f GiB reserved but unallocated, more than the %.2f GiB requested, are a second reading (fragmentation)",
									 m->allocated / GIB, m->total / GIB, 100.0 * m->allocated / m->total, 100.0 * own_all / m->total,
									 cached / GIB, m->tried / GIB));

	/*
	 * One item's tensor, a large share of the device but under half (a
	 * cause of its own then), more than is free. Printed equal to the
	 * free figure it is still more: it failed, and two figures rounded
	 * to two decimals print alike.
	 */
	bool large_share = !rc && m->total > 0 && m->tried >= 0.15 * m->total && m->tried < 0.5 * m->total && m->free >= 0 && m->tried >= m->free;
	if (large_share)
		rc = gg_evidence_add(d, m->tried > m->free ? "one request of %.2f GiB (%.0f%% of the device) is more than the %.2f GiB free: one step's tensor is a large share of the device"
							  : "one request of %.2f GiB (%.0f%% of the device) was refused with %.2f GiB free, the same figure once rounded: it was a little more, and one step's tensor is a large share of the device",
				     m->tried / GIB, 100.0 * m->tried / m->total, m->free / GIB);

	/*
	 * 2.x lists several processes and names none "this process" (a
	 * container hides which PID is its own), with no figure of its own:
	 * the listed processes hold the device, this run among them or not.
	 */
	if (!rc && elsewhere < 0 && m->others >= 2 && m->process_in_use < 0 && m->allocated < 0 && m->total > 0 &&
	    m->others_in_use > 0.5 * m->total)
		rc = cause_add(d, GG_CAUSE_OTHER_PROCESSES, gg_strdup_printf("%d processes hold %.2f GiB of the device's %.2f GiB; the message names none as this process, so which of them is this run is not known",
									       m->others, m->others_in_use / GIB, m->total / GIB));
	/*
	 * On a device of 2 GiB or less, with no other process listed, half of
	 * it is what a CUDA context and a desktop's display take: no sign of
	 * another process (the small card's reading below says so).
	 */
	bool tiny_unlisted = others == 0 && m->total <= CAUSE_SMALL_DEVICE;
	if (!rc && elsewhere > 0 && m->total > 0 && outside > 0.5 * m->total && !tiny_unlisted) {
		if (others > 0)
			rc = cause_add(d, GG_CAUSE_OTHER_PROCESSES, gg_strdup_printf("%d other process%s hold%s %.2f GiB of the device's %.2f GiB",
				       others, others == 1 ? "" : "es", others == 1 ? "s" : "", elsewhere / GIB, m->total / GIB));
		else
			rc = cause_add(d, GG_CAUSE_OTHER_PROCESSES, gg_strdup_printf("%.2f GiB of the device's %.2f GiB are neither free nor held by this process's PyTorch, far more than its own CUDA context: another process or rank is using the GPU",
				       elsewhere / GIB, m->total / GIB));
	}

	/*
	 * A quarter of the device or more (a sixth or so is a large job's
	 * contexts and communication buffers) with no process listed, where
	 * the message's own process line is below what its PyTorch holds ("this process has 0
	 * bytes" beside 48 GiB allocated: the driver cannot see the process
	 * from a container): that figure is no reading, and the memory neither
	 * free nor this PyTorch's, more than the request and the free memory
	 * together, is another process's or another rank's on the same GPU.
	 */
	double own_held = (m->allocated >= 0 ? m->allocated : 0) + (m->reserved_unallocated > 0 ? m->reserved_unallocated : 0);
	bool unseen_process = m->process_in_use >= 0 && m->allocated >= 0 && m->process_in_use < own_held;
	if (!rc && unseen_process && elsewhere > 0 && others == 0 && m->total > 0 && m->tried > 0 && m->free >= 0 &&
	    outside >= 0.25 * m->total && outside >= m->tried + m->free)
		rc = cause_add(d, GG_CAUSE_OTHER_PROCESSES, gg_strdup_printf("%.2f GiB of the device's %.2f GiB (%.0f%%) are neither free nor held by this process's PyTorch, more than the %.2f MiB requested and the %.2f MiB free together; the message's \"this process has %.2f GiB\" is below the %.2f GiB its own PyTorch holds, so the driver did not see this process (a container), and that figure is no reading: another process or rank on this GPU holds the rest",
									       elsewhere / GIB, m->total / GIB, 100.0 * elsewhere / m->total, m->tried / 1048576.0,
									       m->free / 1048576.0, m->process_in_use / GIB, own_held / GIB));

	/*
	 * The same minority where the message lists no process (1.x's
	 * "cached" and "reserved" forms): on a card larger than a small one, a
	 * quarter of it or more neither free nor this PyTorch's, and more than
	 * the request and the free memory together, is far beyond a CUDA
	 * context: another process holds it, or this process's own memory
	 * outside PyTorch's allocator (a CUDA extension's pool), which the
	 * message cannot tell apart.
	 */
	if (!rc && elsewhere > 0 && others == 0 && with_context && m->total > CAUSE_SMALL_CARD && m->tried > 0 && m->free >= 0 &&
	    outside >= 0.25 * m->total && outside >= m->tried + m->free)
		rc = cause_add(d, GG_CAUSE_OTHER_PROCESSES, gg_strdup_printf("%.2f GiB of the device's %.2f GiB (%.0f%%) are neither free nor held by this process's PyTorch, far more than its own CUDA context and more than the %.2f MiB requested and the %.2f MiB free together: another process holds them (or, where `nvidia-smi` lists none, a CUDA extension of this one that allocates outside PyTorch's allocator), and without them the request would have fit",
									       elsewhere / GIB, m->total / GIB, 100.0 * elsewhere / m->total, m->tried / 1048576.0,
									       m->free / 1048576.0));

	/*
	 * A minority held by processes the message names, beside this one's
	 * own line: a sixth of the device or more, and more than the request
	 * and the free memory together, so that without them the request
	 * would have fit. A desktop's display holds far less than that.
	 */
	if (!rc && elsewhere > 0 && others > 0 && !with_context && m->total > 0 && m->tried > 0 && m->free >= 0 &&
	    elsewhere >= CAUSE_MINORITY * m->total && elsewhere >= m->tried + m->free)
		rc = cause_add(d, GG_CAUSE_OTHER_PROCESSES, gg_strdup_printf("%d other process%s hold%s %.2f GiB of the device's %.2f GiB (%.0f%%), more than the %.2f MiB requested and the %.2f MiB free together: without %s the request would have fit",
									       others, others == 1 ? "" : "es", others == 1 ? "s" : "", elsewhere / GIB, m->total / GIB,
									       100.0 * elsewhere / m->total, m->tried / 1048576.0, m->free / 1048576.0, others == 1 ? "it" : "them"));

	/*
	 * A small card (8 GiB or less) of which a quarter or more is neither
	 * free nor reserved by this process's PyTorch, with no process listed
	 * (a fifth, where that alone is more than the request: a large
	 * request itself is then not the reading):
	 * the CUDA context, a desktop's display, another program. Below the
	 * majority test, but the larger fact: without it the request would
	 * have fit, and what is left is too little for the step. Before
	 * fragmentation, which then can be at most a second reading. Only with
	 * no phase told: frames that show an evaluation with autograd on or a
	 * training step have their own fix, which leads (the context and a
	 * display are there on every small card).
	 */
	bool small_outside = elsewhere > 0 && others == 0 && m->total > 0 && m->total <= CAUSE_SMALL_CARD && m->tried > 0 && m->free >= 0 &&
			     (elsewhere >= 0.25 * m->total || (elsewhere >= 0.2 * m->total && elsewhere >= m->tried)) &&
			     elsewhere - (with_context ? CAUSE_OWN_CONTEXT : 0) + m->free >= m->tried;
	/*
	 * A sixth of a small card (the minority share that counts for a listed
	 * process) is outside too when, less this process's own context, it
	 * is still more than the request: without it the request would fit,
	 * and a context and a display alone hold less.
	 */
	if (elsewhere > 0 && others == 0 && m->total > 0 && m->total <= CAUSE_SMALL_CARD && m->tried > 0 && m->free >= 0 &&
	    elsewhere >= CAUSE_MINORITY * m->total && elsewhere - (with_context ? CAUSE_OWN_CONTEXT : 0) >= m->tried)
		small_outside = true;
	/* After own-tensors too: its evidence is then said beside that cause (cause_add keeps the first). */
	if (!rc && d->kind == GG_DX_OOM && small_outside)
		rc = cause_add(d, GG_CAUSE_OUTSIDE, gg_strdup_printf("%.2f GiB of the device's %.2f GiB (%.0f%%) are neither free nor reserved by this process's PyTorch (its CUDA context, a desktop's display, another program): on a card this small that is what the %.2f MiB request lacked",
								     elsewhere / GIB, m->total / GIB, 100.0 * elsewhere / m->total, m->tried / 1048576.0));

	/*
	 * A serving engine's warm-up is a forward of its largest token budget,
	 * after the weights are placed: not the loading of a model.
	 */
	bool warmup = m->form && strcmp(m->form, GG_OOM_FORM_WARMUP) == 0;
	if (!rc && warmup)
		rc = gg_evidence_add(d, "the engine's warm-up found no room on the device for the tokens it is set to batch at once, after its weights were placed: its token budget is larger than what is left");
	if (!rc && d->phase == GG_PHASE_LOADING && !(d->causes & GG_CAUSE_KV_CACHE) && !warmup)
		rc = cause_add(d, GG_CAUSE_LOADING, gg_strdup_printf("the memory ran out while a model was being loaded or moved to the device, before any forward pass"));

	/*
	 * A device of 2 GiB or less (an integrated GPU's share of the system's
	 * memory, an old card) that this process's own PyTorch fills: the work
	 * is larger than the device, before how its memory is laid out matters,
	 * and before outputs gathered across batches: on such a device one
	 * step does not fit, whatever was kept before it.
	 */
	/*
	 * Where the message gives no process figure, what is outside PyTorch
	 * on a card this small is this process's own CUDA context first (half
	 * a GiB or so, with a display's share): its PyTorch holding three
	 * fifths or more, with that context the work still fills the card.
	 */
	double own_ctx = with_context && elsewhere > 0 ? (elsewhere < CAUSE_OWN_CONTEXT ? elsewhere : CAUSE_OWN_CONTEXT) : 0;
	double asked = m->tried > 0 ? m->tried : 0;
	bool small_full = own_all + asked >= 0.85 * m->total;
	bool small_with_ctx = !small_full && others == 0 && own_all >= 0.6 * m->total && own_all + asked + own_ctx >= 0.85 * m->total;
	if (!rc && m->total > 0 && m->total <= CAUSE_SMALL_DEVICE && m->allocated >= 0 && m->device != GG_OOM_DEVICE_CPU &&
	    (small_full || small_with_ctx))
		rc = cause_add(d, GG_CAUSE_SMALL_DEVICE, small_with_ctx
			? gg_strdup_printf("the device has only %.2f GiB: this process's PyTorch holds %.2f GiB of it (%.0f%%) and the %.2f GiB outside it are about what its CUDA context and a display take: the work is larger than the device",
					   m->total / GIB, own_all / GIB, 100.0 * own_all / m->total, elsewhere / GIB)
			: gg_strdup_printf("the device has only %.2f GiB, and this process's PyTorch holds %.2f GiB of it: the work is larger than the device",
					   m->total / GIB, own_all / GIB));

	if (!rc && (d->kind == GG_DX_OOM_EVAL || d->kind == GG_DX_OOM_EVAL_NO_GRAD)) {
		/* The loop's frames only: a torch.cat inside the model's forward concatenates features, not batches. */
		for (size_t i = 0; i < tb->len && !gg_phase_is_module_call(&tb->frames[i]); i++) {
			const gg_tb_frame *f = &tb->frames[i];
			if (has(f->code, "torch.cat(") || has(f->code, "torch.stack(") || has(f->code, ".append(") ||
			    has(f->code, "concatenate(") || has(f->function, "nested_concat") ||
			    has(f->function, "torch_pad_and_concatenate") || has(f->function, "_nested_gather") ||
			    has(f->function, "gather_function") || has(f->function, "_pad_across_processes")) {
				rc = cause_add(d, GG_CAUSE_ACCUMULATED, gg_strdup_printf("outputs are collected across batches at %s:%u (%s)",
					       gg_tb_frame_file(f), f->line, f->code ? f->code : f->function));
				break;
			}
		}
		if (!rc && d->kind == GG_DX_OOM_EVAL && !(d->causes & GG_CAUSE_ACCUMULATED) && framework &&
		    strstr(framework, "Hugging Face") && facts->eval_accumulation_steps <= 0)
			rc = cause_add(d, GG_CAUSE_ACCUMULATED, gg_strdup_printf("the HF Trainer keeps every batch's logits on the GPU until the end of evaluation unless eval_accumulation_steps is set%s",
				       facts->eval_accumulation_steps == 0 ? " (the log shows it is None)" : ""));
	}

	/*
	 * Python's own MemoryError (bare, or NumPy's "Unable to allocate") is
	 * raised by a host array or a Python object, never by a tensor's
	 * allocator (torch's CPU allocator raises a RuntimeError naming
	 * DefaultCPUAllocator), and such an array keeps no autograd graph: the
	 * array's size is the cause, whatever the phase. After the outputs
	 * gathered across batches, which are the commoner reason for one.
	 */
	bool worker = m->form && strcmp(m->form, GG_OOM_FORM_WORKER_MEMORY_ERROR) == 0;
	if (!rc && d->cause == GG_CAUSE_NONE && gg_cause_host_array(m) && worker)
		rc = cause_add(d, GG_CAUSE_HOST_ARRAY, gg_strdup_printf("a worker process's MemoryError (a DataLoader worker's, most often), which multiprocessing could not send back to the main process: the PicklingError only hides it; a NumPy array or Python object on the host could not be allocated in that worker"));
	if (!rc && d->cause == GG_CAUSE_NONE && gg_cause_host_array(m))
		rc = cause_add(d, GG_CAUSE_HOST_ARRAY, m->tried > 0
			? gg_strdup_printf("Python's own MemoryError: a NumPy array of %.2f GiB on the host could not be allocated, not a tensor (PyTorch's allocators raise a RuntimeError), and such an array keeps no autograd graph", m->tried / GIB)
			: gg_strdup_printf("Python's own MemoryError: a NumPy array or Python object on the host could not be allocated, not a tensor (PyTorch's allocators raise a RuntimeError), and such an array keeps no autograd graph"));

	/* Readings that rise step after step: something is kept across iterations. */
	if (!rc && facts->mem_readings >= 4 && facts->mem_last >= 1.25 * facts->mem_first &&
	    facts->mem_rises * 10 >= (facts->mem_readings - 1) * 6)
		rc = cause_add(d, GG_CAUSE_GROWTH, gg_strdup_printf("the memory the log reports grows across iterations (%.2f GiB to %.2f GiB over %d readings): something is kept from step to step",
			       facts->mem_first / GIB, facts->mem_last / GIB, facts->mem_readings));

	if (!rc && d->kind == GG_DX_OOM_EVAL && facts->eval_batch > 0 && facts->train_batch > 0 &&
	    facts->eval_batch > facts->train_batch)
		rc = cause_add(d, GG_CAUSE_BATCH, gg_strdup_printf("the evaluation batch size (%ld) is larger than the training one (%ld)",
			       facts->eval_batch, facts->train_batch));

	/*
	 * XLA's TPU allocator with enough free HBM but less than the request
	 * reservable in one piece: the free memory is in pieces, between
	 * buffers and programs kept from earlier steps.
	 */
	if (!rc && m->xla && m->tried > 0 && m->free >= m->tried && m->xla_reservable >= 0 && m->xla_reservable < m->tried)
		rc = cause_add(d, GG_CAUSE_FRAGMENTATION, gg_strdup_printf("only %.2f GiB of the %.2f GiB free could be reserved in one piece, less than the %.2f GiB asked: the free HBM is fragmented",
									   m->xla_reservable / GIB, m->free / GIB, m->tried / GIB));
	/* Some slack is normal; a tenth of the device reserved but unusable is fragmentation. */
	double floor = m->total > 0 ? 0.1 * m->total : GIB;
	if (!rc && m->reserved_unallocated > 0 && m->reserved_unallocated >= m->tried &&
	    m->reserved_unallocated >= floor && !facts->expandable_segments)
		rc = cause_add(d, GG_CAUSE_FRAGMENTATION, gg_strdup_printf("%.2f GiB are reserved by PyTorch but unallocated, more than the %.2f GiB requested: the memory is fragmented",
			       m->reserved_unallocated / GIB, (m->tried > 0 ? m->tried : 0) / GIB));
	/*
	 * On a large card a tenth is many GiB: a cache of a GiB or more that is
	 * twice the request and still cannot place it is blocks kept from
	 * earlier work (a previous run, an earlier phase), in pieces, though
	 * under the tenth. Not on a device full with its own memory (its
	 * reservation and the request nine tenths of it or more): there the
	 * work itself fills it, and the cache is its ordinary slack. Nor in a
	 * training step: the cache is what its own forward freed, the step's
	 * slack, not another run's.
	 */
	else if (!rc && d->cause == GG_CAUSE_NONE && d->phase != GG_PHASE_TRAINING && m->reserved_unallocated >= GIB && m->tried > 0 &&
		 m->reserved_unallocated >= 2 * m->tried && !facts->expandable_segments && m->total > 0 &&
		 own_all + m->tried < 0.9 * m->total)
		rc = cause_add(d, GG_CAUSE_FRAGMENTATION, gg_strdup_printf("%.2f GiB are reserved by PyTorch but unallocated, %.1f times the %.2f GiB requested, yet none of it could hold the request: blocks cached from earlier work (a previous run or phase), in pieces",
			       m->reserved_unallocated / GIB, m->reserved_unallocated / m->tried, m->tried / GIB));
	/*
	 * More than the free memory and more than the cache each alone, but
	 * less than the two together: on failure the allocator frees its
	 * whole cached segments and tries again, so part of the cache sits
	 * in segments still partly in use. Fragmentation beside the request,
	 * and expandable segments may let it fit: said, not ruled out. Only
	 * with room to spare (a tenth) and a cache a quarter of the request
	 * or more: a sum that just reaches it says nothing either way.
	 */
	else if (!rc && d->cause == GG_CAUSE_NONE && m->reserved_unallocated > 0 && m->tried > 0 && m->reserved_unallocated < m->tried &&
		 m->free >= 0 && m->tried > m->free && m->free + m->reserved_unallocated >= 1.1 * m->tried && m->reserved_unallocated >= 0.25 * m->tried && !facts->expandable_segments)
		rc = gg_evidence_add(d, "the %.2f GiB requested are more than the %.2f GiB free and than the %.2f GiB reserved by PyTorch but unallocated, each alone, but not than the two together: the allocator frees its whole cached segments before it gives up, so part of that cache is in segments still partly in use, fragmented; expandable_segments may let it fit",
				     m->tried / GIB, m->free / GIB, m->reserved_unallocated / GIB);
	/* The 2.x message suggests expandable segments to everyone: say when its own figures rule fragmentation out. */
	else if (!rc && d->cause == GG_CAUSE_NONE && m->reserved_unallocated >= 0 && m->tried > 0 && m->reserved_unallocated < m->tried &&
		 m->free >= 0 && m->tried > m->free)
		rc = gg_evidence_add(d, "only %.2f MiB are reserved by PyTorch but unallocated, less than the %.2f MiB requested, and %.2f MiB are free: the memory is not fragmented but used, so expandable_segments would not help",
				     m->reserved_unallocated / 1048576.0, m->tried / 1048576.0, m->free / 1048576.0);
	/*
	 * Nothing else explains it and nothing tells the phase: the one
	 * request, a large share of the device, is the fact the reader acts
	 * on (the item's size), so it is named as the cause, not left in the
	 * evidence. Its evidence line is already there.
	 */
	/*
	 * So too in training, a backward pass with no frame of the user's or
	 * a forward under the user's line: the one request is the fact the
	 * step's advice starts from (one item's size before the batch), read
	 * beside training's advice.
	 */
	bool in_training = d->kind == GG_DX_OOM_TRAINING;
	/*
	 * And in evaluation where no model runs on the path and the failing
	 * line is the user's own arithmetic (a drawing or post-processing
	 * helper's product): no forward's activations are in the request.
	 */
	const gg_tb_frame *last = tb && tb->len ? &tb->frames[tb->len - 1] : NULL;
	/* No call on the line ("a[1:] * b", "s[~m] += bias"): a call may be the model's, its frames cut. */
	bool own_arithmetic = last && d->phase == GG_PHASE_EVALUATION && !d->model_runs && d->frames[tb->len - 1].user && last->code &&
			      !strchr(last->code, '(');
	d->own_arithmetic = own_arithmetic && large_share;
	if (!rc && large_share && d->cause == GG_CAUSE_NONE &&
	    ((d->kind == GG_DX_OOM && d->phase == GG_PHASE_UNKNOWN) || in_training || own_arithmetic)) {
		char *text = gg_strdup_printf("one request of %.2f GiB (%.0f%% of the device) is %s the %.2f GiB free: one step's tensor is a large share of the device",
					      m->tried / GIB, 100.0 * m->tried / m->total, m->tried > m->free ? "more than" : "no less than (it failed)",
					      m->free / GIB);
		if (!text)
			return -ENOMEM;
		d->causes |= GG_CAUSE_LARGE_REQUEST;
		d->cause = GG_CAUSE_LARGE_REQUEST;
		d->cause_evidence = text;
	}
	/*
	 * A message that prints no capacity (2.x's short form, or cut right
	 * after the request) with one request of 8 GiB or more: whatever the
	 * device, one tensor that large is one step's item (an attention
	 * matrix over a long sequence, a batch of large images or frames),
	 * not the model's weights or what the run kept. Under the terabyte
	 * that oversized-request takes alone (128 GiB of host memory), and
	 * not while loading. The host's allocator never prints a capacity:
	 * its one request is read the same where no frame shows what it was
	 * (frames of data being prepared say that themselves, see explain.c).
	 */
	bool host = m->device == GG_OOM_DEVICE_CPU;
	if (!rc && d->cause == GG_CAUSE_NONE && m->total < 0 && m->tried >= CAUSE_LARGE_ALONE && (!host || !tb || !tb->len) &&
	    m->tried < (host ? CAUSE_BEYOND_HOST : CAUSE_BEYOND_DEVICE) && d->phase != GG_PHASE_LOADING) {
		char *text = gg_strdup_printf(host ? "one request of %.2f GiB of host memory: one tensor that large is a single step's item (what shape is it?), not the weights or what the run kept"
						   : "one request of %.2f GiB, and the message prints no capacity: whatever the device, one tensor that large is a single step's item, not the weights or what the run kept",
					      m->tried / GIB);
		if (!text)
			return -ENOMEM;
		d->causes |= GG_CAUSE_LARGE_REQUEST;
		d->cause = GG_CAUSE_LARGE_REQUEST;
		d->cause_evidence = text;
	}
	/*
	 * The host's tensor allocator (TH's "not enough memory ... Buy new
	 * RAM!", DefaultCPUAllocator's "can't allocate memory") refusing a
	 * request under the size of one step's item, no frame and no phase shown: the
	 * machine's RAM and swap were spent, by the run's whole footprint, not
	 * by that one tensor.
	 */
	if (!rc && d->cause == GG_CAUSE_NONE && host && (!tb || !tb->len) && d->phase == GG_PHASE_UNKNOWN && m->tried > 0 &&
	    m->tried < CAUSE_LARGE_ALONE && m->form &&
	    (strcmp(m->form, "Torch: not enough memory") == 0 || strcmp(m->form, "DefaultCPUAllocator: can't allocate memory") == 0))
		rc = cause_add(d, GG_CAUSE_HOST_RAM, gg_strdup_printf("the host's allocator could not get %.2f GiB from the operating system: the machine's RAM (and swap) was spent, not a GPU's",
								     m->tried / GIB));
	return rc;
}
