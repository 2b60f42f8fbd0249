# A function of the file whose name ends in a model word (measure_model,
# benchmark_net) is called, not run as a model: what it returns is what its
# body builds (here a dict of rounded numbers), not a forward's output.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--names", default="small,large")


def measure_model(name, batch_size=1):
    net = build(name)
    params = sum(p.numel() for p in net.parameters())
    return {"name": name, "params": round(params / 1e6, 2), "batch": batch_size}


def main():
    args = parser.parse_args()
    rows = []
    failed = []
    for name in args.names.split(","):
        print(f"measuring {name}")
        try:
            row = measure_model(name, batch_size=4)
            rows.append(row)
        except Exception as e:
            print(f"{name}: {e}")
            failed.append(name)
    save_table(rows, failed)


def train(model, loader, opt):
    losses = []
    for x, y in loader:
        loss = model(x, y)
        loss.backward()
        opt.step()
        losses.append(loss)  # expect: GG002
    return losses
