"""Errors of the lights and buttons layer."""

from __future__ import annotations


class DeviceError(Exception):
    """Something about the physical build is wrong; the message is meant for the person who wired it."""


class LightMapError(DeviceError, ValueError):
    """A light map does not fit the build or the board (a pin used twice, a track not covered, ...)."""


class LinkError(DeviceError):
    """The serial LED controller cannot be reached or does not speak our protocol."""
