# Running averages for the training log, in a module that never imports
# torch. Tally.add keeps what it is handed, times a count; Mean.add turns it
# into a number first, and Summed.add binds its parameter anew to the data's
# sum before adding it, so neither keeps a graph whatever it is handed.
class Tally(object):
    def __init__(self, label):
        self.label = label
        self.reset()

    def reset(self):
        self.total = 0
        self.seen = 0

    def add(self, value, weight=1):
        self.last = value
        self.total += value * weight  # the sum keeps what value carries
        self.seen += weight

    @property
    def mean(self):
        return self.total / max(self.seen, 1)


class Mean:
    def __init__(self):
        self.total = 0.0
        self.seen = 0

    def add(self, value, weight=1):
        self.total += float(value) * weight
        self.seen += weight


class Summed(object):
    def __init__(self):
        self.total = 0
        self.count = 0

    def add(self, v):
        if hasattr(v, "data"):
            count = v.data.numel()
            v = v.data.sum()
        else:
            count = 1
        self.count += count
        self.total += v
