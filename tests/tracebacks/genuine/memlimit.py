"""Caps this process's address space a fixed budget above what it uses now.

The same limit as `ulimit -v`, but measured from the process itself after
torch and the model are loaded, so that it holds on any machine whatever
torch's import maps: the budget is what the loop may allocate on top.
"""
import resource


def vm_size_bytes():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmSize in /proc/self/status")


def limit_memory(budget_mb):
    cap = vm_size_bytes() + budget_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
