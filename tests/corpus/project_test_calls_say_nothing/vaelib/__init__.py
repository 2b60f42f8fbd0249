from .sampling import *
