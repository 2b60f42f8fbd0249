from typing import TYPE_CHECKING

import torch

if TYPE_CHECKING:
    from .network import Recognizer


def transcribe_all(model: "Recognizer", clips):
    model.eval()

    def attempt(clip):
        # decode is search.run_search, which turns grad off itself.
        return model.decode(clip)

    return [attempt(clip) for clip in clips]


def score_clips(model: "Recognizer", clips):
    model.eval()
    return [model.encode(clip) for clip in clips]  # expect: GG001


def transcribe_untyped(model, clips):
    # Nothing says what model is: decode is a forward of a model here.
    model.eval()
    return [model.decode(clip) for clip in clips]  # expect: GG001


def main(build_other, clips):
    # Another function's local of the same name says nothing of transcribe_all's parameter.
    model = build_other()
    return transcribe_all(model, clips)
