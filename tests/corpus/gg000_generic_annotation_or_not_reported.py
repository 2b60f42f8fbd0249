# Valid Python the grammar does not parse: an annotation that is a generic
# type inside a larger expression (`tuple[int, int] or None`, written for
# Optional before `|` was allowed). CPython runs it; no syntax error.
import torch
from typing import List

crop_size: tuple[int, int] or None = None


def resize(image, size: tuple[int, int] or None = None, *, scales: List[float] and list = None):
    return image if size is None else torch.nn.functional.interpolate(image, size=size)


def pick(choices: dict[str, int] if crop_size else None = None) -> list[int] or None:
    return None if choices is None else list(choices.values())


class Cropper:
    margin: list[int] or None = None
