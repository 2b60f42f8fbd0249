import pandas as pd
import torch


def summarize(frames):
    previews = []
    for df in frames:
        head = df.head(5)
        previews.append(df.head(3))
        previews.append(head)
    return previews
