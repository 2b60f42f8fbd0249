/*
 * Unit tests of the diagnosis layer: line cleaning (ANSI, "\r" redraws,
 * rank prefixes), that a log fed in pieces of any size reads the same as fed
 * whole, the exception-line recogniser, and the OOM message forms.
 */
#include <stdlib.h>
#include <string.h>

#include "../unit/check.h"
#include "diagnose.h"
#include "logscan.h"
#include "oom.h"
#include "text.h"
#include "traceback.h"

static void test_clean(void)
{
	gg_buf b = { 0 };
	const char *s = "\x1b[1;31mRuntimeError\x1b[0m: boom";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), -1);
	CHECK(strcmp(gg_buf_cstr(&b), "RuntimeError: boom") == 0);
	s = " 10%|#  | 1/10\r 20%|## | 2/10\rTraceback (most recent call last):";
	gg_logscan_clean(s, strlen(s), &b);
	CHECK(strcmp(gg_buf_cstr(&b), "Traceback (most recent call last):") == 0);
	s = " 10%|#  | 1/10\r 99%|###| 9/10\r   ";
	gg_logscan_clean(s, strlen(s), &b);
	CHECK(strcmp(gg_buf_cstr(&b), " 99%|###| 9/10") == 0);
	s = "[rank12]:  File \"x.py\", line 1, in f";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), 12);
	CHECK(strcmp(gg_buf_cstr(&b), " File \"x.py\", line 1, in f") == 0);
	s = "[default3]:Traceback (most recent call last):";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), 3);
	s = "[1,5]<stderr>:KeyError: 1";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), 5);
	CHECK(strcmp(gg_buf_cstr(&b), "KeyError: 1") == 0);
	/* A C++ logger's line glued after a bar's last redraw is a line of its own; a plain log line keeps its brackets. */
	s = "Epoch 2:  41%|####  | 41/100 [0:10<0:15, loss=0.7][E pg.cpp:12] [Rank 4] Watchdog caught collective operation timeout";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), -1);
	CHECK(strcmp(gg_buf_cstr(&b), "[E pg.cpp:12] [Rank 4] Watchdog caught collective operation timeout") == 0);
	s = "[2031-01-01 10:00:00][I main.py:3] started";
	gg_logscan_clean(s, strlen(s), &b);
	CHECK(strcmp(gg_buf_cstr(&b), s) == 0);
	/* A worker's process label and a record's level header go; "rank=N" in the label is the line's rank. */
	s = "(Worker rank=6 pid=31) ERROR 01-02 03:04:05 [executor.py:88]   File \"x.py\", line 1, in f";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), 6);
	CHECK(strcmp(gg_buf_cstr(&b), "  File \"x.py\", line 1, in f") == 0);
	s = "(Engine pid=9) WARNING 01-02 03:04:05 [core.py:7] RuntimeError: boom";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), -1);
	CHECK(strcmp(gg_buf_cstr(&b), "RuntimeError: boom") == 0);
	s = "INFO 2031-01-02 03:04:05,678 [run.py:12] started";
	gg_logscan_clean(s, strlen(s), &b);
	CHECK(strcmp(gg_buf_cstr(&b), "started") == 0);
	s = "(see note 3) ERROR here"; /* parentheses without a pid are prose */
	gg_logscan_clean(s, strlen(s), &b);
	CHECK(strcmp(gg_buf_cstr(&b), s) == 0);
	/* A record's time label with a tensor-parallel tag names the rank; one of the time alone stays. */
	s = "[2031-01-02 03:04:05 DP1 TP5] Scheduler hit an exception: Traceback (most recent call last):";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), 5);
	CHECK(strcmp(gg_buf_cstr(&b), "Scheduler hit an exception: Traceback (most recent call last):") == 0);
	s = "[2031-01-02 03:04:05] Received a signal";
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), -1);
	CHECK(strcmp(gg_buf_cstr(&b), s) == 0);
	s = "[1]:"; /* torchelastic's failure index is no rank prefix */
	CHECK_EQ_INT(gg_logscan_clean(s, strlen(s), &b), -1);
	s = "\x1b]8;;file:///x\x07link\x1b]8;;\x07 text";
	gg_logscan_clean(s, strlen(s), &b);
	CHECK(strcmp(gg_buf_cstr(&b), "link text") == 0);
	/* Quote marks go, their count is told: a quoted pytest ">" line has one more than its report. */
	unsigned quotes;
	s = "> >       out = net(x)";
	CHECK_EQ_INT(gg_logscan_clean_quoted(s, strlen(s), &b, &quotes), -1);
	CHECK_EQ_INT((int)quotes, 2);
	CHECK(strcmp(gg_buf_cstr(&b), "      out = net(x)") == 0);
	s = "    x = 1";
	gg_logscan_clean_quoted(s, strlen(s), &b, &quotes);
	CHECK_EQ_INT((int)quotes, 0);
	gg_buf_free(&b);
}

typedef struct lines {
	gg_buf all;
	size_t count;
} lines;

static int collect(void *ctx, const gg_log_line *l)
{
	lines *x = ctx;
	x->count++;
	gg_buf_printf(&x->all, "%llu:%d:%llu:%llu:", (unsigned long long)l->number, l->rank,
		      (unsigned long long)l->offset, (unsigned long long)l->raw_len);
	gg_buf_append(&x->all, l->text, l->len);
	gg_buf_append(&x->all, "\n", 1);
	return 0;
}

static void test_chunking(void)
{
	const char *log = "a\r\n[rank1]:b\n\x1b[0mc\rd\n\nlast-without-newline";
	size_t n = strlen(log);
	lines whole = { 0 };
	gg_logscan *s = gg_logscan_new(4096, collect, &whole);
	CHECK(gg_logscan_feed(s, log, n) == 0);
	CHECK(gg_logscan_finish(s) == 0);
	gg_logscan_delete(s);
	CHECK_EQ_SIZE(whole.count, 5);
	for (size_t step = 1; step <= 7; step++) {
		lines parts = { 0 };
		s = gg_logscan_new(4096, collect, &parts);
		for (size_t i = 0; i < n; i += step)
			CHECK(gg_logscan_feed(s, log + i, i + step <= n ? step : n - i) == 0);
		CHECK(gg_logscan_finish(s) == 0);
		gg_logscan_delete(s);
		CHECK(parts.all.len == whole.all.len && memcmp(parts.all.data, whole.all.data, whole.all.len) == 0);
		gg_buf_free(&parts.all);
	}
	CHECK(strstr(gg_buf_cstr(&whole.all), "1:-1:0:1:a\n") != NULL);    /* CRLF: the "\r" is the line end */
	CHECK(strstr(gg_buf_cstr(&whole.all), "2:1:3:9:b\n") != NULL);    /* rank prefix off, offsets raw */
	CHECK(strstr(gg_buf_cstr(&whole.all), "3:-1:13:7:d\n") != NULL);   /* redraw: what was drawn last */
	gg_buf_free(&whole.all);

	/* A line over the limit is cut, and the next line is whole. */
	lines cut = { 0 };
	s = gg_logscan_new(256, collect, &cut);
	char *big = malloc(100000);
	memset(big, 'x', 100000);
	gg_logscan_feed(s, big, 100000);
	gg_logscan_feed(s, "\nnext\n", 6);
	gg_logscan_finish(s);
	gg_logscan_delete(s);
	free(big);
	CHECK_EQ_SIZE(cut.count, 2);
	CHECK(strstr(gg_buf_cstr(&cut.all), "2:-1:100001:4:next\n") != NULL);
	gg_buf_free(&cut.all);

	/* A record's TP label holds for its unlabelled lines, until a line with a label or a rank prefix of its own. */
	lines rec = { 0 };
	s = gg_logscan_new(4096, collect, &rec);
	const char *labelled = "[2031-01-02 03:04:05 TP2] failed: Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n\n"
			       "[rank0]:x\ny\n[2031-01-02 03:04:06 TP4] z\nw\n[2031-01-02 03:04:07] v\nu\n";
	gg_logscan_feed(s, labelled, strlen(labelled));
	gg_logscan_finish(s);
	gg_logscan_delete(s);
	const char *all = gg_buf_cstr(&rec.all);
	CHECK(strncmp(all, "1:2:", 4) == 0);
	CHECK(strstr(all, "\n2:2:") != NULL); /* the frame line is TP2's */
	CHECK(strstr(all, "\n3:2:") != NULL); /* a blank line inside the record too */
	CHECK(strstr(all, "\n4:0:") != NULL && strstr(all, "\n5:-1:") != NULL); /* a rank prefix ends it */
	CHECK(strstr(all, "\n6:4:") != NULL && strstr(all, "\n7:4:") != NULL);
	CHECK(strstr(all, "\n8:-1:") != NULL && strstr(all, "\n9:-1:") != NULL); /* a label of the time alone names no rank */
	gg_buf_free(&rec.all);
}

static void test_exception_line(void)
{
	size_t k;
	const char *msg;
	CHECK(gg_tb_exception_line("torch.OutOfMemoryError: CUDA out of memory.", 43, &k, &msg) && k == 22 &&
	      strcmp(msg, "CUDA out of memory.") == 0);
	CHECK(gg_tb_exception_line("MemoryError", 11, &k, &msg) && k == 11 && *msg == '\0');
	CHECK(gg_tb_exception_line("KeyboardInterrupt", 17, &k, &msg));
	CHECK(!gg_tb_exception_line("Epoch 1: loss 0.3", 17, &k, &msg));
	CHECK(!gg_tb_exception_line("INFO: starting", 14, &k, &msg));
	CHECK(!gg_tb_exception_line("C:\\Users\\x.py:3: UserWarning: w", 31, &k, &msg));
	CHECK(gg_tb_exception_line("cfg.ConfigError: missing lr", 27, &k, &msg));
}

static void test_oom_forms(void)
{
	static const struct {
		const char *type, *message;
		gg_oom_device device;
	} forms[] = {
		{ "torch.OutOfMemoryError", "CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB", GG_OOM_DEVICE_CUDA },
		{ "RuntimeError", "CUDA out of memory. Tried to allocate 1.22 GiB (GPU 1; 11.17 GiB total capacty; 8.13 GiB already allocated)", GG_OOM_DEVICE_CUDA },
		{ "RuntimeError", "CUDA error: out of memory", GG_OOM_DEVICE_CUDA },
		{ "RuntimeError", "cuda runtime error (2) : out of memory at /pytorch/THCStorage.cu:58", GG_OOM_DEVICE_CUDA },
		{ NULL, "THCudaCheck FAIL file=/pytorch/THCCachingAllocator.cpp line=231 error=2 : out of memory", GG_OOM_DEVICE_CUDA },
		{ "RuntimeError", "CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`", GG_OOM_DEVICE_CUDA },
		{ "torch.OutOfMemoryError", "HIP out of memory. Tried to allocate 1.00 GiB", GG_OOM_DEVICE_HIP },
		{ "RuntimeError", "MPS backend out of memory (MPS allocated: 17.93 GB, other allocations: 1.26 MB, max allowed: 18.13 GB).", GG_OOM_DEVICE_MPS },
		{ "torch.OutOfMemoryError", "XPU out of memory. Tried to allocate 1.00 GiB", GG_OOM_DEVICE_XPU },
		{ "RuntimeError", "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate 8589934592 bytes. Error code 12 (Cannot allocate memory)", GG_OOM_DEVICE_CPU },
		{ "RuntimeError", "$ Torch: not enough memory: you tried to allocate 12GB. Buy new RAM!", GG_OOM_DEVICE_CPU },
		{ "MemoryError", "", GG_OOM_DEVICE_CPU },
		{ "torch.cuda.OutOfMemoryError", "", GG_OOM_DEVICE_CUDA },
		{ "RuntimeError", "CUDA out of mem\nory", GG_OOM_DEVICE_CUDA }, /* a hard-wrap in the middle of the word */
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		gg_oom_info info;
		bool oom = gg_oom_match(forms[i].type, forms[i].message, strlen(forms[i].message), &info);
		CHECK(oom);
		CHECK_EQ_INT(info.device, forms[i].device);
	}
	gg_oom_info info;
	CHECK(!gg_oom_match("KeyError", "'memory'", 8, &info));
	CHECK(!gg_oom_match("RuntimeError", "Expected all tensors to be on the same device", 45, &info));
	gg_oom_match("RuntimeError", forms[1].message, strlen(forms[1].message), &info);
	CHECK_EQ_INT(info.device_index, 1);
	CHECK(info.total > 11.16 * 1073741824.0 && info.total < 11.18 * 1073741824.0);
	/* A request too large to print is read as its bound, and said to be one. */
	const char *eb = "CUDA out of memory. Tried to allocate more than 1EB memory.";
	CHECK(gg_oom_match("torch.OutOfMemoryError", eb, strlen(eb), &info) && info.tried_beyond_print &&
	      info.tried == GG_OOM_ONE_EB);
	CHECK(gg_oom_parse_size("512.00 MiB", 10) == 512.0 * 1048576.0);
	CHECK(gg_oom_parse_size("abc", 3) < 0);
	/* XLA's one-letter binary units, only at a word's end. */
	CHECK(gg_oom_parse_size("3.95G free", 10) == 3.95 * 1073741824.0);
	CHECK(gg_oom_parse_size("2 Mask", 6) < 0);

	/* XLA's runtime: the TPU allocator's words, the compiler's program against the HBM, the status with memory words. */
	const char *reserve = "Resource exhausted: From /job:worker/replica:0/task:0:\nAttempting to reserve 5.10G at the bottom of memory. That was not possible. There are 2.40G free, 0B reserved, and 2.40G reservable.";
	CHECK(gg_oom_match("RuntimeError", reserve, strlen(reserve), &info) && info.xla);
	CHECK_EQ_INT(info.device, GG_OOM_DEVICE_TPU);
	CHECK(info.tried == 5.10 * 1073741824.0 && info.free == 2.40 * 1073741824.0 && !info.program);
	const char *hbm = "RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory space hbm. Used 20.00G of 16.00G hbm.";
	CHECK(gg_oom_match("jaxlib.xla_extension.XlaRuntimeError", hbm, strlen(hbm), &info) && info.program);
	CHECK(info.tried == 20.0 * 1073741824.0 && info.total == 16.0 * 1073741824.0);
	const char *label = "Exception in device=TPU:5: RESOURCE_EXHAUSTED: From /job:localservice/replica:0/task:0:";
	CHECK(gg_oom_match(NULL, label, strlen(label), &info) && info.device == GG_OOM_DEVICE_TPU);
	CHECK_EQ_INT(info.device_index, 5);
	/* The same status for a quota or an oversized gRPC message is no memory error. */
	const char *quota = "RESOURCE_EXHAUSTED: Quota exceeded for aiplatform requests per minute";
	CHECK(!gg_oom_match("google.api_core.exceptions.ResourceExhausted", quota, strlen(quota), &info));
	const char *grpc = "RESOURCE_EXHAUSTED: Received message larger than max (8000000 vs. 4194304)";
	CHECK(!gg_oom_match(NULL, grpc, strlen(grpc), &info));
}

static void test_diagnose_text(void)
{
	const char *log = "Traceback (most recent call last):\n"
			  "  File \"/x/train.py\", line 8, in evaluate\n"
			  "    out = model(x)\n"
			  "  File \"/usr/lib/python3/dist-packages/torch/nn/modules/module.py\", line 1194, in _call_impl\n"
			  "    return forward_call(*input, **kwargs)\n"
			  "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.76 GiB total capacity)\n";
	gg_diagnoses all;
	CHECK(gg_diagnose_text(log, strlen(log), NULL, &all) == 0);
	CHECK_EQ_SIZE(all.len, 1);
	if (all.len == 1) {
		CHECK_EQ_INT(all.items[0].kind, GG_DX_OOM_EVAL_NO_GRAD);
		CHECK(all.items[0].first);
		CHECK_EQ_INT(all.items[0].culprit, 0);
	}
	gg_diagnoses_free(&all);
	CHECK(gg_diagnose_text("", 0, NULL, &all) == 0 && all.len == 0);
	gg_diagnoses_free(&all);
}

int main(void)
{
	test_clean();
	test_chunking();
	test_exception_line();
	test_oom_forms();
	test_diagnose_text();
	return check_report();
}
