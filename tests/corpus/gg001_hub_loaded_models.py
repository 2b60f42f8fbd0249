# What a loader returns can depend on what it loads. YOLOv5's hub entry
# points return an AutoShape wrapper whose forward already runs under
# inference mode, and ultralytics' YOLO objects predict under inference
# mode too (queries/libraries.txt): calling them is no forward with grad on.
# Any other hub model is an ordinary module, and running it after .eval()
# with grad on is reported.
import torch
from ultralytics import YOLO

detector = torch.hub.load("ultralytics/yolov5", "yolov5s")
boxes = detector("street.jpg")

tracker = YOLO("weights.pt")
found = tracker("street.jpg")
again = tracker.predict("street.jpg")

backbone = torch.hub.load("someone/vision-zoo", "small_vit")
backbone.eval()
features = backbone(torch.randn(1, 3, 224, 224))  # expect: GG001
