# A module whose parameters are all frozen, run on plain data, records no
# graph: requires_grad_(False) on it, or a loop that clears requires_grad
# over its parameters. An unfrozen one in the same shape is reported.
import torchvision


def embed_all(loader):
    trunk = torchvision.models.resnet18()
    trunk.requires_grad_(False)
    trunk.eval()
    rows = []
    for pixels, _ in loader:
        rows.append(trunk(pixels))
    return rows


def embed_loop_frozen(loader):
    tower = torchvision.models.resnet34()
    for weight in tower.parameters():
        weight.requires_grad = False
    tower.eval()
    rows = []
    for pixels, _ in loader:
        rows.append(tower(pixels))
    return rows


def embed_live(loader):
    tower = torchvision.models.resnet34()
    tower.eval()
    rows = []
    for pixels, _ in loader:
        rows.append(tower(pixels))  # expect: GG001, GG002
    return rows
