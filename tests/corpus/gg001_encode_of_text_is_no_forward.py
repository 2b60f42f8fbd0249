# A hub model's encode() of a string turns text into token ids: no forward
# takes text, so it records nothing. Its forward on those ids does.
import torch
from otherlib.models import HubWrapper


def compare(path, ported):
    ref = HubWrapper.from_pretrained(path)
    ref.eval()
    ported.eval()
    ids = ref.encode("a short sentence").unsqueeze(0)
    again = ref.encode("another " "sentence")
    return ported(ids), ref.model(again)  # expect: GG001, GG001
