# Named like a pytest module, but a script: it evaluates a trained
# checkpoint on the test split from its __main__ block, and holds nothing
# pytest would collect (no test functions, no Test classes, no asserts).
import torch

from detector import build_detector, test_loader


def main():
    net = build_detector()
    net.load_state_dict(torch.load("detector.pth"))
    net.eval()
    hits = 0
    for images, targets in test_loader():
        boxes = net(images)  # expect: GG001
        hits += int((boxes.argmax(1) == targets).sum())
    print(hits)


if __name__ == "__main__":
    main()
