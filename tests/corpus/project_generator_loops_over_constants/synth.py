# A generator of synthetic signals: its name says "generate" and it loops,
# but over settings written out in the code, not over data, and the
# transmitter it runs was neither loaded nor trained. The windows cut from
# its output carry only what that output carries, and the transmitter's
# output is no evidence of a graph. The last function runs a trained
# network over a test split.
import torch

from radio import Transmitter, Windows


def generate_signals(n):
    out = []
    for scheme in ["bpsk", "qpsk", "qam16"]:
        tx = Transmitter(scheme)
        out.append(tx.modulate(n))
    return torch.cat(out)


def generate_examples(n, width):
    cut = Windows(width=width, offset=8)
    examples = []
    for scheme in ["bpsk", "qpsk", "qam16"]:
        iq = cut(Transmitter(scheme).modulate(n))
        examples.append(iq)
    return torch.cat(examples)


def predict_split(net, test_loader):
    net.load_state_dict(torch.load("net.pt"))
    return [net(x).argmax(1) for x, _ in test_loader]  # expect: GG001
