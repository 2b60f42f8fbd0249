from some_framework import Variable


def build(x):
    return Variable(x, volatile=True)
