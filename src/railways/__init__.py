"""Railways of the World, a faithful digital edition."""

__version__ = "0.1.0"
