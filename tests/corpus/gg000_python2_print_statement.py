# Python 2's print statement parses in the grammar but not in Python 3: a
# syntax error of its own (CPython: "Missing parentheses in call to 'print'"),
# never a silent pass. print(...) and a parenthesised print are fine.
import torch


def report(loss):
    print("loss", loss)
    print ("again", loss)
    print "epoch done"  # expect: GG000; says: Missing parentheses in call to 'print'
    return torch.tensor(loss)
