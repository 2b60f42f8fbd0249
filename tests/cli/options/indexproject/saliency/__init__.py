from .guided import InputSaliency
