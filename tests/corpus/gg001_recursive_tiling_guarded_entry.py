# A tiling helper calls itself on halves of its input: its calls of itself
# run in whatever grad mode its entry does. Entered under no_grad it records
# nothing; entered once more with grad on, that call is the mistake.
import torch


def infer_tiled(model, image, depth=0):
    if depth >= 2:
        return model(image)  # expect: GG001; says: called with autograd on from module level on line 22
    left, right = image.chunk(2, dim=-1)
    return torch.cat([infer_tiled(model, left, depth + 1), infer_tiled(model, right, depth + 1)], dim=-1)


if __name__ == "__main__":
    net = torch.load("restorer.pt")
    net.eval()
    with torch.no_grad():
        for k in range(8):
            torch.save(infer_tiled(net, torch.load(f"noisy_{k}.pt")), f"clean_{k}.pt")
    # One more image, outside the with: grad on for every tile.
    extra = torch.load("noisy_extra.pt")
    torch.save(infer_tiled(net, extra), "clean_extra.pt")
