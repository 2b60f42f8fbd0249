# Not a module: no base, and no torch in this file at all.
class WordEncoder(object):
    def __init__(self, path):
        self.path = path

    def encode(self, texts):
        return [len(t) for t in texts]
