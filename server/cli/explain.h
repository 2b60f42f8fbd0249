#ifndef GG_CLI_EXPLAIN_H
#define GG_CLI_EXPLAIN_H

/*
 * `gradguard explain CODE|API`: prints the explanation of a rule (GG001) or
 * of a PyTorch API gradguard knows (no_grad, eval...), the same text hover
 * shows. Returns the exit status: 0, or 2 for an unknown name.
 */
int gg_cli_explain_main(int argc, char **argv);

#endif
