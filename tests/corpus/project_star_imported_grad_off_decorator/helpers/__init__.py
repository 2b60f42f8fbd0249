from helpers.running import *
