#ifndef GG_CLI_CHECK_H
#define GG_CLI_CHECK_H

/*
 * `gradguard check [options] [PATH...]`: argv[0] is "check". Prints findings
 * to stdout and problems to stderr. Returns the exit status: 0 clean, 1
 * findings, 2 errors (usage, or a path that could not be checked).
 */
int gg_cli_check_main(int argc, char **argv);

#endif
