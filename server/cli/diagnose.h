#ifndef GG_CLI_DIAGNOSE_H
#define GG_CLI_DIAGNOSE_H

/* `gradguard diagnose [FILE|-] [--root DIR] [--output-format text|json]`; argv[0] is "diagnose". */
int gg_cli_diagnose_main(int argc, char **argv);

#endif
