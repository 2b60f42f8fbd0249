# Valid Python the grammar does not parse (a starred item in a bare
# expression list): CPython runs it, so it is no syntax error to report.
import torch


def split(endpoint):
    host, *rest = endpoint, *[]
    return host, *(len(r) for r in rest)
