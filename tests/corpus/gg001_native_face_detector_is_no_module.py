# A face-alignment step runs dlib's detector and shape predictor, native
# objects that are no torch modules, before the encoder: only the encoder's
# forward records a graph.
import dlib
import torch

detector = dlib.get_frontal_face_detector()
predictor = dlib.shape_predictor("shape_predictor_68_face_landmarks.dat")
encoder = torch.load("encoder.pt")
encoder.eval()
for image in torch.load("faces.pt"):
    boxes = detector(image.numpy(), 1)
    marks = predictor(image.numpy(), boxes[0])
    code = encoder(image[None])  # expect: GG001
