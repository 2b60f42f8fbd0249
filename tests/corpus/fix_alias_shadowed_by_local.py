import torch as t


def best_box(detector, image, threshold):
    detector.eval()
    boxes = detector([image])  # expect: GG001; fix: safe
    scores = [float(s) for s in boxes[0]["scores"]]
    # A local of the same name as the module's alias: the whole function reads
    # `t` as this local, so `with t.no_grad():` above it would raise
    # UnboundLocalError. The fix names torch itself, imported for it.
    t = [i for i, s in enumerate(scores) if s > threshold]
    return boxes, t


class Scorer:
    t = 0.5  # a class attribute of the same name: the class body's own

    def score(self, net, batch):
        net.eval()
        return net(batch)  # expect: GG001; fix: safe


def plain(net, batch):
    # Nothing here binds t: the module's alias is written.
    net.eval()
    return net(batch)  # expect: GG001; fix: safe


if __name__ == "__main__":
    for lib in (t,):  # a read of the alias binds nothing
        print(lib.__version__)
    model = t.load("detector.pt")
    print(best_box(model, t.zeros(3, 32, 32), 0.5))
    print(Scorer().score(model, t.zeros(1, 3, 32, 32)))
    print(plain(model, t.zeros(1, 3, 32, 32)))
