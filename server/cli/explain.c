/* `gradguard explain`: the texts of explain_docs.c on stdout. */
#include "cli/explain.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "config_load.h"
#include "docs_url.h"
#include "explain_docs.h"

static const char explain_usage[] =
	"usage: gradguard explain CODE|API\n"
	"\n"
	"Explains a rule (GG000, GG001, GG002, GG003) or a PyTorch API: eval, train,\n"
	"no_grad, inference_mode, set_grad_enabled, enable_grad, volatile, detach,\n"
	"item. The text is markdown, the same the editor shows on hover.\n";

/* The rule's page (docs_url.h): the working folder's docs-url, else the installed pages; NULL: none. */
static char *explain_url(const char *code)
{
	gg_config_loader *loader = gg_config_loader_new(NULL);
	const gg_config *c = NULL;
	char *error = NULL;
	if (loader && gg_config_loader_for_dir(loader, ".", &c, &error) != 0)
		c = NULL; /* a broken pyproject.toml is check's to report */
	free(error);
	char *base = c && c->docs_url ? NULL : gg_docs_installed_base();
	char *url = gg_docs_url(c && c->docs_url ? c->docs_url : base, code);
	free(base);
	gg_config_loader_delete(loader);
	return url;
}

int gg_cli_explain_main(int argc, char **argv)
{
	if (argc != 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(explain_usage, argc == 2 ? stdout : stderr);
		return argc == 2 ? 0 : 2;
	}
	const char *name = argv[1];
	/* "gg001" reads as GG001; "torch.no_grad" and "model.eval" as their last name. */
	char code[8] = "";
	if (strlen(name) == 5) {
		for (int i = 0; i < 5; i++)
			code[i] = (char)toupper((unsigned char)name[i]);
		code[5] = '\0';
	}
	const char *text = gg_docs_rule(code);
	const gg_rule_info *rule = text ? gg_rule_lookup(code) : NULL;
	if (!text) {
		const char *dot = strrchr(name, '.');
		char *last = strdup(dot ? dot + 1 : name);
		if (!last) {
			fputs("gradguard: out of memory\n", stderr);
			return 2;
		}
		last[strcspn(last, "(")] = '\0';
		text = gg_docs_api(last);
		free(last);
	}
	if (!text) {
		fprintf(stderr, "gradguard: nothing to explain for '%s'\n\n%s", name, explain_usage);
		return 2;
	}
	fputs(text, stdout);
	if (rule) {
		char *url = explain_url(rule->code);
		printf("\nDefault severity: %s.%s%s\n", rule->severity == GG_SEVERITY_ERROR ? "error" : "warning",
		       url ? " Documentation: " : "", url ? url : "");
		free(url);
	}
	return fflush(stdout) == 0 ? 0 : 2;
}
