# A step that tokenizes and resizes frames with a library processor: built on
# the plain base in another file, so plain itself, whatever its instances
# are named.
from transformers import AutoProcessor

from steps.base import Step


class EncodeStep(Step):
    def __init__(self, checkpoint):
        self.processor = AutoProcessor.from_pretrained(checkpoint)

    def __call__(self, item):
        return self.processor(images=item, return_tensors="pt")
