/*
 * `gradguard diagnose`: reads a pasted traceback or a whole training log
 * (a file or stdin, streamed in bounded memory), diagnoses it against the
 * workspace under --root, and prints the verdict first.
 */
#include "cli/diagnose.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "cause.h"
#include "diagnose/diagnose.h"
#include "diagnose_json.h"
#include "runtime_report.h"

static const char diagnose_usage[] =
	"usage: gradguard diagnose [options] [FILE|-]\n"
	"\n"
	"Diagnoses a traceback or a training log (a file, or standard input when\n"
	"FILE is - or absent): out of memory or not, on which device and rank, in\n"
	"training or evaluation, with autograd on or off, the line of your code\n"
	"responsible, and the fix. Reads CPython and notebook tracebacks, chained\n"
	"exceptions, torchrun/DDP logs with [rankN]: prefixes and torchelastic\n"
	"summaries, through ANSI colours and progress bars.\n"
	"\n"
	"options:\n"
	"  --root DIR               workspace to find the traceback's files in (default: .)\n"
	"  --no-root                do not look at any workspace\n"
	"  --runtime FILE           what gradguard.probe measured in that run (default:\n"
	"                           DIR/.gradguard/runtime.json when there is one)\n"
	"  --output-format FORMAT   text (default) or json\n"
	"  -h, --help               print this help\n"
	"\n"
	"exit status: 0 no out-of-memory error found, 1 one was diagnosed, 2 errors,\n"
	"3 the paste is cut before its exception line (nothing could be concluded)\n";

static void diagnose_print_text(FILE *out, const gg_diagnoses *all)
{
	if (all->len == 0) {
		fprintf(out, "No traceback or out-of-memory error found (%llu lines read).\n",
			(unsigned long long)all->lines);
		return;
	}
	for (size_t i = 0; i < all->len; i++) {
		const gg_diagnosis *d = &all->items[i];
		const gg_traceback *tb = gg_diagnosis_traceback(d);
		if (i > 0)
			fputc('\n', out);
		/* The verdict first: "OUT OF MEMORY (cuda:0) in evaluation, with autograd on, rank 3". */
		const char *phase = gg_diagnosis_verdict(d);
		if (phase) {
			fputs("OUT OF MEMORY", out);
			if (gg_oom_device_name(d->oom.device)) {
				fprintf(out, " (%s", gg_oom_device_name(d->oom.device));
				if (d->oom.device_index >= 0)
					fprintf(out, ":%d", d->oom.device_index);
				fputc(')', out);
			}
			if (*phase)
				fprintf(out, " %s", phase);
		} else if (d->kind == GG_DX_INCOMPLETE) {
			fputs("INCOMPLETE: the failure's own error is not in the paste", out);
		} else {
			fputs("Not an out-of-memory error", out);
		}
		if (d->rank >= 0)
			fprintf(out, ", rank %d", d->rank);
		if (d->follows_rank >= 0)
			fprintf(out, ", after rank %d failed", d->follows_rank);
		fprintf(out, "  [%s, %s confidence%s%s%s]\n", gg_dx_kind_name(d->kind), gg_dx_confidence_name(d->confidence),
			d->cause ? ", cause: " : "", d->cause ? gg_cause_name(d->cause) : "", d->first ? ", first failure" : "");
		/* CUDA messages run to 500 characters; the JSON has them whole. */
		if (tb->has_exception) {
			int cut = (int)strlen(tb->exc.message) > 160 ? 160 : (int)strlen(tb->exc.message);
			fprintf(out, "  %s%s%.*s%s  (log line %llu)\n", tb->exc.type, tb->exc.type[0] && tb->exc.message[0] ? ": " : "", cut,
				tb->exc.message, (size_t)cut < strlen(tb->exc.message) ? "..." : "",
				(unsigned long long)tb->exc.at.line);
		}
		const gg_tb_frame *c = gg_diagnosis_culprit(d);
		if (c) {
			const gg_dx_frame *x = &d->frames[d->culprit];
			/* No function: a place a logger named (FILE:LINE) without one, not module level, which Python names "<module>" itself. */
			fprintf(out, "  at %s:%u", gg_tb_frame_file(c), c->line);
			if (c->function[0])
				fprintf(out, " in %s", c->function);
			if (c->code)
				fprintf(out, ": %s", c->code);
			if (x->res.path && x->res.is_cell)
				fprintf(out, "\n     = %s, cell %u%s", x->res.path, x->res.cell,
					x->res.stale ? " (changed since this run)" : "");
			else if (x->res.path)
				fprintf(out, "\n     = %s%s", x->res.path, x->res.stale ? " (changed since this run)" : "");
			fputc('\n', out);
		}
		fprintf(out, "  why: %s\n", d->explanation);
		fprintf(out, "  fix: %s\n", d->fix);
		if (d->evidence_len) {
			fprintf(out, "  evidence:\n");
			for (size_t k = 0; k < d->evidence_len; k++)
				fprintf(out, "    - %s\n", d->evidence[k]);
		}
	}
	if (all->omitted)
		fprintf(out, "\n(%zu more tracebacks not kept)\n", all->omitted);
}

static int diagnose_read(gg_diagnoser *dx, FILE *in)
{
	char *chunk = malloc(1 << 16);
	if (!chunk)
		return -ENOMEM;
	size_t n;
	int rc = 0;
	while (rc == 0 && (n = fread(chunk, 1, 1 << 16, in)) > 0)
		rc = gg_diagnoser_feed(dx, chunk, n);
	if (rc == 0 && ferror(in))
		rc = -EIO;
	free(chunk);
	return rc;
}

int gg_cli_diagnose_main(int argc, char **argv)
{
	const char *path = NULL, *root = ".", *format = "text", *runtime = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			fputs(diagnose_usage, stdout);
			return 0;
		} else if (strcmp(a, "--root") == 0 || strcmp(a, "--output-format") == 0 || strcmp(a, "--runtime") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "gradguard diagnose: %s needs a value\n", a);
				return 2;
			}
			*(strcmp(a, "--root") == 0 ? &root : strcmp(a, "--runtime") == 0 ? &runtime : &format) = argv[++i];
		} else if (strncmp(a, "--root=", 7) == 0) {
			root = a + 7;
		} else if (strncmp(a, "--runtime=", 10) == 0) {
			runtime = a + 10;
		} else if (strncmp(a, "--output-format=", 16) == 0) {
			format = a + 16;
		} else if (strcmp(a, "--no-root") == 0) {
			root = NULL;
		} else if (a[0] == '-' && a[1] != '\0') {
			fprintf(stderr, "gradguard diagnose: unknown option '%s'\n\n%s", a, diagnose_usage);
			return 2;
		} else if (path) {
			fprintf(stderr, "gradguard diagnose: one input at a time ('%s' and '%s')\n", path, a);
			return 2;
		} else {
			path = a;
		}
	}
	bool json = strcmp(format, "json") == 0;
	if (!json && strcmp(format, "text") != 0) {
		fprintf(stderr, "gradguard diagnose: unknown output format '%s' (text, json)\n", format);
		return 2;
	}
	FILE *in = stdin;
	if (path && strcmp(path, "-") != 0) {
		in = fopen(path, "rb");
		if (!in) {
			fprintf(stderr, "gradguard diagnose: %s: %s\n", path, strerror(errno));
			return 2;
		}
	} else if (isatty(STDIN_FILENO)) {
		fputs("gradguard diagnose: paste the traceback or log, then Ctrl-D\n", stderr);
	}

	gg_diagnoser *dx = gg_diagnoser_new();
	int rc = dx ? diagnose_read(dx, in) : -ENOMEM;
	if (in != stdin)
		fclose(in);
	gg_analyzer *analyzer = NULL;
	if (rc == 0 && root)
		analyzer = gg_analyzer_new(NULL); /* without it the rules just do not confirm */
	gg_diagnoses all = { 0 };
	gg_diagnose_options opts = { root, analyzer, NULL, NULL };
	if (rc == 0)
		rc = gg_diagnoser_finish(dx, &opts, &all);
	gg_diagnoser_delete(dx);
	gg_analyzer_delete(analyzer);
	/* The run's measurements: named, or the workspace's own when it has some (a broken one is a warning). */
	if (rc == 0 && (runtime || root)) {
		gg_runtime_report report;
		gg_runtime_report_init(&report);
		char *why = NULL;
		int lr = runtime ? gg_runtime_report_load_file(&report, root, runtime, &why)
				 : gg_runtime_report_load(&report, root, &why);
		if (lr == -ENOMEM)
			rc = lr;
		else if (lr)
			fprintf(stderr, "gradguard diagnose: warning: %s%s%s\n", runtime ? runtime : "", runtime ? ": " : "",
				why ? why : strerror(-lr));
		else
			rc = gg_runtime_report_evidence(&report, &all);
		free(why);
		gg_runtime_report_free(&report);
	}
	if (rc != 0) {
		gg_diagnoses_free(&all);
		fprintf(stderr, "gradguard diagnose: %s\n", strerror(-rc));
		return 2;
	}
	/* 1 wins over 3: an OOM found elsewhere in the log is the answer. */
	int status = 0;
	for (size_t i = 0; i < all.len; i++)
		if (all.items[i].oom.is_oom)
			status = 1;
		else if (all.items[i].kind == GG_DX_INCOMPLETE && status == 0)
			status = 3;
	if (json) {
		cJSON *o = gg_diagnoses_to_json(&all);
		char *text = o ? cJSON_Print(o) : NULL;
		cJSON_Delete(o);
		if (!text) {
			gg_diagnoses_free(&all);
			fputs("gradguard diagnose: out of memory\n", stderr);
			return 2;
		}
		puts(text);
		free(text);
	} else {
		diagnose_print_text(stdout, &all);
	}
	gg_diagnoses_free(&all);
	if (fflush(stdout) != 0)
		return 2;
	return status;
}
