from .base import Processor
from .squeeze import Squeeze
