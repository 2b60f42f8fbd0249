# A notebook export cut in the middle of an f-string: the text ends inside it.
import torch

label = f"{torch.__version__  # expect: GG000
