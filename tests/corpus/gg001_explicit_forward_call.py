import torch


def run_inference(net, batches):
    net.eval()
    results = []
    for batch in batches:
        results.append(net.forward(batch))  # expect: GG001, GG002
    return results
