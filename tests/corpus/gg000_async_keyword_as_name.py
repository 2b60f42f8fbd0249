# Code of the Python 3.6 era passes `async=True` to .cuda(): `async` and
# `await` are keywords since Python 3.7, and the grammar still takes them as
# names. CPython refuses the file ("invalid syntax"), so it is reported, and
# --fix leaves the file alone. Real coroutines are fine.
import torch


async def fetch(queue):
    batch = await queue.get()
    async with queue.lock:
        return batch


def to_device(images, labels):
    images = images.cuda()
    labels = labels.cuda(async=True)  # expect: GG000; says: invalid syntax
    return images, labels
