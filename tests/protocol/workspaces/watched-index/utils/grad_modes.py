# Not yet a grad-mode wrapper: tests/protocol/transcripts/watched-files-python-*.json
# rewrite this file (in their own copy of the folder) so that it is one.
def inference_guard(fast=True):
    def decorate(fn):
        return fn

    return decorate


class NoTracking:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
