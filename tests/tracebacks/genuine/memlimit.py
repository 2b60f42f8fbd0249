"""Caps this process's memory a fixed budget above what it uses now.

On the CPU, the same limit as `ulimit -v`, but measured from the process
itself after torch and the model are loaded, so that it holds on any machine
whatever torch's import maps: the budget is what the loop may allocate on top.

On a GPU (GG_DEVICE=cuda), PyTorch's caching allocator is capped the same
way: with GG_CUDA_CAP=fraction (the default) by
torch.cuda.set_per_process_memory_fraction, so that several processes can
share one card; with GG_CUDA_CAP=fill by taking all the card's free memory
but the budget, as a large model or another job does, which gives the
message users most often paste ("... of which 600.00 MiB is free").
"""
import os
import resource

_held = []  # the memory GG_CUDA_CAP=fill takes, kept for the process's life


def vm_size_bytes():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmSize in /proc/self/status")


def limit_memory(budget_mb):
    """Caps memory budget_mb MiB above what is in use now (0: no cap)."""
    if budget_mb <= 0:
        return
    import torch
    from model import DEVICE
    budget = budget_mb * 1024 * 1024
    if DEVICE.type == "cuda":
        torch.cuda.synchronize(DEVICE)
        if os.environ.get("GG_CUDA_CAP", "fraction") == "fill":
            free, _ = torch.cuda.mem_get_info(DEVICE)
            _held.append(torch.empty(max(free - budget, 0), dtype=torch.uint8, device=DEVICE))
        else:
            index = DEVICE.index if DEVICE.index is not None else torch.cuda.current_device()
            total = torch.cuda.get_device_properties(index).total_memory
            torch.cuda.set_per_process_memory_fraction(
                min(1.0, (torch.cuda.memory_reserved(index) + budget) / total), index)
        return
    cap = vm_size_bytes() + budget
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
