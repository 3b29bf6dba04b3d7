"""The version, apart from the package facade so that modules inside the package never import the facade."""

__version__ = "0.1.0"
