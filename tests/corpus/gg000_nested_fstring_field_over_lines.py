# A triple-quoted f-string whose replacement field holds nested f-strings and
# goes on over a line that starts at column 0, inside a function: CPython
# accepts it (a field may span lines in a triple-quoted f-string). The end of
# the first nested f-string does not end the outer one, so the line at
# column 0 is no dedent: nothing to report.
import torch


def summary(name, loss, best):
    text = f"""run {name}
{f'''best so far: {best:.3f}''' if best is not None else
f'''no best yet'''}
loss {loss:.4f}
"""
    return text


def device_line():
    return f"device: {torch.device('cpu')}"
