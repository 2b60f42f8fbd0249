import torch
from sentencepiece import SentencePieceProcessor


# Objects of packages that are not torch are not modules, whatever their
# names say (queries/libraries.txt lists the packages).
class PieceTokenizer:
    def __init__(self, path):
        self.sp_model = SentencePieceProcessor(model_file=path)

    def decode(self, ids):
        text = ""
        for chunk in ids:
            text += self.sp_model.decode(chunk)
        return text
