from fc.decoding import greedy_decode

DECODERS = {"greedy": greedy_decode}


def evaluate(model, loader, name="greedy"):
    decode = DECODERS[name]
    return [decode(model, src, 24) for src, _ in loader]
