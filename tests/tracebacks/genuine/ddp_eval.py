"""Evaluation without torch.no_grad() in a job that torchrun launches: every
rank evaluates its shard, and the rank with the least memory runs out first.

    torchrun --standalone --nproc-per-node 2 ddp_eval.py BUDGET_MB

Rank 1 gets BUDGET_MB, the others ten times as much, so the failure and the
rank that caused it are known. The gloo backend: the ranks may share one
device, or run on the CPU.
"""
import sys

import torch
import torch.distributed as dist

from memlimit import limit_memory
from model import batches, make_model


def evaluate(model, loader):
    model.eval()
    total = 0.0
    for x in loader:
        out = model(x)
        total += float(out.sum())
    return total


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    model = make_model()
    loader = batches()
    budget = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    limit_memory(budget if rank == 1 else budget * 10)
    dist.barrier()
    score = torch.tensor([evaluate(model, loader)])
    dist.all_reduce(score)
    if rank == 0:
        print("score", float(score))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
