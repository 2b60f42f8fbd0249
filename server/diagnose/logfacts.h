#ifndef GG_LOGFACTS_H
#define GG_LOGFACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "logscan.h"
#include "traceback.h"

/*
 * What a log says outside its tracebacks, gathered line by line in bounded
 * memory: Python warnings (the `volatile` one above all), torchelastic's
 * failure summary (which rank failed first, a SIGKILL), batch sizes of
 * training and evaluation, eval_accumulation_steps, allocator settings, and
 * out-of-memory lines printed without a traceback.
 */

typedef struct gg_log_warning {
	char *file;     /* owned; "" when the line names none */
	uint32_t line;
	char *category; /* owned; "UserWarning" */
	char *message;  /* owned */
	gg_log_span at;
} gg_log_warning;

typedef struct gg_log_orphan {
	int rank;
	long pid;   /* its worker's process label's pid, or <= 0 when unlabelled */
	bool oom;   /* an out-of-memory line; else another failure the runtime printed */
	char *text; /* owned; the out-of-memory line, with the lines that continue its message joined */
	gg_log_span at;
	uint64_t continued_to; /* the last line of the message (at's line when it is one line) */
	/*
	 * The exception's type where the paste names it outside a traceback:
	 * a debugger's "Exception has occurred: T" header (text is then the
	 * message under it), an uncaught C++ exception's "terminate called
	 * after throwing an instance of 'T'" (text is its what()). Owned, or
	 * NULL.
	 */
	char *type;
	bool abort;  /* a C++ exception's what(): the process died of it */
	bool unsaid; /* ... its what() line is not in the paste: text is c10's warning right above the terminate line, or "" */
	uint64_t wrap_len; /* raw bytes of its last line: a long one may have been hard-wrapped by the terminal */
	bool header; /* a debugger's header and the message under it */
	bool named_only; /* an untyped line that names a memory error without a figure (prose): a message with figures below replaces it */
	bool prose_lead; /* ... and the words before the error's name are the reporter's sentence ("... I get CUDA out of memory") */
	bool relayed_json; /* the error's words sit in a string of a JSON object the line prints: a server's response body */
	bool used;   /* given to a traceback below it as its exception */
	bool folded; /* a sentence read as the context of a cut traceback below it, not its exception (see diagnose.c) */
	/*
	 * Where a logger line says it was raised ("<class 'RuntimeError'> at
	 * loop.py:77 - ..."): the file, owned, or NULL; its line.
	 */
	char *place_file;
	uint32_t place_line;
	char *code_above; /* owned; a source line pasted right above it, without its frame ("h = emb(a) + emb(b)"), or NULL */
} gg_log_orphan;

typedef struct gg_log_facts {
	uint64_t lines;
	uint64_t last_text_line; /* the last line with anything on it */
	bool elastic_summary;  /* a ChildFailedError summary was seen */
	int root_rank;         /* "Root Cause (first observed failure)": its rank, or -1 */
	long root_exitcode;    /* its exit code; 0 when not printed */
	/*
	 * The root cause's record as torchrun kept it: an error_file path
	 * (not "<N/A>": the entry point is decorated with @record) and its
	 * "traceback :" field opening a Python traceback, which the summary
	 * prints in full; a paste that ends inside it is cut there.
	 */
	bool root_error_file;
	bool root_traceback;
	/* The ranks the summary's "Failures:" list names besides the root cause (bit r for rank r < 64). */
	uint64_t failures_ranks;
	/*
	 * NCCL's "Cuda failure 2 'out of memory'" warnings: the local ranks
	 * their "host:pid:tid [N]" tag names (bit N for N < 64), how many
	 * lines, and whether they came in one second (no rank first).
	 */
	/*
	 * XLA's listing of the largest allocations of a program it could not
	 * fit, printed under its RESOURCE_EXHAUSTED error ("Size: 32.0K",
	 * "Shape: f32[64,5]", "XLA label: ...", "Allocation type: scoped"):
	 * how many of its fields were read, and the last one's line.
	 */
	unsigned xla_listing_fields;
	uint64_t xla_listing_line;
	uint64_t nccl_oom_ranks; /* the local devices ("host:pid:tid [N]") whose NCCL warned of a CUDA out-of-memory */
	unsigned nccl_oom_lines;
	int nccl_proxy_rank1;    /* 1 + the global rank NCCL's proxy names ("[Proxy Service 93] Failed to execute operation Setup from rank 93"), 0 when none */
	bool sigkill;          /* the root cause was killed by signal 9 (the kernel's OOM killer, usually) */
	gg_log_span sigkill_at; /* its "exitcode : -9" line */
	int launcher_rank;     /* the launcher's first failed process: the agent's "failed (exitcode: N) local_rank: R", mp.spawn's "process R terminated with ...", mpirun's "process rank R ... exited on signal N" or its "first process to do so" ("Process name: [[J,S],R]", "Exit code: N"), DeepSpeed's "[...'--local_rank=R'...] exits with return code = N"; or -1 */
	/*
	 * torchelastic's worker status event for a failed worker, a JSON line
	 * ({"name": "torchelastic.worker.status.FAILED", ... "global_rank": 1
	 * ...}): that worker's rank, or -1. Its error record may be all the
	 * paste shows of the failure.
	 */
	int event_rank;
	int command_local_rank; /* the last "--local_rank=R" of a launcher's command line seen, or -1 (DeepSpeed's line wraps) */
	uint64_t mpirun_first_line; /* mpirun's "The first process to do so was:", whose "Process name: [[J,S],R]" follows; 0 when none */
	bool launcher_first_exit; /* launcher_rank is mpirun's first process to exit: any other rank's failure came after */
	long launcher_exitcode; /* its N */
	gg_log_span launcher_at;
	/*
	 * The launcher's line introduces the failed process's traceback below
	 * it (mp.spawn's "process 3 terminated with the following error:"): a
	 * failure printed above that line is not known to be that process's.
	 */
	bool launcher_follows;
	long launcher_pid;     /* the agent's "failed" line's "(pid: P)", or 0 */
	/*
	 * The pids the agent stopped ("Sending process P closing signal
	 * SIGTERM"): the workers still running when it saw the first failure.
	 * Owned; the first FACTS_MAX_STOPPED.
	 */
	long *stopped_pids;
	size_t stopped_len, stopped_cap;
	uint64_t stopped_line; /* the first of those lines, 0 when none */
	uint64_t killing_line; /* DeepSpeed launcher's first "sigkill_handler] Killing subprocess P", 0 when none */
	uint64_t mpi_aborted_line; /* Open MPI's "... the job has been aborted" after a process's non-zero exit, 0 when none */
	/*
	 * pytest-xdist's report of a test worker that died without a Python
	 * error ("[gw4] node down: Not properly terminated", "worker 'gw0'
	 * crashed while running 'path::test'"): the first such line (0 when
	 * none), the first test named as running then (owned, or NULL), and
	 * how many such reports.
	 */
	uint64_t worker_crash_line;
	char *worker_crash_test;
	int worker_crashes;
	bool nccl_timeout_frames; /* a C++ frame line names NCCL's watchdog timeout check (WorkNCCL::checkTimeout), whatever its what() */
	/* a C++ frame line ("frame #4: ...") in PyTorch's CUDA library or NCCL's process group: the thread that threw ran CUDA work */
	bool cuda_cpp_frames;
	bool shm;              /* the runtime blames shared memory (/dev/shm): "insufficient shared memory (shm)", a torch_ shm file not written */
	gg_log_span shm_at;    /* ... its first line */
	bool shm_file;         /* ... in the words of a shared-memory file not written, not a worker's bus error */
	bool killed;           /* a shell's "Killed" line: the process got SIGKILL */
	bool killed_macos;     /* ... in macOS' words ("Killed: 9"): its kernel's kill under memory pressure, not Linux' OOM killer */
	gg_log_span killed_at;
	/*
	 * A shell's job line for a signal other than SIGKILL ("[1]    4021 bus
	 * error  python x.py", "zsh: segmentation fault  python x.py"): the
	 * signal's words as the shell prints them (static), or NULL; its line.
	 */
	const char *job_signal;
	gg_log_span job_signal_at;
	/*
	 * The elastic agent's "Received 1 death signal, shutting down workers":
	 * the launcher itself was sent that signal (a closed terminal's
	 * SIGHUP, a scheduler's SIGTERM, Ctrl-C's SIGINT), 0 when none; its line.
	 */
	int agent_signal;
	gg_log_span agent_signal_at;
	/*
	 * Python's report of an exception it could not raise ("Exception
	 * ignored in: <bound method X.__del__ ...>", a finalizer at shutdown):
	 * the lines, the first eight.
	 */
	uint64_t ignored_lines[8];
	size_t ignored_len;
	int said_device;       /* a run's own "using device: mps" line: that gg_oom_device, or 0 (GG_OOM_DEVICE_UNKNOWN) */
	bool cgroup_oom;       /* a memory limit's OOM handler killed a process (SLURM's oom-kill event, a memory cgroup's kill) */
	bool cgroup_slurm;     /* ... and SLURM said so: the job's memory request is the limit */
	int srun_oom_task;     /* srun's "task N: Out Of Memory": the task its cgroup killed, or -1 */
	int srun_killed_task;  /* srun's "task N: Killed": the task SIGKILL ended (the kernel's OOM killer, most likely), or -1 */
	gg_log_span cgroup_at;
	/*
	 * A line of a node memory monitor's kill message, the message's own
	 * sentence cut away (Ray's closing "how to address the out of memory
	 * issue", its "PID MEM(GB) COMMAND" table of top users): the first one.
	 */
	bool monitor_oom;
	gg_log_span monitor_at;
	/* A line saying the process ran out of file descriptors ("Too many open files"): its line, 0 none. */
	gg_log_span open_files_at;
	/* The kernel's own report of its OOM killer ("Out of memory: Killed process N", "invoked oom-killer"): dmesg's lines. */
	bool killed_kernel;
	/* The last line that is a debugger's prompt ("(Pdb) ", "ipdb> "): the program paused there; 0 none. */
	uint64_t debugger_prompt_line;
	/*
	 * torch_xla's label of the process that raised ("Exception in
	 * device=TPU:3: ..."), read even when the paste cuts its message: the
	 * first one's ordinal, or -1, and its line.
	 */
	int xla_ordinal;
	uint64_t xla_ordinal_line;
	/*
	 * Ascend's error header ("[ERROR] ... (PID:15, Device:2, RankID:2)
	 * ERR00100 ..."), which heads the runtime's error block under it: its
	 * device, its rank (-1 when not printed) and its line, 0 when none.
	 */
	int npu_header_device, npu_header_rank;
	uint64_t npu_header_line;
#define GG_FACTS_NPU_BLOCK 8 /* lines of that block under its header: code, cause, solution, the driver's trace */
	gg_log_warning *warnings; /* owned; the first few */
	size_t warnings_len, warnings_cap;
	int volatile_warning;  /* index into warnings of a `volatile` warning, or -1 */
	uint64_t backward_code_line; /* the last line that is autograd's backward call as a frame prints it (`..._execution_engine.run_backward(`), or 0 */
	uint64_t engine_line;        /* the last line naming vLLM's serving engine (`vllm/engine/`, `[async_llm_engine.py:68]`), or 0 */
	uint64_t chat_prompt_line;   /* the last line that is a chat session's turn (`Human: hello`, `User: ...`): the model is loaded and answering, or 0 */
	uint64_t loss_code_line;     /* the last line that is torch.nn.functional's loss as its frame prints it (`return torch._C._nn.cross_entropy_loss(`), or 0 */
	uint64_t move_code_line;     /* the last line that is nn.Module.to's or .cuda()'s per-tensor move as a frame prints it (`return t.to(device, dtype if t.is_floating_point()...`), or 0 */
	long train_batch, eval_batch; /* batch sizes the log prints; 0 when it does not */
	long eval_accumulation_steps; /* -1: not printed; 0: printed as None */
	bool expandable_segments;     /* the allocator is already set to expandable segments */
	char *torch_version;          /* owned; the PyTorch version the log prints ("1.13.1+cu117"), or NULL */
	char *torch_version_other;    /* owned; another version it names (prose: "works on 0.3.1, fails on 0.4.1"), or NULL */
	/*
	 * owned; the version first printed when the failing run's own text
	 * refutes it (a pre-0.4 version beside an aten/src/THC path): prose
	 * about the release that worked. torch_version is then the other one,
	 * or NULL. See gg_logfacts_settle_version.
	 */
	char *torch_version_refuted;
	bool aten_thc;                /* a path under aten/src/THC: PyTorch 0.4 to 1.10 printed the message */
	bool thc;                     /* THC-era text (THCudaCheck, "cuda runtime error (2)", THC/ paths): PyTorch 1.10 or older */
	bool thc_check;               /* a THCudaCheck line: CUDA's own check ran, so the run was on a CUDA device */
	bool pre_0_4;                 /* PyTorch 0.3 or older: THC under torch/lib/, Variable's "Variable containing:" print */
	bool shard_start_failed;      /* a serving launcher says a shard failed to start ("ShardCannotStart", "Shard 0 failed to start") */
	uint64_t startup_method_line; /* a worker's "Exception in worker ... while processing method load_model": a start-up method failed; 0 when none */
	char *startup_method;         /* owned; that method's name, or NULL */
	bool out_of_resource;         /* a line is Triton's "out of resource" (shared memory per multiprocessor, see oom.h) */
	/*
	 * The first such line outside any exception line (Inductor's autotuning
	 * logging a refused choice, "Exception out of resource: shared memory,
	 * Required: A, ..."): its text from "out of resource", owned, or NULL;
	 * its line; whether autotuning logged it (a benchmark choice dropped).
	 */
	char *resource_text;
	/* A script's argument parser refusing its command line ("train.py: error: unrecognized arguments: ..."): owned, or NULL; its line. */
	char *argparse_text;
	uint64_t argparse_line;
	gg_log_span resource_at;
	bool resource_autotune;
	/* Memory readings a training log prints per step ("mem: 5.2G", "memory: 10234"): growth across iterations. */
	double mem_first, mem_last;
	int mem_readings, mem_rises;
	gg_log_orphan *orphans; /* owned; the first few */
	size_t orphans_len, orphans_cap;
	/*
	 * The first exception line ("RuntimeError: ...", plain, quoted or in
	 * Markdown bold) whose message names no memory error and is not cut:
	 * what a paste of that line alone failed with. Its type and text are
	 * owned; text is NULL when there is none. Kept apart from the orphans,
	 * which the exception lines of a log's tracebacks would crowd out.
	 */
	gg_log_orphan lone;
	bool lone_space; /* its last line ended in a space: a wrap, the sentence goes on under it */
	/*
	 * The last logger record at level ERROR or CRITICAL whose message
	 * names no memory error (text: the record after its level word,
	 * owned, or NULL): a traceback cut before its exception line right
	 * under it was printed for what the record says (see diagnose.c).
	 */
	gg_log_orphan logged;

	/*
	 * A CUDA kernel's device-side assertion ("IndexKernel.cu:92: ...
	 * Assertion `index < sizes[i] && "index out of bounds"` failed."): its
	 * first line and its condition, owned; 0 and NULL when none.
	 */
	uint64_t device_assert_line;
	char *device_assert;
	uint64_t kernel_place_line; /* a kernel's "File.cu:N: operator(): block: [..]" line without its assertion (wrapped below it), or 0 */
	/*
	 * The last logger line that names its caller as "path.py:N function"
	 * (rich's and loguru's record location) where the function's name says
	 * training or evaluation: "train_step", owned, its GG_WORDS_* bit (one
	 * of the two) and its line; NULL, 0, 0 when none.
	 */
	char *logged_func;
	int logged_words;
	uint64_t logged_line;
	/*
	 * The last progress bar (tqdm's "%|...|", its postfix) that carries a
	 * loss and a learning rate ("loss=0.11, lr=5e-6"): a training loop's
	 * bar, the learning rate being only a trainer's. Its line, 0 when none.
	 */
	uint64_t train_bar_line;
	/*
	 * The last progress bar labelled for loading ("Loading checkpoint
	 * shards:  0%|", at any count): its line, 0 when none.
	 */
	uint64_t load_bar_line;
	/*
	 * The last progress bar whose label, before its percentage, names
	 * evaluation and not training ("- (Validation) :   0%|"): the step
	 * being run when the log stops there. Its line, 0 when none.
	 */
	uint64_t eval_bar_line;
	/*
	 * The last trainer banner that opens an evaluation or a prediction
	 * ("***** Running Evaluation *****"), when it is the last banner: its
	 * line, 0 when none (or a training banner came after it).
	 */
	uint64_t eval_banner_line;
	/*
	 * The last plain line announcing evaluation or inference ("Eval epoch:
	 * 1", "Running inference:"): its words name evaluation and not
	 * training, and it is no code, no progress bar and no figure of a
	 * result (a loss or an accuracy is printed after the step ended). Its
	 * line, 0 when none.
	 */
	uint64_t eval_note_line;
	/* ... and it is a banner the run prints ("-------test-------", "=== Evaluating ==="), no reporter's sentence */
	bool eval_note_banner;
	/*
	 * faulthandler's dump of a thread ("Thread 0x... (most recent call
	 * first):", its frames as `File "f", line N in func`, innermost
	 * first): its header's line, 0 when none; the last frame line read
	 * under it, and whether that line was whole (its " in func" printed).
	 */
	uint64_t fault_dump_line;
	uint64_t fault_dump_last;
	bool fault_dump_whole;
	/*
	 * The last plain progress print of an evaluation loop: its first word
	 * names evaluation and a counter follows ("Val 3/50 12/60 acc 0.71
	 * time 19.5s", "Test: [40/500]"). Its line, 0 when none.
	 */
	uint64_t eval_print_line;
	uint64_t load_note_line; /* the last line that opens with "loading " (the run announcing what it reads next), or 0 */
	/*
	 * The last bare loop header pasted as code ("for i, batch in
	 * enumerate(train_loader):") whose iterable names training and not
	 * evaluation: its line, 0 when none.
	 */
	uint64_t train_loop_line;
	/*
	 * The last plain print of a training loop: a step counter and a loss
	 * figure ("iter 812 step 40: loss 3.12, iter time: 250ms"), no
	 * evaluation word. Its line, 0 when none.
	 */
	uint64_t train_print_line;
	/*
	 * The last column titles of a training table ("Epoch  GPU_mem
	 * box_loss  cls_loss  Instances"): an epoch column and a loss column,
	 * no figure. Its line, 0 when none; and whether a column is the GPU's
	 * memory (the run is on a GPU).
	 */
	uint64_t train_titles_line;
	bool train_titles_gpu;
	/*
	 * Whether the paste is a run's output and ends cut (see
	 * gg_logfacts_run_cut): lines that only a run prints (a logger's level
	 * tag, a launcher's [rankN]: prefix, a progress bar, glog's header),
	 * whether an announcement of the run ended in "..." ("Building
	 * extension module x..."), and the last text line's reading: why it is
	 * cut (static text, NULL when it reads whole) and its rank.
	 */
	uint64_t run_lines;
	bool run_dots;
	const char *last_cut;
	bool last_exc_cut; /* ... because it is an exception line cut inside an out-of-memory error's words */
	int last_rank;
	bool last_argv; /* ... and it is a launcher's command line naming its worker's --local_rank= */
	bool last_cuda_check; /* ... and it is a CUDA runtime's own check-fail line ("THCudaCheck FAIL file=... line=") */
	char prev_text[160]; /* the text line before it, its first bytes (see facts_cut_reason) */
	size_t prev_len;
	/*
	 * What else marks lines as a command's output: a shell prompt with the
	 * command it ran ("me@box:~/x$ python3 run.py"), and a table the
	 * program printed of its settings (rows "NAME<two or more spaces>value",
	 * their values in one column): the column and how many rows share it.
	 */
	bool prompt_seen;
	size_t table_col;
	size_t table_rows;
	/* The last step counter a line names ("step 31", "Step: 31"), and its line; 0 when none. */
	long step;
	uint64_t step_line;

	/* Scanner state. */
	char *prev_code;         /* owned; the last line when it reads as a bare source line, else NULL */
	uint64_t prev_code_line; /* its line */
	int section;      /* 1 training, 2 evaluation: the last HF Trainer banner */
	bool in_root_cause;
	bool in_failures; /* inside the summary's "Failures:" list */
	char *abort_type;    /* owned; the type of the last "terminate called after throwing" line, or NULL */
	uint64_t abort_line; /* that line */
	gg_log_span abort_at; /* ... its span, rank and worker, for an abort whose what() line never comes */
	int abort_rank;
	long abort_pid;
	size_t abort_orphans; /* orphans_len at the terminate line: a failure line after it is the failure (its what() in other words) */
	char *cuda_warning;  /* owned; the message of the last c10 "CUDA warning: ..." line, or NULL */
	int failed_worker;   /* a distributed trainer's "Worker N has failed." (Ray Train's driver): the first such N, or -1 */
	uint64_t cuda_warning_line;
	int header_open;     /* the debugger header's orphan whose message is being read, or -1 */
	int wrap_rank; /* the rank of the last prefixed line, carried over the unprefixed lines right under it (a hard-wrapped line) */
} gg_log_facts;

void gg_logfacts_init(gg_log_facts *f);
void gg_logfacts_free(gg_log_facts *f);
/* Reads one cleaned line. Returns 0 or -ENOMEM. */
int gg_logfacts_line(gg_log_facts *f, const gg_log_line *line);
/*
 * After the last line: where the versions the log names disagree with what
 * the failing run printed (an aten/src/THC path is 0.4 or later), keeps the
 * one that agrees. Call once before reading torch_version.
 */
void gg_logfacts_settle_version(gg_log_facts *f);
/* After the last line: what the lines left pending (an abort without its what() line). Returns 0 or -ENOMEM. */
int gg_logfacts_end(gg_log_facts *f);
/* The rank a traceback printed now belongs to, when inside a summary's root cause; else -1. */
int gg_logfacts_summary_rank(const gg_log_facts *f);
/* The rank that failed first: the summary's root cause, else the agent's first "failed" line; -1 when neither. */
int gg_logfacts_first_rank(const gg_log_facts *f);
/*
 * True when the agent's SIGTERM lines show that rank was still running
 * when the agent saw its first failure (local_rank N, pid P): it started
 * its workers one after another, so where the stopped pids and P make one
 * run of pids with P at N, rank R's pid is that run's first plus R.
 * 1: R's pid was stopped; 0: it is in the run but was not stopped (R had
 * exited too, as the agent looked: which of the two failed first its line
 * does not tell); -1: a summary root cause, no such run, R outside it.
 */
int gg_logfacts_rank_stopped(const gg_log_facts *f, int rank);
/*
 * Why the paste is a run's output cut inside its last line, with no error
 * line (the caller checks that): static text for the evidence, or NULL when
 * it is no run's output (prose, code) or its last line reads whole.
 */
const char *gg_logfacts_run_cut(const gg_log_facts *f);
/* True when the rank that failed first was killed by SIGKILL (summary or agent line). */
bool gg_logfacts_first_killed(const gg_log_facts *f);

/* NCCL's watchdog timing a collective out: the fixed words of its line. */
#define GG_WATCHDOG_TIMEOUT "Watchdog caught collective operation timeout"
/* Whether message m is that timeout, in the watchdog's words or c10's location line for its check. */
bool gg_logfacts_collective_timeout(const char *m);

/* A signal's name from its number (1: "SIGHUP"), static; NULL for one not listed. */
const char *gg_logfacts_signal_name(int sig);

#endif
