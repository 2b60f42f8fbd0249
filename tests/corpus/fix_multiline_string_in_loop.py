import torch


def evaluate(model, loader):
    model.eval()
    for batch in loader:
        report = """header
not indented
    indented four
"""
        out = model(batch)  # expect: GG001
        print(report, f"""{out.shape}
kept {len(report)}
""")
