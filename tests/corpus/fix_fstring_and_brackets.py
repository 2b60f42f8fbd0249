import torch


def evaluate(model, loader):
    model.eval()
    for batch in loader:
        out = model(  # expect: GG001
            batch,
          )
        msg = (f"{out.sum():.3f}"
               f" items={len(batch)}")
        print(msg,
              end="\n")
